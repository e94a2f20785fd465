import { inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { BulkStageResult, bulkStageInput } from '../../../common/people'
import type { Db } from '../../db/client'
import { trialRequests } from '../../db/schema/trial-requests'
import { recordAudit } from '../audit/audit.service'

type Actor = { id: string; username: string }

/**
 * Moves the requests to one follow-up stage; ids not found are skipped. Each person moved gets
 * their own `trial_request.status` entry (in the caller's transaction), so their timeline shows it.
 */
export async function setStageOfMany(
  tx: Db,
  { ids, status }: z.output<typeof bulkStageInput>,
  actor: Actor,
  now: Date,
): Promise<BulkStageResult> {
  const moved = await tx
    .update(trialRequests)
    .set({ status, updatedAt: now })
    .where(inArray(trialRequests.id, [...new Set(ids)]))
    .returning({ id: trialRequests.id })
  for (const { id } of moved) {
    await recordAudit(tx, {
      actor,
      action: 'trial_request.status',
      entityType: 'trial_request',
      entityId: id,
      details: { fields: ['status'] },
      now,
    })
  }
  return { updated: moved.length }
}
