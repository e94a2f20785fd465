import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { renewalAttempts } from '../../db/schema/renewal-attempts'
import { stripeCustomers } from '../../db/schema/stripe-customers'
import { seedAdmin } from '../../test/seed-admin'
import { createClient } from '../../test/http-client'
import { useSupplierServer } from '../../test/supplier-server'
import { postgresOnly } from '../../test/test-server'

const hour = 3_600_000

// What a person's page and the customer's own page say of automatic renewal, read from the
// choice, the saved card and the period's renewal with its attempts.
describe.each(postgresOnly)('the renewal as staff see it, on %s', (kind) => {
  const t = useSupplierServer(kind)
  const db = () => t.server.app.db

  /** A paying person on a new plan, paid by the Business Center. */
  async function payingPerson(price = '12.50') {
    const [plan] = await db()
      .insert(plans)
      .values({ name: `Plan ${crypto.randomUUID().slice(0, 8)}`, price, currency: 'EUR' })
      .returning()
    const person = await t.newPerson()
    const paid = await t.admin.post(`/api/trial-requests/${person.id}/payments`, {
      planId: plan!.id,
      months: 1,
      method: 'cash',
    })
    expect(paid.status).toBe(201)
    return { person, plan: plan! }
  }

  const renewalOf = async (personId: string) => {
    const view = await t.admin.get(`/api/people/${personId}`)
    expect(view.status).toBe(200)
    return view.body.renewal
  }

  it('is off, with no card, for a customer who never chose', async () => {
    const { person } = await payingPerson()
    expect(await renewalOf(person.id)).toEqual({
      autoRenew: false,
      status: 'off',
      nextChargeAt: null,
      amount: null,
      currency: null,
      planId: null,
      paymentMethod: null,
      nextAttemptAt: null,
      lastFailure: null,
      scheduledPlan: null,
      attempts: [],
      cardRemovedAt: null,
    })
  })

  it('names the card, the plan and the next charge a day before the end', async () => {
    const { person, plan } = await payingPerson('12.50')
    await db()
      .insert(stripeCustomers)
      .values({
        trialRequestId: person.id,
        customerId: `cus_${crypto.randomUUID()}`,
        paymentMethodId: 'pm_1',
        cardBrand: 'visa',
        cardLast4: '4242',
        cardExpMonth: 4,
        cardExpYear: 2031,
      })
    await db()
      .insert(autoRenewals)
      .values({ trialRequestId: person.id, autoRenew: true, status: 'active' })
    const renewal = await renewalOf(person.id)
    const [paid] = await db().select().from(payments).where(eq(payments.trialRequestId, person.id))
    expect(renewal).toMatchObject({
      autoRenew: true,
      status: 'active',
      amount: '12.50',
      currency: 'EUR',
      planId: plan.id,
      paymentMethod: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031 },
      nextChargeAt: new Date(paid!.newEnd!.getTime() - 24 * hour).toISOString(),
      lastFailure: null,
    })
  })

  it('shows a declined renewal: its attempts, the last failure and the next try', async () => {
    const { person, plan } = await payingPerson()
    await db()
      .insert(autoRenewals)
      .values({ trialRequestId: person.id, autoRenew: true, status: 'retrying' })
    const [paid] = await db().select().from(payments).where(eq(payments.trialRequestId, person.id))
    const retryAt = new Date(t.now.getTime() + 24 * hour)
    const [renewal] = await db()
      .insert(payments)
      .values({
        trialRequestId: person.id,
        planId: plan.id,
        planName: plan.name,
        months: 1,
        amountMinor: 1250,
        listAmountMinor: 1250,
        currency: 'EUR',
        provider: 'stripe',
        kind: 'renewal',
        renewsPeriodEnd: paid!.newEnd,
        retryAt,
      })
      .returning()
    await db().insert(renewalAttempts).values({
      paymentId: renewal!.id,
      number: 1,
      attemptedAt: t.now,
      outcome: 'declined',
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
    expect(await renewalOf(person.id)).toMatchObject({
      status: 'retrying',
      nextChargeAt: null,
      nextAttemptAt: retryAt.toISOString(),
      lastFailure: {
        code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        at: t.now.toISOString(),
      },
      attempts: [{ number: 1, outcome: 'declined', code: 'insufficient_funds' }],
    })
  })

  it('tells support agents nothing of it', async () => {
    const { person } = await payingPerson()
    const account = { username: 'renewal.support', password: 'renewal-support-password-1' }
    await seedAdmin(db(), { ...account, role: 'support' })
    const agent = createClient(t.server.baseUrl)
    await agent.login(account.username, account.password)
    const view = await agent.get(`/api/people/${person.id}`)
    expect(view.status).toBe(200)
    expect(view.body.renewal).toBeNull()
  })
})
