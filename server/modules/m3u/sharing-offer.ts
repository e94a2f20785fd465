import { and, asc, eq, gt } from 'drizzle-orm'
import type { MessageChannel } from '../../../common/messages'
import { screensLabel } from '../../../common/plans'
import type { Db } from '../../db/client'
import { lineSharing } from '../../db/schema/line-activity'
import { m3uLines } from '../../db/schema/m3u-lines'
import { plans } from '../../db/schema/plans'
import { trialRequests } from '../../db/schema/trial-requests'
import { conflict, notFound } from '../../lib/http-error'
import { queueMessage } from '../messages/outbox.service'
import { boundChatOf } from '../telegram/bindings.service'

/**
 * "Offer a bigger plan" for a flagged line: the active plan with the fewest screens above the
 * line's (the cheapest of those), offered to its person by e-mail, and on Telegram when they bound
 * a chat, through the outbox in the caller's transaction; the message's "Renew now" signs them in
 * to pay. Nothing changes on the line itself.
 */
export async function offerBiggerPlan(tx: Db, lineId: string, actor: string, now: Date) {
  const [line] = await tx
    .select({
      screens: lineSharing.screens,
      personId: trialRequests.id,
      email: trialRequests.email,
    })
    .from(lineSharing)
    .innerJoin(m3uLines, eq(m3uLines.id, lineSharing.lineId))
    .leftJoin(trialRequests, eq(trialRequests.id, m3uLines.trialRequestId))
    .where(and(eq(lineSharing.lineId, lineId), eq(lineSharing.isFlagged, true)))
  if (!line) throw notFound('This line is not flagged as likely shared')
  if (!line.personId || !line.email) throw conflict('This line serves nobody to offer a plan to')
  const [plan] = await tx
    .select({ id: plans.id, name: plans.name, screens: plans.maxConnections })
    .from(plans)
    .where(and(eq(plans.active, true), gt(plans.maxConnections, line.screens)))
    .orderBy(asc(plans.maxConnections), asc(plans.price), asc(plans.sortOrder))
    .limit(1)
  if (!plan) throw conflict(`No active plan has more than ${screensLabel(line.screens)}`)
  await queueMessage(
    tx,
    {
      kind: 'bigger_plan_offer',
      recipient: line.email,
      trialRequestId: line.personId,
      lineId,
      variables: { planName: plan.name, screens: screensLabel(plan.screens) },
    },
    now,
  )
  await tx
    .update(lineSharing)
    .set({ offeredAt: now, offeredBy: actor })
    .where(eq(lineSharing.lineId, lineId))
  const isOnTelegram = (await boundChatOf(tx, line.personId)) !== null
  const channels: MessageChannel[] = isOnTelegram ? ['email', 'telegram'] : ['email']
  return {
    planId: plan.id,
    planName: plan.name,
    screens: plan.screens,
    channels,
  }
}
