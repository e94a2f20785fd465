import { eq } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { Notification } from '../../../common/notifications'
import type { PaymentStatus } from '../../../common/payments'
import { renewalStart } from '../../../common/subscription-renewals'
import type { TrialRequest } from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { confirmRedemption } from '../discounts/discount-redemption-status.service'
import { lateCodeUseProblem } from '../discounts/late-redemption'
import { changePersonLine } from '../m3u/line-changes'
import { createLineAs, followLineAs, type LineFollower } from '../m3u/line-follow'
import { owedLineFor, type OweLine } from '../m3u/line-owed'
import { publishNotification } from '../notifications/notifications.service'
import { planConnections } from '../plans/plan-connections'
import { getRenewalSettings } from '../settings/settings.service'
import { markRenewalPaid } from '../subscriptions/auto-renewal-state'
import { extendSubscription } from '../subscriptions/subscription-extend.service'
import { convertToSubscription, paidLine } from '../subscriptions/subscriptions.service'
import {
  noticeCustomerPayment,
  noticeHeldPayment,
  queueReceipt,
  spokenAmount,
} from '../subscriptions/payment-notices'
import type { PaymentRow } from '../subscriptions/present-payment'
import type { PaymentContext } from './payment-context'
import { nextReceiptNumber } from './receipt-number'
import { takeSavedCard } from './renewals/saved-card'

/** What a provider (or an admin, for `manual`) says was paid for one of our payments. */
export type PaymentConfirmation = {
  amountMinor: number
  currency: string
  providerPaymentId?: string | null
  via: 'stripe' | 'btcpay' | 'manual'
}

export type SettleOutcome = { status: PaymentStatus; settledNow: boolean }

/** A settle as its transaction left it, with what remains to do once it has committed. */
export type Settled = SettleOutcome & {
  payment: PaymentRow
  /** The person after the change; null when nothing was extended. */
  person: TrialRequest | null
  /** The person's line whose new desired state was recorded, to push after the commit. */
  lineId: string | null
  notification: Notification | null
}

export type SettleOptions = {
  now: Date
  /**
   * The step an admin asked for (convert, extend), with its own refusals; by default the one the
   * subscription needs: a trial becomes paid, a paid subscription is extended.
   */
  step?: 'convert' | 'extend'
  /**
   * When the money was received, for history recorded later (never after `now`): the paid
   * period starts from it as it would have then. By default `now`.
   */
  paidAt?: Date
  /**
   * An admin accepted the payment from review (needs_review), at the amount received: it
   * settles whatever differed (amount, plan), so long as its person is still there.
   */
  accepted?: boolean
  /** Records that the system owes the person their line, when it makes lines on its own. */
  oweLine?: OweLine | null
}

// A payment still waiting, or one the provider gave up on that was paid after all (BTCPay's paid
// late after InvoiceExpired): these settle. Any other status was decided already.
const settleable: readonly PaymentStatus[] = ['pending', 'expired', 'failed']

/** Why the confirmation differs from our record, or null when it is the amount we asked for. */
function mismatch(payment: PaymentRow, { amountMinor, currency }: PaymentConfirmation) {
  if (amountMinor === payment.amountMinor && currency.toUpperCase() === payment.currency) {
    return null
  }
  const expected = spokenAmount(payment.amountMinor, payment.currency)
  return `${spokenAmount(amountMinor, currency)} was confirmed, ${expected} was expected`
}

/**
 * Settles one payment inside the caller's transaction, once: the payment's row is locked first,
 * so a second delivery (a redelivered webhook, another process, the reconciliation job) waits,
 * then finds it decided and changes nothing. The first extends the person's subscription (a
 * trial becomes paid on the payment's plan; an active subscription runs on from its end, a lapsed
 * one from today), with the renewal as revenue of this month, records their line's new desired
 * state, takes the next receipt number and queues the receipt. A confirmation that differs from
 * our record, or comes after its checkout expired and its code's use went to someone else,
 * extends nothing: the payment waits for an admin (needs_review).
 */
export async function settleWithin(
  tx: Db,
  paymentId: string,
  confirmation: PaymentConfirmation,
  { now, step, paidAt = now, accepted = false, oweLine }: SettleOptions,
): Promise<Settled> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
  if (!payment) throw notFound('Payment not found')
  const unchanged = { payment, person: null, lineId: null, notification: null }
  // A payment an admin resolved from review (dismissed as failed, say) was decided for good.
  const isOpen = accepted
    ? payment.status === 'needs_review'
    : settleable.includes(payment.status) && payment.resolvedAt === null
  if (!isOpen) {
    return { ...unchanged, status: payment.status, settledNow: false }
  }
  const providerPaymentId = confirmation.providerPaymentId ?? payment.providerPaymentId
  const [person] = payment.trialRequestId
    ? await tx
        .select()
        .from(trialRequests)
        .where(eq(trialRequests.id, payment.trialRequestId))
        .for('update')
    : []
  const taken = step ?? (person?.paidPlan ? 'extend' : 'convert')
  // An automatic renewal paid within its grace period runs on from the old end (renewalStart);
  // one paid at a checkout (kind renewal, no period of its own) settles like a purchase.
  const isRenewal = payment.kind === 'renewal' && payment.renewsPeriodEnd !== null
  const graceDays = isRenewal ? (await getRenewalSettings(tx)).renewalGraceDays : 0
  const problem = !person
    ? 'the person it was for has been deleted, so nothing was extended'
    : accepted
      ? null
      : (mismatch(payment, confirmation) ?? (await lateCodeUseProblem(tx, payment, now)))
  if (problem) {
    // What was received is kept: an admin who accepts or refunds the payment takes that amount.
    const received =
      confirmation.amountMinor >= 0 && /^[A-Za-z]{3}$/.test(confirmation.currency)
        ? {
            receivedMinor: confirmation.amountMinor,
            receivedCurrency: confirmation.currency.toUpperCase(),
          }
        : {}
    const [held] = await tx
      .update(payments)
      .set({
        status: 'needs_review',
        statusReason: problem,
        providerPaymentId,
        ...received,
        updatedAt: now,
      })
      .where(eq(payments.id, paymentId))
      .returning()
    const notification = await noticeHeldPayment(tx, held!, person ?? null, problem, now)
    return { ...unchanged, payment: held!, notification, status: 'needs_review', settledNow: false }
  }

  const previousEnd = person!.subscriptionEndDate
  const price = formatCents(payment.amountMinor)
  let changed: TrialRequest
  let lineId: string | null
  if (taken === 'convert') {
    const months = payment.months
    changed = await convertToSubscription(
      tx,
      person!.id,
      { paidPlan: payment.planName, subscriptionMonths: months, subscriptionPrice: price },
      paidAt,
    )
    lineId = await changePersonLine(
      tx,
      person!.id,
      paidLine(changed, {
        subscriptionMonths: months,
        maxConnections: await planConnections(tx, payment.planName),
      }),
      now,
    )
  } else {
    const renewal = { months: payment.months, price, requestId: payment.requestId ?? undefined }
    const createdBy = payment.provider === 'manual' ? (payment.createdBy ?? 'system') : 'system'
    // A payment for another plan moves the subscription onto it (decision 0053); one staff
    // recorded or made a pay link for starts when the running period ends (decision 0062).
    const extended = await extendSubscription(tx, person!.id, renewal, paidAt, createdBy, {
      paidPlan: payment.planName,
      startsAtEnd: isStaffs(payment.createdBy),
      graceDays,
      restartAt: payment.periodStart,
    })
    changed = extended.person
    const line = {
      expiresAt: extended.newEnd,
      isTrial: false,
      isEnabled: true,
      maxConnections: await planConnections(tx, changed.paidPlan),
    }
    lineId = await changePersonLine(tx, person!.id, line, now)
  }
  // Committed with the money: a process that dies before its follow-up still leaves it owed.
  await oweLine?.(tx, person!.id, now)
  const newEnd = new Date(changed.subscriptionEndDate!)
  // A conversion starts when paid; an extension where the renewal rule says (renewalStart); a
  // plan change taking effect at once where its payment says (decision 0061).
  const periodStart =
    payment.periodStart ??
    (taken === 'extend' ? renewalStart(previousEnd, paidAt, graceDays) : paidAt)
  const [paid] = await tx
    .update(payments)
    .set({
      status: 'paid',
      statusReason: null,
      providerPaymentId,
      receiptNumber: await nextReceiptNumber(tx),
      previousEnd,
      newEnd,
      periodStart,
      paidAt,
      retryAt: null,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId))
    .returning()
  if (isRenewal) await markRenewalPaid(tx, person!.id, payment.planId, now)
  // The code's use counts for good now, in the same commit as the money.
  await confirmRedemption(tx, paymentId, now)
  const settled = { ...paid!, receiptNumber: paid!.receiptNumber!, newEnd }
  await queueReceipt(tx, person!, settled, now)
  const notification =
    payment.provider === 'manual'
      ? null
      : await noticeCustomerPayment(
          tx,
          person!,
          settled,
          isRenewal ? 'renew_automatically' : taken,
          now,
        )
  return { payment: paid!, person: changed, lineId, notification, status: 'paid', settledNow: true }
}

/** A payment an admin recorded or made a pay link for: not the customer's, not the system's. */
function isStaffs(createdBy: string | null): boolean {
  return createdBy !== null && createdBy !== 'customer' && createdBy !== 'system'
}

/**
 * After a settle has committed: tells the admins' screens, and pushes the person's line to the
 * panel, making it when they have none and `createLine` asks for it. Why the line did not follow
 * yet, or null. A crash before this runs loses nothing: the line's new desired state committed
 * with the settle (its revision raised, its push due at once), and so did a line owed, so the
 * left-lines round (leftLinesRound) pushes or makes it.
 */
export async function followSettled(
  follower: LineFollower,
  settled: Settled,
  { createLine }: { createLine: boolean },
): Promise<string | null> {
  const { app } = follower
  if (settled.notification) await publishNotification(app.bus, settled.notification)
  if (!settled.settledNow) return null
  const personId = settled.payment.trialRequestId
  return (
    (await followLineAs(follower, settled.lineId)) ??
    (createLine && personId ? await createLineAs(follower, personId) : null)
  )
}

/**
 * Settles a payment a provider confirmed (a webhook, the reconciliation job, a renewal's charge):
 * exactly once, whatever delivers it and however often. Answers once the settle has committed,
 * with the person's line owed in it; the line follows after the answer, under the context's
 * follower (the system's, from `systemPaymentContext`), made when the person has none.
 */
export async function settlePayment(
  ctx: PaymentContext,
  paymentId: string,
  confirmation: PaymentConfirmation,
  /** What commits with the settle (a renewal's attempt marked succeeded). */
  alongside?: (tx: Db, now: Date) => Promise<void>,
): Promise<SettleOutcome> {
  const { app } = ctx.follower
  const oweLine = owedLineFor(app)
  const settled = await ctx.db.transaction(async (tx) => {
    const now = ctx.now()
    await alongside?.(tx, now)
    return settleWithin(tx, paymentId, confirmation, { now, oweLine })
  })
  app.followUps.run('settled payment', async () => {
    const lineProblem = await followSettled(ctx.follower, settled, { createLine: true })
    if (lineProblem) ctx.log.warn({ paymentId, lineProblem }, 'A paid line did not follow yet')
    // A card saved for renewals is read once paid; a delivery again completes one that died.
    if (settled.payment.savesCard) await takeSavedCard(ctx, paymentId)
  })
  return { status: settled.status, settledNow: settled.settledNow }
}
