import { and, eq, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { renewalGiveUpDays } from '../../../../common/renewals'
import { autoRenewals } from '../../../db/schema/auto-renewals'
import { payments } from '../../../db/schema/payments'
import { recordSystemAudit } from '../../audit/audit.service'
import { changePersonLine } from '../../m3u/line-changes'
import { getRenewalSettings } from '../../settings/settings.service'
import { markRenewalPastDue } from '../../subscriptions/auto-renewal-state'
import { followRenewalLine, giveUpRenewal } from './renewal-outcomes'
import { notToldYet, queueRenewalMessage, type RenewalMessageKind } from './renewal-messages'

const day = 24 * 60 * 60 * 1000

/** Unpaid renewals whose person's renewal is in `status`, their period ended before `before`. */
const unpaid = (
  app: FastifyInstance,
  status: 'retrying' | null,
  before: Date,
  unlessTold?: RenewalMessageKind,
) =>
  app.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(autoRenewals, eq(autoRenewals.trialRequestId, payments.trialRequestId))
    .where(
      and(
        eq(payments.kind, 'renewal'),
        eq(payments.status, 'pending'),
        lte(payments.renewsPeriodEnd, before),
        status ? eq(autoRenewals.status, status) : undefined,
        unlessTold
          ? notToldYet(unlessTold, payments.trialRequestId, payments.renewsPeriodEnd)
          : undefined,
      ),
    )

/**
 * A declined renewal's grace period: the day before it ends the customer is told their line goes
 * off (once), and when it ends the line is disabled on the panel and the renewal is past due. A
 * payment later turns it on again (the settle step). Answers how many lines went off.
 */
export async function passGracePeriods(app: FastifyInstance): Promise<number> {
  const now = app.now()
  const { renewalGraceDays } = await getRenewalSettings(app.db)
  const graceMs = renewalGraceDays * day
  for (const { payment } of await unpaid(
    app,
    'retrying',
    new Date(now.getTime() - graceMs + day),
  )) {
    const lineOffAt = new Date(payment.renewsPeriodEnd!.getTime() + graceMs)
    const renewal = {
      ...payment,
      personId: payment.trialRequestId!,
      periodEnd: payment.renewsPeriodEnd!,
    }
    await app.db.transaction((tx) =>
      queueRenewalMessage(tx, app.config, 'renewal_line_off', renewal, { endAt: lineOffAt, now }),
    )
  }
  let linesOff = 0
  for (const { payment } of await unpaid(app, 'retrying', new Date(now.getTime() - graceMs))) {
    const personId = payment.trialRequestId!
    const lineId = await app.db.transaction(async (tx) => {
      if (!(await markRenewalPastDue(tx, personId, now))) return null
      const entry = { action: 'trial_request.renewal_line_off', entityId: personId }
      await recordSystemAudit(tx, [entry], 'trial_request', now)
      linesOff += 1
      return changePersonLine(tx, personId, { isEnabled: false }, now)
    })
    followRenewalLine(app, lineId)
  }
  return linesOff
}

/** Renewals unpaid 8 days after their end end there, retries or not. Answers how many. */
export async function endOverdueRenewals(app: FastifyInstance): Promise<number> {
  const now = app.now()
  const overdue = await unpaid(app, null, new Date(now.getTime() - renewalGiveUpDays * day))
  for (const { payment } of overdue) {
    const lineId = await app.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(payments)
        .where(eq(payments.id, payment.id))
        .for('update')
      if (current?.status !== 'pending') return null
      const reason = `Unpaid ${renewalGiveUpDays} days after the end`
      return giveUpRenewal(tx, app, current, reason, now)
    })
    followRenewalLine(app, lineId)
  }
  return overdue.length
}
