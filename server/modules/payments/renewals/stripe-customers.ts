import { and, eq } from 'drizzle-orm'
import type { CommandContext } from '../../audit/command'
import type { Db } from '../../../db/client'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { trialRequests } from '../../../db/schema/trial-requests'
import { notFound } from '../../../lib/http-error'
import type { CardVault } from '../providers/card-vault'
import type { ProviderCard } from '../providers/payment-provider'

export type StripeCustomerRow = typeof stripeCustomers.$inferSelect

export async function stripeCustomerOf(db: Db, personId: string) {
  const [row] = await db
    .select()
    .from(stripeCustomers)
    .where(eq(stripeCustomers.trialRequestId, personId))
  return row
}

/**
 * The person's Stripe Customer, made once: asked of Stripe outside any transaction (its
 * idempotency key is the person's id, so two tabs get one Customer), then stored unless another
 * request stored it first, and read back.
 */
export async function ensureStripeCustomer(
  { db, now: clock }: Pick<CommandContext, 'db' | 'now'>,
  vault: CardVault,
  personId: string,
): Promise<string> {
  const known = await stripeCustomerOf(db, personId)
  if (known) return known.customerId
  const [person] = await db
    .select({ email: trialRequests.email, name: trialRequests.name })
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
  if (!person) throw notFound('Trial request not found')
  const customerId = await vault.createCustomer({ personId, ...person })
  const now = clock()
  await db
    .insert(stripeCustomers)
    .values({ trialRequestId: personId, customerId, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
  return (await stripeCustomerOf(db, personId))!.customerId
}

/** The card renewals charge from now on, as Stripe describes it; false without a Customer. */
export async function storeRenewalCard(
  tx: Db,
  personId: string,
  card: ProviderCard,
  now: Date,
): Promise<boolean> {
  const stored = await tx
    .update(stripeCustomers)
    .set({ ...cardColumns(card), cardSavedAt: now, cardRemovedAt: null, updatedAt: now })
    .where(eq(stripeCustomers.trialRequestId, personId))
    .returning({ id: stripeCustomers.trialRequestId })
  return stored.length > 0
}

const cardColumns = (card: ProviderCard) => ({
  paymentMethodId: card.paymentMethodId,
  cardBrand: card.brand,
  cardLast4: card.last4,
  cardExpMonth: card.expMonth,
  cardExpYear: card.expYear,
})

/**
 * Makes `card`, saved on the person's own Customer, the one renewals charge. Answers whether it
 * replaced another (false when it was that card already, or the Customer is not theirs).
 */
export async function replaceSavedCard(
  tx: Db,
  personId: string,
  card: ProviderCard & { customerId: string },
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .select()
    .from(stripeCustomers)
    .where(
      and(
        eq(stripeCustomers.trialRequestId, personId),
        eq(stripeCustomers.customerId, card.customerId),
      ),
    )
    .for('update')
  if (!row || row.paymentMethodId === card.paymentMethodId) return false
  await tx
    .update(stripeCustomers)
    .set({ ...cardColumns(card), cardSavedAt: now, cardRemovedAt: null, updatedAt: now })
    .where(eq(stripeCustomers.trialRequestId, personId))
  return true
}

/** The card networks gave a saved card a new number or expiry: what we show follows. */
export async function refreshSavedCard(db: Db, card: ProviderCard, now: Date): Promise<void> {
  await db
    .update(stripeCustomers)
    .set({ ...cardColumns(card), updatedAt: now })
    .where(eq(stripeCustomers.paymentMethodId, card.paymentMethodId))
}

/**
 * Stripe removed a saved card: renewals have none to charge until a new one is saved. Answers
 * whose card it was, or null when it was no renewal card (already replaced, say).
 */
export async function removeSavedCard(
  tx: Db,
  paymentMethodId: string,
  now: Date,
): Promise<string | null> {
  const [removed] = await tx
    .update(stripeCustomers)
    .set({ paymentMethodId: null, cardRemovedAt: now, updatedAt: now })
    .where(eq(stripeCustomers.paymentMethodId, paymentMethodId))
    .returning({ personId: stripeCustomers.trialRequestId })
  return removed?.personId ?? null
}
