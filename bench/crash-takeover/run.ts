/**
 * Crashes under the trial autopilot: two server processes (the TypeScript sources) on one
 * throwaway PostgreSQL, with the fake XUI.ONE panel (answering after `--panel-ms`, as a real one
 * does) and a real SMTP server on loopback. Start trials automatically is on; trusted trial
 * requests arrive at a steady rate, each at a live process as a load balancer would send it. A
 * baseline window runs with no kill; in the next, one process at a time is killed at random
 * (SIGKILL) a few times and started again. Prints, for both, p50/p95/max from each request to its
 * login e-mail's arrival (and the kills' p95 as a ratio of the baseline's), logins lost, e-mails
 * sent twice and second lines on the panel; exits non-zero when a target (issue 30) is missed.
 *
 *   npx tsx bench/crash-takeover/run.ts [--seconds 60] [--baseline-seconds 20] [--rate 2]
 *     [--kills 4] [--panel-ms 200]
 */
import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import type { ParsedMail } from 'mailparser'
import pg from 'pg'
import { startFakeSupplier } from '../../server/test/fake-supplier'
import { createClient } from '../../server/test/http-client'
import { mailFrom } from '../../server/test/mail-server'
import { createThrowawayDatabase, startPostgresCluster } from '../../server/test/postgres-cluster'
import { freePort } from '../../server/test/free-port'
import {
  startServerProcess,
  stopServerProcess,
  waitForHealth,
} from '../../server/test/server-process'
import { startSmtpSink } from '../../server/test/smtp-sink'
import { benchOwner } from '../lib/bench-server'
import { percentiles, printTable } from '../lib/measure'

const { values: options } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    'baseline-seconds': { type: 'string', default: '20' },
    rate: { type: 'string', default: '2' },
    kills: { type: 'string', default: '4' },
    'panel-ms': { type: 'string', default: '200' },
  },
})
const windowMs = Number(options.seconds) * 1000
const baselineMs = Number(options['baseline-seconds']) * 1000
const requestEveryMs = 1000 / Number(options.rate)
const killCount = Number(options.kills)
// Issue 30, item 9. A kill between the mail server's acceptance and our record of it sends that
// e-mail again with its Message-ID (SMTP has no way to ask); a copy under another id is a fault.
const targets = { p95Ms: 15_000, lost: 0, otherIdCopies: 0, secondLines: 0 }
// Stragglers may take a lease and a poll more than the target; past this they count as lost.
const drainMs = 45_000
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

type Sent = { email: string; sentAt: number }
type Slot = { name: string; baseUrl: string; isLive: boolean; kill: () => Promise<void> }

const cluster = await startPostgresCluster()
const database = await createThrowawayDatabase(cluster.adminUrl, { prefix: 'crash' })
const supplier = await startFakeSupplier({
  credits: 1_000_000,
  slowMs: Number(options['panel-ms']),
})
if (Number(options['panel-ms']) > 0) supplier.setMode('slow')
const smtp = await startSmtpSink()
const env = {
  DATABASE_URL: database.url,
  SUPPLIER_API_URL: supplier.apiUrl,
  SUPPLIER_API_KEY: supplier.apiKey,
  SMTP_URL: smtp.url,
  MAIL_FROM: mailFrom,
  // Each visitor comes from a network of their own (X-Forwarded-For), as behind a proxy.
  TRUST_PROXY: '1',
}

/** A process slot on its own port: started now, and again on that port after each kill. */
async function startSlot(name: string): Promise<Slot> {
  const port = await freePort()
  const start = () =>
    startServerProcess({
      ...env,
      PORT: String(port),
      ADMIN_USERNAME: benchOwner.username,
      ADMIN_PASSWORD: benchOwner.password,
      LOG_LEVEL: 'error',
    })
  let running = start()
  const slot: Slot = {
    name,
    baseUrl: `http://127.0.0.1:${port}`,
    isLive: false,
    async kill() {
      slot.isLive = false
      running.child.kill('SIGKILL')
      await running.exited
      running = start()
      waitForHealth(slot.baseUrl, running).then(
        () => (slot.isLive = true),
        (error: unknown) => console.error(`${name} did not come back:`, error),
      )
    },
  }
  stops.push(() => stopServerProcess(running))
  await waitForHealth(slot.baseUrl, running)
  slot.isLive = true
  return slot
}
const stops: (() => Promise<unknown>)[] = []

/** One visitor's request, at a live process; retried elsewhere (same request id) if it dies. */
async function requestTrial(slots: Slot[], index: number): Promise<Sent | null> {
  const sentAt = Date.now()
  const body = JSON.stringify({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `viewer.${index}@example.com`,
    plan: 'Starter',
    clientRequestId: randomUUID(),
  })
  const forwardedFor = `10.${Math.floor(index / 256) % 256}.${index % 256}.7`
  for (let attempt = 0; attempt < 20; attempt++) {
    const live = slots.filter((slot) => slot.isLive)
    const slot = live[Math.floor(Math.random() * live.length)]
    if (!slot) {
      await sleep(250)
      continue
    }
    const answer = await fetch(`${slot.baseUrl}/api/trial-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body,
    }).catch(() => null)
    if (!answer) continue
    // 200: a retry of a request the killed process had already taken (the same request id).
    const receipt = (await answer.json()) as { subscriptionId?: string }
    if (![200, 201].includes(answer.status) || !receipt.subscriptionId) {
      throw new Error(`trial request ${index}: ${answer.status} ${JSON.stringify(receipt)}`)
    }
    return { email: `viewer.${index}@example.com`, sentAt }
  }
  return null
}

const recipientOf = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '')

try {
  const slots = await Promise.all(['A', 'B'].map(startSlot))
  const admin = createClient(slots[0]!.baseUrl)
  await admin.login(benchOwner.username, benchOwner.password)
  for (const [path, body] of [
    ['/api/settings/supplier', { packageId: '3, 5', gracePeriodDays: 0, creditAlertThreshold: 10 }],
    [
      '/api/settings/platform',
      { trialDurationHours: 24, maxConcurrentStreams: 2, autoStartTrials: true },
    ],
  ] as const) {
    const saved = await admin.put(path, body)
    if (saved.status !== 200) throw new Error(`${path}: ${JSON.stringify(saved.body)}`)
  }

  // Each login's arrival, stamped as the sink takes it (polled every 20 ms).
  const arrivals: { mail: ParsedMail; at: number }[] = []
  const stamp = setInterval(() => {
    for (const mail of smtp.received.slice(arrivals.length)) arrivals.push({ mail, at: Date.now() })
  }, 20)

  const loginsTo = (email: string) =>
    arrivals.filter(({ mail }) => recipientOf(mail) === email && /login/i.test(mail.subject ?? ''))

  /**
   * Sends requests at the rate for `durationMs` (numbered from `firstIndex`, so each window has
   * addresses of its own) with `kills` kills spread over it, then waits for their logins.
   */
  async function runWindow(durationMs: number, kills: number, firstIndex: number) {
    // One kill in each equal part of the window, at a random moment of its middle half.
    const started = Date.now()
    const killed: string[] = []
    const killing = (async () => {
      for (let k = 0; k < kills; k++) {
        const part = durationMs / kills
        const at = started + k * part + part * (0.25 + Math.random() * 0.5)
        await sleep(Math.max(0, at - Date.now()))
        const live = slots.filter((slot) => slot.isLive)
        const victim = live[Math.floor(Math.random() * live.length)]
        if (!victim) continue
        killed.push(`${victim.name} at ${seconds(Date.now() - started)}`)
        await victim.kill()
      }
    })()

    const requests: Promise<Sent | null>[] = []
    for (let n = 0; Date.now() - started < durationMs; n++) {
      const request = requestTrial(slots, firstIndex + n)
      // Awaited below; a failure then still reaches the clean-up.
      request.catch(() => {})
      requests.push(request)
      await sleep(Math.max(0, started + (n + 1) * requestEveryMs - Date.now()))
    }
    const sent = (await Promise.all(requests)).filter((request) => request !== null)
    await killing

    const drainUntil = Date.now() + drainMs
    while (Date.now() < drainUntil && sent.some(({ email }) => loginsTo(email).length === 0)) {
      await sleep(100)
    }
    // Late second copies (a takeover after a kill) have a lease and a poll to show up.
    await sleep(3_000)

    const latencies: number[] = []
    let lost = 0
    let duplicates = 0
    let sameMessageId = 0
    for (const { email, sentAt } of sent) {
      const logins = loginsTo(email)
      if (!logins.length) lost += 1
      else latencies.push(logins[0]!.at - sentAt)
      duplicates += Math.max(0, logins.length - 1)
      sameMessageId += logins
        .slice(1)
        .filter(({ mail }) => mail.messageId === logins[0]!.mail.messageId).length
    }
    const { p50, p95 } = latencies.length ? percentiles(latencies) : { p50: NaN, p95: NaN }
    const max = latencies.length ? Math.max(...latencies) : NaN
    const unsent = requests.length - sent.length
    return {
      requests: requests.length,
      unsent,
      killed,
      p50,
      p95,
      max,
      lost,
      duplicates,
      sameMessageId,
    }
  }

  const baseline = await runWindow(baselineMs, 0, 0)
  const withKills = await runWindow(windowMs, killCount, baseline.requests)
  clearInterval(stamp)

  // Every stored request, including one whose answer died with its process.
  const client = new pg.Client(database.url)
  await client.connect()
  const stored = await client.query<{ id: string }>(
    'select subscription_id as id from trial_requests',
  )
  await client.end()
  const usernames = new Set(stored.rows.map(({ id }) => `sl${id.slice(4).toLowerCase()}`))
  const panelLines = supplier.lines
  const secondLines =
    panelLines.filter((line) => !usernames.has(line.username)).length +
    [...usernames].reduce(
      (sum, name) =>
        sum + Math.max(0, panelLines.filter((line) => line.username === name).length - 1),
      0,
    )
  console.log(
    `${options.rate} trial requests/s, panel answering after ${options['panel-ms']} ms; ` +
      `${seconds(baselineMs)} with no kill, then ${seconds(windowMs)} with kills: ` +
      (withKills.killed.join(', ') || 'none'),
  )
  const unsent = baseline.unsent + withKills.unsent
  if (unsent) console.log(`${unsent} requests found no live process to take them`)
  const row = (name: string, window: typeof baseline) => [
    name,
    String(window.requests),
    seconds(window.p50),
    seconds(window.p95),
    seconds(window.max),
    String(window.lost),
    `${window.duplicates} (${window.sameMessageId} same Message-ID)`,
  ]
  printTable(
    ['request → login e-mail', 'requests', 'p50', 'p95', 'max', 'lost', 'sent twice'],
    [row('no kill (baseline)', baseline), row('with kills', withKills)],
  )
  console.log(
    `p95 with kills: ${(withKills.p95 / baseline.p95).toFixed(1)}× the baseline's; ` +
      `second lines on the panel: ${secondLines}`,
  )
  const { p95 } = withKills
  const lost = baseline.lost + withKills.lost
  const duplicates = baseline.duplicates + withKills.duplicates
  const sameMessageId = baseline.sameMessageId + withKills.sameMessageId
  const misses = [
    p95 > targets.p95Ms && `p95 ${seconds(p95)} > ${seconds(targets.p95Ms)}`,
    lost > targets.lost && `${lost} logins lost`,
    duplicates - sameMessageId > targets.otherIdCopies &&
      `${duplicates - sameMessageId} e-mails sent twice under another Message-ID`,
    secondLines > targets.secondLines && `${secondLines} second lines`,
  ].filter(Boolean)
  console.log(misses.length ? `MISSED: ${misses.join('; ')}` : 'All targets met.')
  process.exitCode = misses.length ? 1 : 0
} finally {
  await Promise.all(stops.map((stop) => stop().catch(() => {})))
  await smtp.close()
  await supplier.close()
  await database.drop().catch(() => {})
  await cluster.stop()
}
