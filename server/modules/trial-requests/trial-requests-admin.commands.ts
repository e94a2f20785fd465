import type { z } from 'zod'
import type { bulkStageInput } from '../../../common/people'
import type {
  trialRequestStatusInput,
  updateTrialRequestInput,
} from '../../../common/trial-requests'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type CommandContext,
} from '../audit/command'
import { changePersonLine } from '../m3u/line-changes'
import { followLineAs, type LineFollower } from '../m3u/line-follow'
import { setStageOfMany } from './bulk-stage.service'
import {
  deleteTrialRequest,
  setTrialRequestStatus,
  updateTrialRequest,
} from './trial-requests-admin.service'

const action = (verb: string) => auditAction('trial_request', verb)
export const trialRequestActions = {
  update: action('update'),
  bulkStatus: action('bulk_status'),
  status: action('status'),
  remove: action('delete'),
}

export async function updateTrialRequestCommand(
  ctx: CommandContext,
  { id, changes }: { id: string; changes: z.output<typeof updateTrialRequestInput> },
) {
  const entry = { entityId: id, details: fieldsOf(changes) }
  return auditedChange(ctx, trialRequestActions.update, entry, (tx) =>
    updateTrialRequest(tx, id, changes, ctx.now()),
  )
}

/** "Mark contacted" on the selected rows: one transaction, an entry per person besides this. */
export async function setStageOfManyCommand(
  ctx: CommandContext,
  input: z.output<typeof bulkStageInput>,
) {
  const admin = actingAdmin(ctx)
  const entry = { entityId: null, details: fieldsOf(input) }
  return auditedChange(ctx, trialRequestActions.bulkStatus, entry, (tx) =>
    setStageOfMany(tx, input, admin, ctx.now()),
  )
}

export async function setStatusCommand(
  ctx: CommandContext,
  { id, status }: { id: string } & z.output<typeof trialRequestStatusInput>,
) {
  const entry = { entityId: id, details: fieldsOf({ status }) }
  return auditedChange(ctx, trialRequestActions.status, entry, (tx) =>
    setTrialRequestStatus(tx, id, { status }, ctx.now()),
  )
}

/** A person deleted; their line outlives them (and its history with it), disabled on the panel. */
export async function deleteTrialRequestCommand(
  ctx: CommandContext & { follower: LineFollower },
  id: string,
): Promise<void> {
  const entry = { entityId: id, details: null }
  const lineId = await auditedChange(ctx, trialRequestActions.remove, entry, async (tx) => {
    const lineId = await changePersonLine(tx, id, { isEnabled: false }, ctx.now())
    await deleteTrialRequest(tx, id)
    return lineId
  })
  await followLineAs(ctx.follower, lineId)
}
