import { actingAdmin, auditAction, auditedChange, type CommandContext } from '../audit/command'
import { dismissSharing } from './line-sharing'
import { offerBiggerPlan } from './sharing-offer'

export const sharingActions = {
  dismiss: auditAction('line_sharing', 'dismiss'),
  offer: auditAction('line_sharing', 'offer'),
}

/** A line's flag set aside: the operator judged it not shared. */
export async function dismissSharedLine(ctx: CommandContext, lineId: string): Promise<void> {
  const { username } = actingAdmin(ctx)
  await auditedChange(ctx, sharingActions.dismiss, { entityId: lineId, details: null }, (tx) =>
    dismissSharing(tx, lineId, username, ctx.now()),
  )
}

/** A bigger plan offered to the line's holder: queued through the outbox with its entry. */
export async function offerBiggerPlanFor(ctx: CommandContext, lineId: string) {
  const { username } = actingAdmin(ctx)
  const entry = {
    entityId: lineId,
    details: (made: { planName: string; channels: string[] }) => ({
      planName: made.planName,
      channels: made.channels.join(','),
    }),
  }
  return auditedChange(ctx, sharingActions.offer, entry, (tx) =>
    offerBiggerPlan(tx, lineId, username, ctx.now()),
  )
}
