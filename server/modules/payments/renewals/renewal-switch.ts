import { eq } from 'drizzle-orm'
import type { RenewalOffReason, RetentionOffer } from '../../../../common/renewals'
import type { Db } from '../../../db/client'
import { discounts } from '../../../db/schema/discounts'
import { stripeCustomers } from '../../../db/schema/stripe-customers'
import { trialRequests } from '../../../db/schema/trial-requests'
import { conflict, notFound } from '../../../lib/http-error'
import { getRenewalSettings } from '../../settings/settings.service'
import {
  lockRenewalChoice,
  markRetentionOffered,
  writeRenewalChoice,
} from '../../subscriptions/renewal-choice'
import { isRenewalBeingCharged, stopRenewalCharges } from './renewal-payments'

export const noSavedCardMessage =
  'Automatic renewal charges a saved card: save a card first with "Update card".'

export const beingChargedMessage =
  'Your renewal is being charged right now. Try again in a minute: if it was paid, turning automatic renewal off then stops the next one.'

const dayMs = 86_400_000

/** The retention code, when the setting names one a customer could use today. */
async function retentionOfferOf(tx: Db, now: Date): Promise<RetentionOffer | null> {
  const code = (await getRenewalSettings(tx)).retentionDiscountCode.trim().toUpperCase()
  if (!code) return null
  const [discount] = await tx.select().from(discounts).where(eq(discounts.code, code))
  if (!discount?.active || now < discount.validFrom) return null
  // Valid through the whole UTC day it ends on, as checkouts count it.
  if (
    discount.validTo &&
    now.getTime() >= Math.floor(discount.validTo.getTime() / dayMs + 1) * dayMs
  )
    return null
  const description = discount.percentage
    ? `${Number(discount.percentage)}% off`
    : `${discount.amount} off`
  return { code, description }
}

export type RenewalSwitch = {
  autoRenew: boolean
  reason?: RenewalOffReason
  /** The customer's own, unconfirmed: the retention offer may come first (once). */
  mayOffer?: boolean
}

export type Switched = { offer: RetentionOffer | null }

/** Who switches (`customer` or the admin's username), and the transaction their trail needs. */
export type RenewalSwitcher = {
  by: string
  inTransaction: (change: (tx: Db) => Promise<Switched>) => Promise<Switched>
}

/** The trail entry's details: which way, and the customer's reason. */
export const renewalAuditDetails = ({ autoRenew, reason }: RenewalSwitch) => ({
  autoRenew,
  ...(reason ? { reason } : {}),
})

/**
 * Turns a person's automatic renewal on or off, in the switcher's transaction (with its trail
 * entry). On needs a saved card (409 otherwise). Off keeps the line until the paid end and closes
 * the open renewal, if any, so nothing more is charged; asked by the customer for the first time
 * while a usable retention code is set, the offer is made (and recorded) instead, nothing else.
 */
export function switchRenewal(
  clock: { now(): Date },
  personId: string,
  choice: RenewalSwitch,
  switcher: RenewalSwitcher,
): Promise<Switched> {
  return switcher.inTransaction(async (tx) => {
    const now = clock.now()
    const [person] = await tx
      .select({ id: trialRequests.id })
      .from(trialRequests)
      .where(eq(trialRequests.id, personId))
      .for('update')
    if (!person) throw notFound('Trial request not found')
    const current = await lockRenewalChoice(tx, personId)
    if (choice.autoRenew) {
      const [customer] = await tx
        .select({ paymentMethodId: stripeCustomers.paymentMethodId })
        .from(stripeCustomers)
        .where(eq(stripeCustomers.trialRequestId, personId))
      if (!customer?.paymentMethodId) throw conflict(noSavedCardMessage)
    } else if (choice.mayOffer && current?.autoRenew && !current.retentionOfferedAt) {
      const offer = await retentionOfferOf(tx, now)
      if (offer) {
        await markRetentionOffered(tx, personId, now)
        return { offer }
      }
    }
    // A charge in flight cannot be called back: turning off waits for its answer (409).
    if (!choice.autoRenew && (await isRenewalBeingCharged(tx, personId))) {
      throw conflict(beingChargedMessage)
    }
    await writeRenewalChoice(tx, personId, { ...choice, by: switcher.by }, now)
    if (!choice.autoRenew) await stopRenewalCharges(tx, personId, now)
    return { offer: null }
  })
}
