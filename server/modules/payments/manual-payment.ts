import { asc, desc, eq } from 'drizzle-orm'
import { toCents } from '../../../common/money'
import type { ManualMethod } from '../../../common/payments'
import { renewalPrice } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, invalidField, notFound } from '../../lib/http-error'
import { presentTrialRequest } from '../trial-requests/trial-requests.service'
import { settleWithin, type Settled, type SettleOptions } from './settle-payment'

// There is no platform currency setting: a plan's own default is the installation's currency.
const platformCurrency = String(plans.currency.default)

/** Money an admin received elsewhere, for one plan and a number of months. */
export type ManualPayment = {
  /**
   * The plan by id (the payments form), else by name (convert names it); absent, the person's
   * paid plan (an extension).
   */
  plan?: { id: string } | { name: string }
  months: number
  /** What was received ("29.99"); by default the plan's price for the months. */
  amount?: string
  method?: ManualMethod
  reference?: string | null
  /** One submission's id: a retry records nothing more. */
  requestId?: string | null
}

type PlanRow = typeof plans.$inferSelect

async function findPlan(
  tx: Db,
  plan: NonNullable<ManualPayment['plan']>,
): Promise<PlanRow | undefined> {
  if ('id' in plan) {
    const [row] = await tx.select().from(plans).where(eq(plans.id, plan.id))
    if (!row) throw invalidField('planId', 'planId must name an existing plan')
    return row
  }
  // Names are not unique: an active plan of that name first, then the oldest.
  const [row] = await tx
    .select()
    .from(plans)
    .where(eq(plans.name, plan.name))
    .orderBy(desc(plans.active), asc(plans.createdAt))
    .limit(1)
  return row
}

/** The earlier payment of this submission, when it was recorded for this person already. */
async function earlierPayment(tx: Db, personId: string, requestId: string | null | undefined) {
  if (!requestId) return undefined
  const [earlier] = await tx.select().from(payments).where(eq(payments.requestId, requestId))
  if (earlier && earlier.trialRequestId !== personId) {
    throw conflict('requestId belongs to another payment')
  }
  return earlier
}

/** What a replayed submission answers: its payment and the person as they are now. */
type Replayed = { isReplay: true; settled: Settled }

/**
 * Records money an admin received elsewhere as a `manual` payment and settles it through the same
 * step as a provider's confirmation (settleWithin), in the caller's transaction: so every paid
 * month has its payment, and a change is never made twice. The person's row is locked first,
 * so a retried submission (the same requestId) waits for the first and records nothing more.
 */
export async function settleManualPayment(
  tx: Db,
  personId: string,
  input: ManualPayment,
  { createdBy, ...options }: SettleOptions & { createdBy: string },
): Promise<{ isReplay: false; settled: Settled } | Replayed> {
  const [person] = await tx
    .select()
    .from(trialRequests)
    .where(eq(trialRequests.id, personId))
    .for('update')
  if (!person) throw notFound('Trial request not found')
  const earlier = await earlierPayment(tx, personId, input.requestId)
  if (earlier) {
    const settled = {
      payment: earlier,
      person: presentTrialRequest(person),
      lineId: null,
      notification: null,
      status: earlier.status,
      settledNow: false,
    }
    return { isReplay: true, settled }
  }
  const named = input.plan ?? { name: person.paidPlan ?? '' }
  const plan = await findPlan(tx, named)
  const listPrice = plan ? renewalPrice(plan, input.months) : null
  const amount = input.amount ?? listPrice
  if (amount === null) throw invalidField('amount', 'amount is required: the plan has no price')
  const amountMinor = toCents(amount)!
  if (amountMinor <= 0) throw invalidField('amount', 'amount must be more than 0')
  const listMinor = listPrice === null ? amountMinor : toCents(listPrice)!
  const [payment] = await tx
    .insert(payments)
    .values({
      trialRequestId: personId,
      planId: plan?.id ?? null,
      planName: plan?.name ?? ('name' in named ? named.name : ''),
      months: input.months,
      amountMinor,
      listAmountMinor: listMinor,
      currency: (plan?.currency ?? platformCurrency).toUpperCase(),
      provider: 'manual',
      method: input.method ?? 'other',
      reference: input.reference ?? null,
      requestId: input.requestId ?? null,
      createdBy,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning()
  const confirmation = { amountMinor, currency: payment!.currency, via: 'manual' as const }
  return { isReplay: false, settled: await settleWithin(tx, payment!.id, confirmation, options) }
}
