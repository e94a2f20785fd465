import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../../db/client'
import { autoRenewals } from '../../../db/schema/auto-renewals'
import { payments } from '../../../db/schema/payments'
import { renewalAttempts } from '../../../db/schema/renewal-attempts'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { startFakeStripe, type FakeStripe } from '../../../test/fake-stripe'
import { createClient } from '../../../test/http-client'
import { insertPlan, paymentEnv } from '../../../test/payment-fixtures'
import { startProcessesOnPostgres } from '../../../test/processes-on-postgres'
import { owner } from '../../../test/test-server'
import { insertTrialRequest } from '../../../test/trial-fixtures'
import { renewalChargesPerSecond } from './renewal-pace'

const people = 40

// Two server processes on one PostgreSQL, each running the renewal job on its own and Expire now
// asked of both at once: every period is charged once, and Stripe never sees more than the
// round's pace. PostgreSQL only: PGlite has one process per database.
describe('the renewal round in two server processes on one PostgreSQL', () => {
  let stripe: FakeStripe
  let cluster: Awaited<ReturnType<typeof startProcessesOnPostgres>>
  let database: Database
  const db = () => database.db

  beforeAll(async () => {
    stripe = await startFakeStripe()
    cluster = await startProcessesOnPostgres(2, paymentEnv({ stripe }))
    database = await openDatabase({ kind: 'postgres', url: cluster.database.url })
  }, 120_000)
  afterAll(async () => {
    await database?.close()
    await cluster?.stop()
    await stripe?.close()
  })

  /** A Customer at Stripe with a card that pays, as a first checkout leaves it. */
  async function savedCard() {
    const answer = await fetch(`${stripe.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}` },
    })
    const customer = (await answer.json()) as { id: string }
    const card = stripe.cards.addCard()
    stripe.cards.attach(card.id, customer.id)
    return { customerId: customer.id, paymentMethodId: card.id }
  }

  it('charges each period once, at most the round’s pace a second', async () => {
    const plan = await insertPlan(db(), { name: 'Family', price: '29.99', currency: 'EUR' })
    const end = new Date(Date.now() + 60 * 60_000)
    const ids: string[] = []
    for (let i = 0; i < people; i++) {
      const person = await insertTrialRequest(db(), {
        paidPlan: plan.name,
        subscriptionStatus: 'active',
        subscriptionEndDate: end,
      })
      await db().insert(autoRenewals).values({
        trialRequestId: person.id,
        autoRenew: true,
        status: 'active',
      })
      const card = { ...(await savedCard()), cardBrand: 'visa', cardLast4: '4242' }
      await db()
        .insert(stripeCustomers)
        .values({ trialRequestId: person.id, ...card, cardExpMonth: 12, cardExpYear: 2035 })
      ids.push(person.id)
    }
    // Both processes run the round by their jobs; Expire now asks both again at the same moment.
    const admins = await Promise.all(
      cluster.servers.map(async (server) => {
        const admin = createClient(server.url)
        await admin.login(owner.username, owner.password)
        return admin
      }),
    )
    const answers = await Promise.all(
      admins.map((admin) => admin.post('/api/maintenance/expire-now')),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])

    const deadline = Date.now() + 60_000
    let paid: (typeof payments.$inferSelect)[] = []
    while (paid.length < people) {
      if (Date.now() > deadline) throw new Error(`Only ${paid.length} of ${people} renewed`)
      await sleep(200)
      paid = await db()
        .select()
        .from(payments)
        .where(and(eq(payments.kind, 'renewal'), eq(payments.status, 'paid')))
    }
    const renewals = await db().select().from(payments).where(eq(payments.kind, 'renewal'))
    expect(renewals.map((row) => row.trialRequestId).sort()).toEqual([...ids].sort())
    const attempts = await db().select().from(renewalAttempts)
    expect(attempts).toHaveLength(people)
    expect(
      attempts.every((attempt) => attempt.number === 1 && attempt.outcome === 'succeeded'),
    ).toBe(true)
    const charges = stripe.state.calls.filter((call) => call.path === '/v1/payment_intents')
    expect(charges).toHaveLength(people)
    expect(new Set(charges.map((call) => call.idempotencyKey)).size).toBe(people)
    // In no second more than the pace: the round is one process's at a time.
    const busiest = Math.max(
      ...charges.map(
        (call) =>
          charges.filter((other) => other.at >= call.at && other.at < call.at + 1000).length,
      ),
    )
    expect(busiest).toBeLessThanOrEqual(renewalChargesPerSecond)
  }, 120_000)
})
