import { and, eq, isNotNull } from 'drizzle-orm'
import { payments } from '../../../db/schema/payments'
import { trialRequests } from '../../../db/schema/trial-requests'
import { conflict, notFound } from '../../../lib/http-error'
import { recordAudit } from '../../audit/audit.service'
import { actingAdmin, auditAction, auditedChange, type CommandContext } from '../../audit/command'
import type { AppContext } from '../payment-context'
import { attemptRenewal, chargeOf } from './renewal-attempt'
import { renewalAuditDetails, switchRenewal, type RenewalSwitch } from './renewal-switch'

// Recorded on the person, where their trail is read.
export const renewalActions = {
  retry: auditAction('trial_request', 'retry_renewal'),
  choice: auditAction('trial_request', 'renewal'),
}

/**
 * Staff's Retry now: the person's unpaid renewal made due (with its entry), then charged at once,
 * outside that transaction, through the same attempt as the round's.
 */
export async function retryRenewalNow(ctx: AppContext, personId: string) {
  const charge = chargeOf(ctx.app)
  if (!charge) throw conflict('Stripe is not configured on this server: nothing to retry')
  const entry = { entityId: personId, details: null }
  const paymentId = await auditedChange(ctx, renewalActions.retry, entry, async (tx) => {
    const [person] = await tx
      .select({ id: trialRequests.id })
      .from(trialRequests)
      .where(eq(trialRequests.id, personId))
    if (!person) throw notFound('Trial request not found')
    const [renewal] = await tx
      .update(payments)
      .set({ retryAt: ctx.now(), updatedAt: ctx.now() })
      .where(
        and(
          eq(payments.trialRequestId, person.id),
          eq(payments.kind, 'renewal'),
          isNotNull(payments.renewsPeriodEnd),
          eq(payments.status, 'pending'),
        ),
      )
      .returning({ id: payments.id })
    if (!renewal) throw conflict('There is no unpaid renewal to retry')
    return renewal.id
  })
  const tried = await attemptRenewal(ctx.app, paymentId, charge)
  if (tried.outcome === 'not_due') throw conflict('The renewal is being charged right now')
  return tried
}

/** Staff turn a person's automatic renewal on or off, as the customer could (no offer first). */
export async function switchRenewalForPerson(
  ctx: CommandContext,
  { personId, autoRenew }: { personId: string; autoRenew: boolean },
): Promise<void> {
  const choice = { autoRenew }
  const entry = { entityId: personId, details: renewalAuditDetails(choice) }
  await switchRenewal(ctx, personId, choice, {
    by: actingAdmin(ctx).username,
    inTransaction: (change) => auditedChange(ctx, renewalActions.choice, entry, change),
  })
}

/**
 * The customer's own switch, on their page: the first time off, the retention offer may come
 * first. The entry is theirs (as `customer`), unless only the offer was made.
 */
export async function chooseOwnRenewal(
  ctx: CommandContext,
  { personId, choice }: { personId: string; choice: RenewalSwitch },
) {
  return switchRenewal(ctx, personId, choice, {
    by: 'customer',
    inTransaction: (change) =>
      ctx.db.transaction(async (tx) => {
        const switched = await change(tx)
        if (switched.offer) return switched
        await recordAudit(tx, {
          actor: { id: null, username: 'customer' },
          action: renewalActions.choice.action,
          entityType: renewalActions.choice.entity,
          entityId: personId,
          details: renewalAuditDetails(choice),
          now: ctx.now(),
        })
        return switched
      }),
  })
}
