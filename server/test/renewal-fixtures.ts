import { randomUUID } from 'node:crypto'
import { and, asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { auditLog } from '../db/schema/audit-log'
import { autoRenewals } from '../db/schema/auto-renewals'
import { m3uLines } from '../db/schema/m3u-lines'
import { payments } from '../db/schema/payments'
import { renewalAttempts } from '../db/schema/renewal-attempts'
import { stripeCustomers } from '../db/schema/stripe-customers'
import { trialRequests } from '../db/schema/trial-requests'
import { signedInCustomer } from './customer-fixtures'
import type { FakeStripe } from './fake-stripe'
import type { CardDetails } from './fake-stripe-cards'
import type { useMailServer } from './mail-server'
import type { Db } from '../db/client'
import { insertTrialRequest } from './trial-fixtures'
import { insertPayment, insertPlan, paymentRow } from './payment-fixtures'
const day = 86_400_000

/** What renewal tests read of a person: their renewal, card, payments, attempts and line. */
export function renewalProbes(t: ReturnType<typeof useMailServer>, stripe: () => FakeStripe) {
  const db = () => t.server.app.db
  const probes = {
    renewalOf: async (personId: string) =>
      (await db().select().from(autoRenewals).where(eq(autoRenewals.trialRequestId, personId)))[0],
    customerOf: async (personId: string) =>
      (
        await db()
          .select()
          .from(stripeCustomers)
          .where(eq(stripeCustomers.trialRequestId, personId))
      )[0],
    personOf: async (personId: string) =>
      (await db().select().from(trialRequests).where(eq(trialRequests.id, personId)))[0]!,
    lineOf: async (personId: string) =>
      (await db().select().from(m3uLines).where(eq(m3uLines.trialRequestId, personId)))[0],
    renewalsOf: (personId: string) =>
      db()
        .select()
        .from(payments)
        .where(and(eq(payments.trialRequestId, personId), eq(payments.kind, 'renewal')))
        .orderBy(asc(payments.renewsPeriodEnd)),
    attemptsOf: (paymentId: string) =>
      db()
        .select()
        .from(renewalAttempts)
        .where(eq(renewalAttempts.paymentId, paymentId))
        .orderBy(asc(renewalAttempts.number)),
    /** Stripe's PaymentIntents for our payment: each is money asked of the card once. */
    intentsOf: (paymentId: string) =>
      [...stripe().cards.paymentIntents.values()].filter(
        (intent) => intent.metadata.paymentId === paymentId && intent.metadata.attempt,
      ),
    trailOf: async (personId: string) =>
      (await db().select().from(auditLog).where(eq(auditLog.entityId, personId))).map(
        (entry) => entry.action,
      ),
    /** Sets the clock back to the real time (the owner signed in again). */
    backToToday: () => {
      t.now = new Date()
      return t.travel(0)
    },
    /** Moves the clock to `at` (the owner signed in again). */
    travelTo: (at: Date) => t.travel((at.getTime() - t.now.getTime()) / day),

    /**
     * A trial customer who pays a quarter of Family (29.99 EUR) on their own page with Stripe,
     * automatic renewal on (the default), with `card`: their subscription, card and line ready.
     */
    async autoRenewing(card: CardDetails = {}) {
      const plan = await insertPlan(db())
      const person = await t.newPerson({ email: `renew-${randomUUID()}@example.com` })
      const customer = await signedInCustomer(t.server, person, t.now)
      const answer = await customer.post('/api/account/checkout', {
        planId: plan.id,
        provider: 'stripe',
      })
      expect(answer.status).toBe(201)
      const payment = (await paymentRow(db(), answer.body.paymentId))!
      expect(await stripe().pay(payment.providerCheckoutId!, { card })).toBe(200)
      await t.until(async () => (await probes.renewalOf(person.id))?.status === 'active')
      await t.until(async () => Boolean((await probes.lineOf(person.id))?.supplierId))
      const end = (await probes.personOf(person.id)).subscriptionEndDate!
      const { paymentMethodId } = (await probes.customerOf(person.id))!
      return { plan, person, payment, end, paymentMethodId: paymentMethodId! }
    },
  }
  return probes
}

const dayMs = 86_400_000

type RenewingOptions = {
  /** The plan paid for; a monthly 10.00 EUR "Monthly …" plan by default. */
  plan?: Parameters<typeof insertPlan>[1]
  /** Days left of the paid period (30 by default). */
  daysLeft?: number
  /** A saved card at Stripe (`customerId` and `paymentMethodId` real ids of the fake), or none. */
  card?: { customerId: string; paymentMethodId: string | null; expMonth?: number; expYear?: number }
  /** The choice: on (`active` by default), off, or never made (null). */
  renewal?: { autoRenew: boolean; status?: 'active' | 'retrying' | 'past_due' | 'off' } | null
  now?: Date
}

/**
 * A paying customer written straight to the tables: a plan, a paid payment for it, the
 * subscription running `daysLeft` more days, and, when asked, a saved card and their choice.
 */
export async function insertRenewingPerson(db: Db, options: RenewingOptions = {}) {
  const now = options.now ?? new Date()
  const plan = await insertPlan(db, {
    name: `Monthly ${crypto.randomUUID().slice(0, 8)}`,
    price: '10.00',
    billingPeriod: 'monthly',
    ...options.plan,
  })
  const end = new Date(now.getTime() + (options.daysLeft ?? 30) * dayMs)
  const person = await insertTrialRequest(db, {
    subscriptionStatus: 'active',
    paidPlan: plan.name,
    subscriptionPrice: plan.price,
    subscriptionStartDate: new Date(end.getTime() - 30 * dayMs),
    subscriptionEndDate: end,
  })
  const paid = await insertPayment(db, {
    trialRequestId: person.id,
    planId: plan.id,
    planName: plan.name,
    currency: plan.currency,
    amountMinor: Math.round(Number(plan.price) * 100),
    listAmountMinor: Math.round(Number(plan.price) * 100),
    provider: 'stripe',
    method: null,
    paidAt: new Date(end.getTime() - 30 * dayMs),
    periodStart: new Date(end.getTime() - 30 * dayMs),
    newEnd: end,
  })
  if (options.card) {
    const { customerId, paymentMethodId, expMonth = 4, expYear = 2031 } = options.card
    await db.insert(stripeCustomers).values({
      trialRequestId: person.id,
      customerId,
      paymentMethodId,
      ...(paymentMethodId
        ? { cardBrand: 'visa', cardLast4: '4242', cardExpMonth: expMonth, cardExpYear: expYear }
        : {}),
      cardSavedAt: paymentMethodId ? now : null,
    })
  }
  const renewal = options.renewal === undefined ? { autoRenew: true } : options.renewal
  if (renewal) {
    await db.insert(autoRenewals).values({
      trialRequestId: person.id,
      autoRenew: renewal.autoRenew,
      status: renewal.status ?? (renewal.autoRenew ? 'active' : 'off'),
    })
  }
  return { person, plan, paid, end }
}

/**
 * The renewal of the period ending at `end` (`insertRenewingPerson`'s), recorded by the round and
 * not paid yet: pending, due again at `retryAt` (none: not due).
 */
export function insertOpenRenewal(
  db: Db,
  { person, plan, end }: Awaited<ReturnType<typeof insertRenewingPerson>>,
  retryAt: Date | null = null,
) {
  return insertPayment(db, {
    trialRequestId: person.id,
    planId: plan.id,
    planName: plan.name,
    kind: 'renewal',
    renewsPeriodEnd: end,
    provider: 'stripe',
    method: null,
    status: 'pending',
    retryAt,
  })
}
