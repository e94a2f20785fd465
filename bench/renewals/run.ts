/**
 * Automatic renewal at scale (issue 43): `--due` subscriptions (default 10,000) whose paid period
 * ends within the hour, each auto-renewing with a card saved at the fake Stripe, on one throwaway
 * PostgreSQL with two server processes (the TypeScript sources) running their jobs as in
 * production, and an SMTP sink for the notices. The fake Stripe answers 429 beyond 25 requests a
 * second, its test-mode rate limit. Prints the time until every renewal is paid, the charges a
 * second against the pace the round keeps (its baseline: due ÷ pace), the most Stripe requests
 * seen in any one second, and the checks: each period charged once (one succeeded PaymentIntent
 * per payment, receipts without a gap or repeat, each subscription moved on exactly one month),
 * no 429. Exits non-zero when a check fails or a second exceeds 25 requests.
 *
 *   npx tsx bench/renewals/run.ts [--due 10000]
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { renewalChargesPerSecond } from '../../server/modules/payments/renewals/renewal-pace'
import { startFakeStripe } from '../../server/test/fake-stripe'
import { mailFrom } from '../../server/test/mail-server'
import { paymentEnv } from '../../server/test/payment-fixtures'
import { createThrowawayDatabase, startPostgresCluster } from '../../server/test/postgres-cluster'
import { stopServerProcess, waitForReady } from '../../server/test/server-process'
import { startSmtpSink } from '../../server/test/smtp-sink'
import { startBenchServer } from '../lib/bench-server'
import { printTable } from '../lib/measure'
import { loadAverage } from '../lib/process-cpu'

const { values: options } = parseArgs({ options: { due: { type: 'string', default: '10000' } } })
const due = Number(options.due)
// Stripe's rate limit in test mode, the bench's target (issue 43, item 8).
const stripeLimit = 25

const cluster = await startPostgresCluster()
const database = await createThrowawayDatabase(cluster.adminUrl, { prefix: 'renewals' })
const stripe = await startFakeStripe({ maxRequestsPerSecond: stripeLimit })
const smtp = await startSmtpSink()
const db = new pg.Client(database.url)
const stops: (() => Promise<unknown>)[] = []
const problems: string[] = []

/** Customers and saved cards at the fake Stripe, as a first checkout with renewal on leaves them. */
function seedStripe(count: number) {
  const created = Math.floor(Date.now() / 1000)
  for (let n = 1; n <= count; n++) {
    const customer = `cus_bench${n}`
    stripe.cards.customers.set(customer, {
      id: customer,
      object: 'customer',
      email: `renew${n}@example.com`,
      name: `Renew ${n}`,
      metadata: {},
      created,
      invoice_settings: { default_payment_method: null },
    } as never)
    stripe.cards.paymentMethods.set(`pm_bench${n}`, {
      id: `pm_bench${n}`,
      object: 'payment_method',
      type: 'card',
      customer,
      created,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2035, funding: 'credit' },
      metadata: {},
    })
  }
}

/** `count` paying customers of Starter whose month ends within the hour, renewal on. */
async function seedSubscriptions(count: number) {
  await db.query(
    `insert into trial_requests (
       first_name, last_name, name, email, plan, subscription_id, email_key,
       subscription_status, paid_plan, subscription_price, subscription_start_date,
       subscription_end_date)
     select 'Renew', 'N' || g, 'Renew N' || g, 'renew' || g || '@example.com', 'Starter',
       'SUB-' || upper(lpad(to_hex(g), 8, '0')), 'renew' || g || '@example.com',
       'active', 'Starter', plan.price, now() - interval '1 month',
       now() + interval '10 minutes' + (g % 50) * interval '1 minute'
     from generate_series(1, $1::int) as g, (select price from plans where name = 'Starter') plan`,
    [count],
  )
  await db.query(
    `insert into stripe_customers (trial_request_id, customer_id, payment_method_id, card_brand,
       card_last4, card_exp_month, card_exp_year, card_saved_at)
     select id, 'cus_bench' || n, 'pm_bench' || n, 'visa', '4242', 12, 2035, now()
     from (select id, row_number() over (order by subscription_id) as n
           from trial_requests where email like 'renew%') people`,
  )
  await db.query(
    `insert into auto_renewals (trial_request_id, auto_renew, status)
     select id, true, 'active' from trial_requests where email like 'renew%'`,
  )
  await db.query('vacuum analyze')
}

/** The most calls the fake received within any one second. */
function busiestSecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b)
  let most = 0
  let first = 0
  for (let last = 0; last < sorted.length; last++) {
    while (sorted[last]! - sorted[first]! >= 1000) first++
    most = Math.max(most, last - first + 1)
  }
  return most
}

try {
  await db.connect()
  const env = {
    ...paymentEnv({ stripe }),
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url,
    MAIL_FROM: mailFrom,
  }
  // The first process migrates; the subscriptions are seeded before the second starts its jobs.
  const first = await startBenchServer(env, 'source', '.')
  stops.push(() => stopServerProcess(first.server))
  await waitForReady(first.baseUrl, first.server)
  seedStripe(due)
  await seedSubscriptions(due)
  stripe.state.calls.length = 0
  const loadBefore = loadAverage()
  const started = Date.now()
  const second = await startBenchServer(env, 'source', '.')
  stops.push(() => stopServerProcess(second.server))
  let paid = 0
  for (;;) {
    const { rows } = await db.query(
      `select count(*)::int as paid from payments where kind = 'renewal' and status = 'paid'`,
    )
    paid = rows[0].paid
    if (paid >= due) break
    const idleSeconds = (Date.now() - started) / 1000
    if (idleSeconds > (due / renewalChargesPerSecond) * 3 + 120) {
      problems.push(`only ${paid} of ${due} renewals paid after ${idleSeconds.toFixed(0)} s`)
      break
    }
    await sleep(1000)
  }
  const elapsedMs = Date.now() - started

  const charges = stripe.state.calls.filter(
    (call) => call.method === 'POST' && call.path === '/v1/payment_intents',
  )
  const busiest = busiestSecond(stripe.state.calls.map((call) => call.at))
  const succeeded = new Map<string, number>()
  for (const intent of stripe.cards.paymentIntents.values()) {
    if (intent.status !== 'succeeded' || !intent.metadata.attempt) continue
    const paymentId = intent.metadata.paymentId!
    succeeded.set(paymentId, (succeeded.get(paymentId) ?? 0) + 1)
  }
  const chargedTwice = [...succeeded.values()].filter((times) => times > 1).length
  const { rows: receipts } = await db.query(
    `select count(*)::int as receipts, count(distinct receipt_number)::int as distinct_receipts,
       max(receipt_number) - min(receipt_number) + 1 as span
     from payments where kind = 'renewal' and status = 'paid'`,
  )
  const { rows: moved } = await db.query(
    `select count(*)::int as wrong from trial_requests t
     join payments p on p.trial_request_id = t.id and p.kind = 'renewal' and p.status = 'paid'
     where t.subscription_end_date <> p.renews_period_end + interval '1 month'`,
  )
  const refused = stripe.state.calls.length - charges.length
  if (succeeded.size !== paid) problems.push(`${succeeded.size} charged at Stripe, ${paid} paid`)
  if (chargedTwice) problems.push(`${chargedTwice} periods charged twice`)
  const [receipt] = receipts
  if (receipt.receipts !== receipt.distinct_receipts || Number(receipt.span) !== receipt.receipts)
    problems.push(`receipts: ${JSON.stringify(receipt)}`)
  if (moved[0].wrong) problems.push(`${moved[0].wrong} subscriptions not moved on one month`)
  if (busiest > stripeLimit) problems.push(`${busiest} Stripe requests in one second`)

  const paceMs = (due / renewalChargesPerSecond) * 1000
  console.log(
    `${due} renewals due at once, two processes on PostgreSQL, the fake Stripe limiting at ` +
      `${stripeLimit} requests a second; load ${loadBefore?.toFixed(1)} → ${loadAverage()?.toFixed(1)}`,
  )
  printTable(
    ['measure', 'value'],
    [
      ['renewals paid', `${paid} of ${due}`],
      ['time to charge them all', `${(elapsedMs / 1000).toFixed(1)} s`],
      ['baseline: due ÷ the round’s pace', `${(paceMs / 1000).toFixed(1)} s`],
      ['ratio to the baseline', `${(elapsedMs / paceMs).toFixed(2)}×`],
      ['charges a second', (charges.length / (elapsedMs / 1000)).toFixed(1)],
      ['Stripe requests, most in one second', `${busiest} (limit ${stripeLimit})`],
      ['Stripe requests other than charges', String(refused)],
      ['periods charged twice', String(chargedTwice)],
      ['e-mails received', String(smtp.received.length)],
    ],
  )
  if (problems.length) {
    console.log(`Failed: ${problems.join('; ')}`)
    for (const [name, { server }] of [
      ['first', first],
      ['second', second],
    ] as const)
      console.log(`--- the ${name} process's errors:\n${server.output().slice(-4000)}`)
  } else console.log('Every period charged once, under the rate limit.')
  process.exitCode = problems.length ? 1 : 0
} finally {
  await db.end().catch(() => {})
  for (const stop of stops.reverse()) await stop().catch(() => {})
  await stripe.close()
  await smtp.close()
  await database.drop()
  await cluster.stop()
}
