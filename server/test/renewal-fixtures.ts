import type { Db } from '../db/client'
import { autoRenewals } from '../db/schema/auto-renewals'
import { stripeCustomers } from '../db/schema/stripe-customers'
import { insertPayment, insertPlan } from './payment-fixtures'
import { insertTrialRequest } from './trial-fixtures'

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
