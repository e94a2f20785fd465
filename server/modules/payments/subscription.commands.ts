import { auditAction, auditedChange, type CommandContext } from '../audit/command'
import { changePersonLine } from '../m3u/line-changes'
import { followLineAs, type LineFollower } from '../m3u/line-follow'
import { takeBackRenewals } from '../subscriptions/subscription-extend.service'
import { deleteSubscription } from '../subscriptions/subscriptions.service'
import { revertPaymentsOf } from './revert-payments'

export const deleteSubscriptionAction = auditAction('trial_request', 'delete_subscription')

/**
 * A paid subscription taken back: the person is a trial again, their renewals and payments
 * undone, their line disabled (recorded with the change, then pushed: why not yet, or null).
 */
export async function takeBackSubscription(
  ctx: CommandContext & { follower: LineFollower },
  personId: string,
) {
  const now = ctx.now()
  const entry = { entityId: personId, details: null }
  const { person, lineId } = await auditedChange(
    ctx,
    deleteSubscriptionAction,
    entry,
    async (tx) => {
      const person = await deleteSubscription(tx, personId, now)
      await takeBackRenewals(tx, personId)
      await revertPaymentsOf(tx, personId, now)
      return { person, lineId: await changePersonLine(tx, personId, { isEnabled: false }, now) }
    },
  )
  const lineProblem = await followLineAs(ctx.follower, lineId)
  return { person, lineProblem }
}
