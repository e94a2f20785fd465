import type { z } from 'zod'
import type { AuditDetails } from '../../../common/audit'
import type { recordPaymentInput } from '../../../common/payments'
import type { extendSubscriptionInput } from '../../../common/subscription-renewals'
import type { convertToSubscriptionInput } from '../../../common/trial-requests'
import { invalidField } from '../../lib/http-error'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type AuditAction,
  type CommandContext,
} from '../audit/command'
import type { LineFollower } from '../m3u/line-follow'
import { settleManualPayment, type ManualPayment } from './manual-payment'
import { followSettled, type Settled, type SettleOptions } from './settle-payment'

// Recorded on the person the money came from, where their trail is read.
export const manualPaymentActions = {
  record: auditAction('trial_request', 'record_payment'),
  convert: auditAction('trial_request', 'convert'),
  extend: auditAction('trial_request', 'extend'),
}

type FollowingContext = CommandContext & { follower: LineFollower }

type AdminSettle = {
  personId: string
  payment: ManualPayment
  options: Omit<SettleOptions, 'now' | 'oweLine'> & { now?: Date }
  /** The entry's details, knowing whether this was a retried submission. */
  details: (isReplay: boolean) => AuditDetails
  /** Whether the person's line is made when they have none. */
  createLine: boolean
}

/**
 * Money an admin received, settled through the one settle step with its trail entry in one
 * transaction; then, after the commit, the person's line follows on the panel (why it did not
 * yet, or null).
 */
async function settleAsAdmin(
  ctx: FollowingContext,
  audit: AuditAction,
  { personId, payment, options, details, createLine }: AdminSettle,
): Promise<{ settled: Settled; lineProblem: string | null }> {
  const { username } = actingAdmin(ctx)
  const entry = {
    entityId: personId,
    details: ({ isReplay }: { isReplay: boolean }) => details(isReplay),
  }
  const { settled } = await auditedChange(ctx, audit, entry, (tx) =>
    settleManualPayment(tx, personId, payment, {
      now: ctx.now(),
      ...options,
      createdBy: username,
    }),
  )
  const lineProblem = await followSettled(ctx.follower, settled, { createLine })
  return { settled, lineProblem }
}

/**
 * Money received elsewhere (cash, a transfer, PayPal…): recorded and settled at once. A retried
 * submission (the same `requestId`) answers the payment it recorded, as a replay.
 */
export async function recordManualPayment(
  ctx: FollowingContext,
  { personId, input }: { personId: string; input: z.output<typeof recordPaymentInput> },
) {
  const { planId, months, method, reference, amount, requestId, paidAt } = input
  const now = ctx.now()
  if (paidAt && paidAt > now) throw invalidField('paidAt', 'paidAt must not be in the future')
  return settleAsAdmin(ctx, manualPaymentActions.record, {
    personId,
    payment: { plan: { id: planId }, months, amount, method, reference, requestId },
    options: { now, paidAt },
    details: (isReplay) => ({
      ...fieldsOf(input),
      payment: { provider: 'manual', method },
      ...(isReplay ? { outcome: 'replayed' as const } : {}),
    }),
    createLine: true,
  })
}

/** A trial made a paid subscription: its price is a manual payment, settled as any other. */
export async function convertToPaid(
  ctx: FollowingContext,
  { personId, input }: { personId: string; input: z.output<typeof convertToSubscriptionInput> },
) {
  const { paidPlan, subscriptionMonths, subscriptionPrice, createLine } = input
  return settleAsAdmin(ctx, manualPaymentActions.convert, {
    personId,
    payment: { plan: { name: paidPlan }, months: subscriptionMonths, amount: subscriptionPrice },
    options: { step: 'convert' },
    details: () => fieldsOf(input),
    createLine: !!createLine,
  })
}

/** A paid subscription extended: a manual payment, revenue of this month; once per `requestId`. */
export async function extendPaid(
  ctx: FollowingContext,
  { personId, input }: { personId: string; input: z.output<typeof extendSubscriptionInput> },
) {
  const { months, price, requestId } = input
  return settleAsAdmin(ctx, manualPaymentActions.extend, {
    personId,
    payment: { months, amount: price, requestId },
    options: { step: 'extend' },
    details: (isReplay) => (isReplay ? { outcome: 'replayed' } : fieldsOf(input)),
    createLine: false,
  })
}
