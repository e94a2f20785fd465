import { count, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { paymentEvents } from '../db/schema/payment-events'
import { payments } from '../db/schema/payments'
import { plans } from '../db/schema/plans'
import type { FakeBtcpay } from './fake-btcpay'
import type { FakeStripe } from './fake-stripe'

/** The environment that points the app's providers at the fakes (either may be left off). */
export function paymentEnv({ stripe, btcpay }: { stripe?: FakeStripe; btcpay?: FakeBtcpay }) {
  return {
    PAYMENT_TIMEOUT_MS: '1500',
    ...(stripe
      ? {
          STRIPE_SECRET_KEY: stripe.secretKey,
          STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
          STRIPE_API_BASE: stripe.url,
        }
      : {}),
    ...(btcpay
      ? {
          BTCPAY_URL: btcpay.url,
          BTCPAY_API_KEY: btcpay.apiKey,
          BTCPAY_STORE_ID: btcpay.storeId,
          BTCPAY_WEBHOOK_SECRET: btcpay.webhookSecret,
        }
      : {}),
  }
}

/**
 * `paymentEnv` for a fake Stripe that a file starts in its `beforeAll`, with `more` beside it:
 * the Stripe values are read when the test server starts (it copies its env then), after the fake
 * is listening, not when the file's `describe` runs.
 */
export function laterStripeEnv(stripe: () => FakeStripe, more: Record<string, string> = {}) {
  return {
    ...more,
    PAYMENT_TIMEOUT_MS: paymentEnv({}).PAYMENT_TIMEOUT_MS,
    get STRIPE_API_BASE() {
      return stripe().url
    },
    get STRIPE_SECRET_KEY() {
      return stripe().secretKey
    },
    get STRIPE_WEBHOOK_SECRET() {
      return stripe().webhookSecret
    },
  }
}

/** A plan written straight to the database: 29.99 EUR a quarter unless told otherwise. */
export async function insertPlan(db: Db, fields: Partial<typeof plans.$inferInsert> = {}) {
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Family',
      price: '29.99',
      currency: 'EUR',
      billingPeriod: 'quarterly',
      ...fields,
    })
    .returning()
  return plan!
}

export async function paymentRow(db: Db, id: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, id))
  return row
}

export async function paymentCount(db: Db) {
  const [row] = await db.select({ total: count() }).from(payments)
  return row!.total
}

/** How many deliveries of this provider event were recorded as handled. */
export async function handledEvents(db: Db, eventId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(paymentEvents)
    .where(eq(paymentEvents.eventId, eventId))
  return row!.total
}

/**
 * Writes a payment straight to the table (no provider, no settling): by default 29.99 USD
 * received in cash for a month of Premium, already paid; any field may be overridden.
 */
export async function insertPayment(db: Db, fields: Partial<typeof payments.$inferInsert> = {}) {
  const [row] = await db
    .insert(payments)
    .values({
      planName: 'Premium',
      months: 1,
      amountMinor: 2999,
      listAmountMinor: 2999,
      currency: 'USD',
      provider: 'manual',
      method: 'cash',
      status: 'paid',
      ...fields,
    })
    .returning()
  return row!
}

/** A Stripe checkout's payment still waiting to be paid: 29.97 EUR for three months of Family Plus. */
export const insertPendingPayment = (
  db: Db,
  fields: Partial<typeof payments.$inferInsert> & { trialRequestId: string },
) =>
  insertPayment(db, {
    planName: 'Family Plus',
    months: 3,
    amountMinor: 2997,
    listAmountMinor: 2997,
    currency: 'EUR',
    provider: 'stripe',
    method: null,
    status: 'pending',
    ...fields,
  })
