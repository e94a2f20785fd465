/**
 * Stripe webhooks under load: two server processes (the TypeScript sources) on one throwaway
 * PostgreSQL, with the fake Stripe, the fake XUI.ONE panel (answering after `--panel-ms`) and an
 * SMTP sink. Trial customers, each with a line on the panel, get a Stripe checkout through the
 * admin API and pay on the fake; their `checkout.session.completed` events, signed as Stripe
 * signs them, then arrive at `--rate` a second, alternating between the processes, a share of
 * them (`--duplicates`) repeating an earlier event at the other process, some at the same moment.
 * Prints p50/p95/max from each payment's first webhook to its subscription extended in the
 * database and to its line's expiry extended on the panel, and of each delivery's answer time,
 * next to a baseline at a low rate in the same run, and checks that every payment settled exactly
 * once; exits non-zero when a p95 target (issues 31 and 41) is missed or a check fails.
 *
 *   npx tsx bench/payment-webhooks/run.ts [--seconds 30] [--rate 50] [--duplicates 0.1]
 *     [--baseline-seconds 5] [--baseline-rate 5] [--panel-ms 200]
 */
import { cpus } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { postWebhook, stripeSignature } from '../../server/test/fake-provider-http'
import { startFakeStripe } from '../../server/test/fake-stripe'
import { startFakeSupplier } from '../../server/test/fake-supplier'
import { createClient } from '../../server/test/http-client'
import { mailFrom } from '../../server/test/mail-server'
import { paymentEnv } from '../../server/test/payment-fixtures'
import { createThrowawayDatabase, startPostgresCluster } from '../../server/test/postgres-cluster'
import { stopServerProcess, waitForHealth } from '../../server/test/server-process'
import { startSmtpSink } from '../../server/test/smtp-sink'
import { benchOwner, startBenchServer } from '../lib/bench-server'
import { percentiles, printTable } from '../lib/measure'
import { loadAverage, processCpuMs } from '../lib/process-cpu'
import { checkSettledOnce } from './checks'
import { planSends } from './schedule'
import { seedPaidCheckouts, type PaidCheckout } from './seed'
import { watchExtensions } from './watch'

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    rate: { type: 'string', default: '50' },
    duplicates: { type: 'string', default: '0.1' },
    'baseline-seconds': { type: 'string', default: '5' },
    'baseline-rate': { type: 'string', default: '5' },
    'panel-ms': { type: 'string', default: '200' },
  },
})
const rate = Number(options.rate)
const baselineRate = Number(options['baseline-rate'])
const duplicateShare = Number(options.duplicates)
const panelMs = Number(options['panel-ms'])
// Issue 31, item 9 (the subscription and the line); issue 41, item 7 (the answer).
const targets = { database: 5_000, panel: 5_000, answer: 1_000 }
// A payment not seen extended this long after the last webhook counts as never extended.
const drainMs = 60_000
const firstsIn = (seconds: number, perSecond: number) =>
  Math.max(1, Math.round(seconds * perSecond * (1 - duplicateShare)))
/** p50, p95 and max of latency samples, NaN when there are none. */
function summary(samples: number[]) {
  if (!samples.length) return { p50: NaN, p95: NaN, max: NaN }
  const { p50, p95 } = percentiles(samples)
  return { p50, p95, max: Math.max(...samples) }
}
const seconds = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(2)} s` : '–')

const cluster = await startPostgresCluster()
const database = await createThrowawayDatabase(cluster.adminUrl, { prefix: 'payhooks' })
const supplier = await startFakeSupplier({ credits: 10_000_000, slowMs: panelMs })
const stripe = await startFakeStripe()
const smtp = await startSmtpSink()
const db = new pg.Client(database.url)
const stops: (() => Promise<unknown>)[] = []

try {
  const env = {
    ...paymentEnv({ stripe }),
    DATABASE_URL: database.url,
    SUPPLIER_API_URL: supplier.apiUrl,
    SUPPLIER_API_KEY: supplier.apiKey,
    SMTP_URL: smtp.url,
    MAIL_FROM: mailFrom,
  }
  const servers = await Promise.all([0, 1].map(() => startBenchServer(env, 'source', '.')))
  for (const { server } of servers) stops.push(() => stopServerProcess(server))
  await Promise.all(servers.map(({ baseUrl, server }) => waitForHealth(baseUrl, server)))
  const admins = servers.map(({ baseUrl }) => createClient(baseUrl))
  for (const admin of admins) await admin.login(benchOwner.username, benchOwner.password)
  for (const [path, body] of [
    ['/api/settings/supplier', { packageId: '3, 5', gracePeriodDays: 0, creditAlertThreshold: 10 }],
    [
      '/api/settings/platform',
      { trialDurationHours: 24, maxConcurrentStreams: 2, autoStartTrials: false },
    ],
  ] as const) {
    const saved = await admins[0]!.put(path, body)
    if (saved.status !== 200) throw new Error(`${path}: ${JSON.stringify(saved.body)}`)
  }
  const plans =
    await admins[0]!.get<{ id: string; billingPeriod: string; active: boolean }[]>('/api/plans')
  const plan = plans.body.find((p) => p.active && p.billingPeriod === 'quarterly')
  if (!plan) throw new Error(`no active quarterly plan: ${JSON.stringify(plans.body)}`)

  const panelExpiries = () =>
    new Map(supplier.lines.map((line) => [line.username, Number(line.exp_date)]))
  const baselineCount = firstsIn(Number(options['baseline-seconds']), baselineRate)
  const mainCount = firstsIn(Number(options.seconds), rate)
  const seedStarted = Date.now()
  const checkouts = await seedPaidCheckouts(
    {
      admins,
      stripe,
      planId: plan.id,
      panelExpiry: (username) => panelExpiries().get(username) ?? null,
    },
    baselineCount + mainCount,
    0,
  )
  console.log(
    `Seeded ${checkouts.length} trial customers with a line and a paid Stripe checkout ` +
      `in ${seconds(Date.now() - seedStarted)}`,
  )
  // The panel answers as slowly as a real one from here on.
  if (panelMs > 0) supplier.setMode('slow')
  await db.connect()

  /** Sends the window's webhooks on schedule, then waits until each payment is seen extended. */
  async function runWindow(windowCheckouts: PaidCheckout[], perSecond: number) {
    const sends = planSends(windowCheckouts, perSecond, duplicateShare)
    const firstSentAt = new Map<string, number>()
    const answerMs: number[] = []
    let deadline = Infinity
    const watch = watchExtensions({ db, panelExpiries }, windowCheckouts, {
      stop: () => Date.now() > deadline,
    })
    const serversCpuMs = () =>
      servers.reduce((sum, { server }) => sum + (processCpuMs(server.child.pid!) ?? NaN), 0)
    const cpuBefore = serversCpuMs()
    const loadBefore = loadAverage()
    const started = Date.now()
    const deliveries: Promise<number>[] = []
    for (const { item, atMs, target } of sends) {
      await sleep(Math.max(0, started + atMs - Date.now()))
      const sentAt = Date.now()
      if (!firstSentAt.has(item.paymentId)) firstSentAt.set(item.paymentId, sentAt)
      const payload = JSON.stringify(item.event)
      const signature = stripeSignature(payload, stripe.webhookSecret, Math.floor(sentAt / 1000))
      const url = `${servers[target]!.baseUrl}/api/payments/stripe/webhook`
      deliveries.push(
        postWebhook(url, payload, { 'stripe-signature': signature }).then((status) => {
          answerMs.push(Date.now() - sentAt)
          return status
        }),
      )
    }
    const statuses = await Promise.all(deliveries)
    const cpuMs = serversCpuMs() - cpuBefore
    deadline = Date.now() + drainMs
    await watch.done
    const latencies = (stamps: Map<string, number>) => {
      const seen = windowCheckouts.filter(({ paymentId }) => stamps.has(paymentId))
      return {
        ...summary(
          seen.map(({ paymentId }) => stamps.get(paymentId)! - firstSentAt.get(paymentId)!),
        ),
        unseen: windowCheckouts.length - seen.length,
      }
    }
    return {
      payments: windowCheckouts.length,
      webhooks: sends.length,
      cpuMsPerWebhook: cpuMs / sends.length,
      load: [loadBefore, loadAverage()],
      refused: statuses.filter((status) => status !== 200),
      answer: { ...summary(answerMs), unseen: 0 },
      database: latencies(watch.seen.databaseAt),
      panel: latencies(watch.seen.panelAt),
    }
  }

  const baseline = await runWindow(checkouts.slice(0, baselineCount), baselineRate)
  const loaded = await runWindow(checkouts.slice(baselineCount), rate)
  // A late duplicate or a retry round would show as a second extension within a moment.
  await sleep(2_000)
  const checks = await checkSettledOnce(db, checkouts, supplier.lines)
  const refused = [...baseline.refused, ...loaded.refused]
  checks.push({
    name: 'every delivery answered 200',
    problem: refused.length
      ? `${refused.length} answered ${[...new Set(refused)].join(', ')}`
      : null,
  })

  console.log(
    `Stripe checkout.session.completed webhooks, ${duplicateShare * 100}% duplicates at the ` +
      `other process, two processes on PostgreSQL, panel answering after ${panelMs} ms`,
  )
  type Window = typeof baseline
  const row = (name: string, window: Window, measure: 'answer' | 'database' | 'panel') => [
    name,
    String(window.payments),
    String(window.webhooks),
    seconds(window[measure].p50),
    seconds(window[measure].p95),
    seconds(window[measure].max),
    measure === 'answer' ? '' : String(window[measure].unseen),
  ]
  const windows = [
    [`baseline, ${baselineRate}/s`, baseline],
    [`${rate}/s`, loaded],
  ] as const
  printTable(
    ['first webhook →', 'payments', 'webhooks', 'p50', 'p95', 'max', 'never'],
    windows.flatMap(([name, window]) => [
      row(`${name}: subscription extended`, window, 'database'),
      row(`${name}: panel line extended`, window, 'panel'),
      row(`${name}: webhook answered`, window, 'answer'),
    ]),
  )
  for (const [name, window] of windows) {
    console.log(
      `${name}: server CPU ${window.cpuMsPerWebhook.toFixed(1)} ms per webhook (both processes, ` +
        `until the last answer); machine load ${window.load.join(' → ')} (${cpus().length} cores)`,
    )
  }
  const ratio = (measure: 'database' | 'panel') =>
    (loaded[measure].p95 / baseline[measure].p95).toFixed(1)
  console.log(
    `p95 at ${rate}/s as a ratio of the baseline's: subscription ${ratio('database')}×, ` +
      `panel line ${ratio('panel')}×`,
  )
  for (const { name, problem } of checks)
    console.log(`${problem ? '✗' : '✓'} ${name}${problem ? `: ${problem}` : ''}`)
  const misses = [
    ...(['database', 'panel', 'answer'] as const)
      .filter((measure) => !(loaded[measure].p95 <= targets[measure]))
      .map(
        (measure) =>
          `${measure} p95 ${seconds(loaded[measure].p95)} > ${seconds(targets[measure])}`,
      ),
    ...checks.filter(({ problem }) => problem).map(({ name }) => name),
  ]
  console.log(misses.length ? `MISSED: ${misses.join('; ')}` : 'All targets met.')
  process.exitCode = misses.length ? 1 : 0
} finally {
  await db.end().catch(() => {})
  await Promise.all(stops.map((stop) => stop().catch(() => {})))
  await smtp.close()
  await stripe.close()
  await supplier.close()
  await database.drop().catch(() => {})
  await cluster.stop()
}
