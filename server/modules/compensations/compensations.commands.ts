import type { z } from 'zod'
import type { compensationInput } from '../../../common/compensations'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  resultId,
  type CommandContext,
} from '../audit/command'
import { startCompensation } from './compensation-start'

export const startCompensationAction = auditAction('compensation', 'create')

/**
 * Days for every active subscription, ordered by the acting admin: recorded here with its list of
 * subscriptions, worked through by the job (compensation-run.ts). The same `requestId` again
 * answers the first and is recorded as a replay.
 */
export async function orderCompensation(
  ctx: CommandContext,
  input: z.output<typeof compensationInput>,
): Promise<{ id: string }> {
  const { username } = actingAdmin(ctx)
  const entry = {
    entityId: resultId,
    details: ({ isReplay }: { isReplay: boolean }) =>
      isReplay ? { outcome: 'replayed' as const } : fieldsOf(input),
  }
  const { id } = await auditedChange(ctx, startCompensationAction, entry, (tx) =>
    startCompensation(tx, input, { createdBy: username, now: ctx.now() }),
  )
  return { id }
}
