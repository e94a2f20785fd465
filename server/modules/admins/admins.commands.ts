import type { AdminRole, CreateAdminUser } from '../../../common/admin-users'
import { invalidField } from '../../lib/http-error'
import { passwordProblem } from '../../lib/password-policy'
import { hashPassword, type ScryptCost } from '../../lib/passwords'
import {
  actingAdmin,
  auditAction,
  auditedChange,
  fieldsOf,
  resultId,
  type CommandContext,
} from '../audit/command'
import { changeAdminRole, createAdminUser, deleteAdminUser } from './admins.service'

/** Commands that choose a password hash it at the installation's cost. */
export type HashingContext = CommandContext & { passwordCost: ScryptCost }

export const adminActions = {
  create: auditAction('admin_user', 'create'),
  changeRole: auditAction('admin_user', 'change_role'),
  remove: auditAction('admin_user', 'delete'),
}

/** A new staff account, its password held to the policy. */
export async function createAdmin(ctx: HashingContext, input: CreateAdminUser) {
  const { username, password, role } = input
  const problem = passwordProblem(password, username)
  if (problem) throw invalidField('password', problem)
  const passwordHash = await hashPassword(password, ctx.passwordCost)
  const entry = { entityId: resultId, details: fieldsOf(input) }
  return auditedChange(ctx, adminActions.create, entry, (tx) =>
    createAdminUser(tx, { username, passwordHash, role }),
  )
}

/** Another admin's role, from their next request in every process. */
export async function changeRole(ctx: CommandContext, input: { id: string; role: AdminRole }) {
  const { id, role } = input
  const { id: actorId } = actingAdmin(ctx)
  const entry = { entityId: id, details: fieldsOf({ role }) }
  const user = await auditedChange(ctx, adminActions.changeRole, entry, (tx) =>
    changeAdminRole(tx, id, role, actorId, ctx.now()),
  )
  // Every process forgets what it kept of their sessions: the next request meets the new role.
  await ctx.bus.publish({ kind: 'admin_role_changed', userId: id, role: user.role })
  return user
}

/** Another admin's account, gone with its sessions. */
export async function deleteAdmin(ctx: CommandContext, id: string): Promise<void> {
  const { id: actorId } = actingAdmin(ctx)
  await auditedChange(ctx, adminActions.remove, { entityId: id, details: null }, (tx) =>
    deleteAdminUser(tx, id, actorId),
  )
  // Their sessions went with the account (cascade); their open sockets are told after commit.
  await ctx.bus.publish({ kind: 'admin_sessions_ended', userId: id, sessionIds: null })
}
