import type { AgentProfile } from '../../../common/support'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  type CommandContext,
} from '../audit/command'
import { setAgentProfile } from './agent-profile.service'

export const setSupportNameAction = auditAction('admin_user', 'set_support_name')

/** The name the acting admin's replies are signed with. */
export async function setSupportName(ctx: CommandContext, profile: AgentProfile) {
  const { id } = actingAdmin(ctx)
  return auditedChange(
    ctx,
    setSupportNameAction,
    { entityId: id, details: fieldsOf(profile) },
    (tx) => setAgentProfile(tx, id, profile, ctx.now()),
  )
}
