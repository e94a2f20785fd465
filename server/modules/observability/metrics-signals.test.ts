import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scheduleJobs } from '../../jobs/schedule'
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe'
import { insertPlan, paymentRow } from '../../test/payment-fixtures'
import { metricsToken, scrape, seriesValue } from '../../test/prometheus-scrape'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

const panelCalls = 'streamline_panel_call_duration_seconds'
const webhooks = 'streamline_payment_webhooks_total'
const jobRuns = 'streamline_job_run_duration_seconds'
const jobLastSuccess = 'streamline_job_last_success_timestamp_seconds'

/** The jobs main.ts schedules, by the names their series carry. */
const jobNames = [
  'cleanup',
  'expire-subscriptions',
  'trial-autopilot',
  'supplier-sync',
  'payment-reconciliation',
  'trial-identity-keys',
  'outbox',
]

let stripe: FakeStripe
beforeAll(async () => {
  stripe = await startFakeStripe()
})
afterAll(() => stripe.close())

describe.each(postgresOnly)('Prometheus: panel calls, webhooks and jobs (%s)', (kind) => {
  // Read when the server starts, after the fake Stripe above is listening.
  const t = useSupplierServer(kind, {
    METRICS_TOKEN: metricsToken,
    get STRIPE_API_BASE() {
      return stripe.url
    },
    get STRIPE_SECRET_KEY() {
      return stripe.secretKey
    },
    get STRIPE_WEBHOOK_SECRET() {
      return stripe.webhookSecret
    },
  })
  beforeAll(() => {
    stripe.state.webhookUrl = `${t.server.baseUrl}/api/payments/stripe/webhook`
  })
  const metrics = () => scrape(t.server.baseUrl)
  /** The number of panel calls of `action` that ended in `outcome`, as scraped from `text`. */
  const callCount = (text: string, action: string, outcome: string) =>
    seriesValue(text, `${panelCalls}_count`, { action, outcome })
  /** The actions the fake panel was called with since call number `from`, with their counts. */
  const actionsSince = (from: number) => {
    const counts = new Map<string, number>()
    for (const { action } of t.supplier.calls.slice(from)) {
      counts.set(action!, (counts.get(action!) ?? 0) + 1)
    }
    return counts
  }

  it('counts and times each panel call by action and outcome: ok, refused, failed', async () => {
    const cases = [
      { outcome: 'ok', body: {}, status: 200 },
      // The panel answers STATUS_FAILURE to a key it does not know: it refused.
      { outcome: 'refused', body: { apiKey: 'not-the-panel-key' }, status: 502 },
      // A 500 page is no answer at all: the call failed.
      { outcome: 'failed', body: {}, status: 502, mode: 'server-error' as const },
    ]
    for (const { outcome, body, status, mode } of cases) {
      t.supplier.setMode(mode ?? 'ok')
      const before = await metrics()
      const from = t.supplier.calls.length
      const answer = await t.admin.post('/api/supplier/sync', body)
      expect(answer.status, JSON.stringify(answer.body)).toBe(status)
      const after = await metrics()
      const actions = actionsSince(from)
      expect(actions.size).toBeGreaterThan(0)
      for (const [action, calls] of actions) {
        expect(callCount(after, action, outcome) - callCount(before, action, outcome), action).toBe(
          calls,
        )
        const seconds = (text: string) =>
          seriesValue(text, `${panelCalls}_sum`, { action, outcome })
        expect(seconds(after) - seconds(before)).toBeGreaterThan(0)
      }
    }
  })

  it('counts Stripe webhooks by outcome: processed, duplicate, refused', async () => {
    const { db } = t.server.app
    const plan = await insertPlan(db)
    const person = await insertTrialRequest(db)
    const checkout = await t.admin.post(`/api/trial-requests/${person.id}/checkout`, {
      planId: plan.id,
      provider: 'stripe',
    })
    expect(checkout.status).toBe(201)
    const count = (text: string, outcome: string) =>
      seriesValue(text, webhooks, { provider: 'stripe', outcome })
    const before = await metrics()
    const { providerCheckoutId } = (await paymentRow(db, checkout.body.paymentId))!
    const delivered = stripe.state.deliveries.length
    // The customer pays on Stripe's page; Stripe signs and sends its event.
    await stripe.pay(providerCheckoutId!)
    const sent = stripe.state.deliveries.slice(delivered)
    expect(sent.length).toBeGreaterThan(0)
    expect(sent.every(({ status }) => status === 200)).toBe(true)
    const event = stripe.state.events.at(-1)!
    expect(await stripe.deliver(event)).toBe(200)
    expect(await stripe.deliver(event, { secret: 'whsec_someoneElse' })).toBe(400)

    const after = await metrics()
    expect(count(after, 'processed') - count(before, 'processed')).toBe(sent.length)
    expect(count(after, 'duplicate') - count(before, 'duplicate')).toBe(1)
    expect(count(after, 'refused') - count(before, 'refused')).toBe(1)
    expect(count(after, 'failed') - count(before, 'failed')).toBe(0)
  })

  it('times each job run by outcome, and tells when each last succeeded', async () => {
    const runCount = (text: string, job: string, outcome: string) =>
      seriesValue(text, `${jobRuns}_count`, { job, outcome })
    const ranOnce = async (outcome: (job: string) => string) => {
      const before = await metrics()
      const startedAt = Date.now() / 1000
      // One round of every job, as main.ts starts them; stopped at once, so no second round.
      await scheduleJobs(t.server.app)()
      let after = before
      await expect
        .poll(async () => {
          after = await metrics()
          return jobNames.filter(
            (job) => runCount(after, job, outcome(job)) - runCount(before, job, outcome(job)) === 1,
          )
        })
        .toEqual(jobNames)
      return { before, after, startedAt }
    }

    const ok = await ranOnce(() => 'ok')
    for (const job of jobNames) {
      expect(seriesValue(ok.after, jobLastSuccess, { job }), job).toBeGreaterThanOrEqual(
        Math.floor(ok.startedAt),
      )
    }

    // A panel that answers with errors: the sync job fails; its last success stays where it was.
    t.supplier.setMode('server-error')
    const down = await ranOnce((job) => (job === 'supplier-sync' ? 'failed' : 'ok'))
    expect(seriesValue(down.after, jobLastSuccess, { job: 'supplier-sync' })).toBe(
      seriesValue(ok.after, jobLastSuccess, { job: 'supplier-sync' }),
    )
    expect(seriesValue(down.after, jobLastSuccess, { job: 'outbox' })).toBeGreaterThanOrEqual(
      Math.floor(down.startedAt),
    )
  })
})
