import { conflict, invalidField, notFound } from '../../lib/http-error'
import { passwordProblem } from '../../lib/password-policy'
import { hashPassword } from '../../lib/passwords'
import { getAdminUser } from '../admins/admins.service'
import type { HashingContext } from '../admins/admins.commands'
import { actingAdmin, auditAction, auditedChange, type CommandContext } from '../audit/command'
import {
  changePassword,
  findCredentials,
  setFirstPassword,
  setStaffPassword,
} from './account.service'
import type { CountedAttempt } from './credential-attempts'
import { checkPassword } from './credential-checks'
import { deleteAllSessionsOf, type AdminIdentity } from './sessions.service'

export const accountActions = {
  changePassword: auditAction('admin_user', 'change_password'),
  signOut: auditAction('admin_user', 'sign_out'),
  setPassword: auditAction('admin_user', 'set_password'),
}

// The trail says a password was set, never what to.
const passwordSet = { fields: ['password'] }

/** The signed-in session's own: its flags and id, not only who acts. */
type Session = Pick<AdminIdentity, 'id' | 'username' | 'sessionId' | 'mustSetPassword'>

/**
 * The one thing a session opened with a one-time code does: choose the account's password. The
 * admin's other sessions end, in every process.
 */
export async function setFirstPasswordCommand(
  ctx: HashingContext,
  { session, newPassword }: { session: Session; newPassword: string },
): Promise<void> {
  if (!session.mustSetPassword) {
    throw conflict('Change your password with your current one, under your account.')
  }
  const problem = passwordProblem(newPassword, session.username)
  if (problem) throw invalidField('newPassword', problem)
  const hash = await hashPassword(newPassword, ctx.passwordCost)
  const entry = { entityId: session.id, details: passwordSet }
  const ended = await auditedChange(ctx, accountActions.changePassword, entry, (tx) =>
    setFirstPassword(tx, session, hash, ctx.now()),
  )
  await ctx.bus.publish({ kind: 'admin_sessions_ended', userId: session.id, sessionIds: ended })
  await ctx.bus.publish({ kind: 'admin_account_changed', userId: session.id })
}

/**
 * An admin's own new password, given the current one (the attempt counts against the sign-in
 * limits: a stolen session must not become a way to guess it at full speed).
 */
export async function changeOwnPassword(
  ctx: HashingContext & { attempt: CountedAttempt },
  input: { session: Session; currentPassword: string; newPassword: string },
): Promise<void> {
  const { session, currentPassword, newPassword } = input
  const { attempt } = ctx
  const now = ctx.now()
  const account = await findCredentials(ctx.db, session.id)
  const stored = account?.password ?? null
  if (!(await checkPassword(attempt, currentPassword, stored, ctx.passwordCost))) {
    throw invalidField('currentPassword', 'Current password is incorrect')
  }
  // The password alone does not clear the count of an account with a second factor: codes
  // guessed on the two-factor routes share it.
  if (account?.totpSecret) await attempt.passwordAccepted()
  else await attempt.succeeded()
  const problem =
    newPassword === currentPassword
      ? 'Choose a password different from the current one'
      : passwordProblem(newPassword, session.username)
  if (problem) throw invalidField('newPassword', problem)
  const hash = await hashPassword(newPassword, ctx.passwordCost)
  const entry = { entityId: session.id, details: passwordSet }
  const ended = await auditedChange(ctx, accountActions.changePassword, entry, (tx) =>
    changePassword(tx, session, hash, now),
  )
  await ctx.bus.publish({ kind: 'admin_sessions_ended', userId: session.id, sessionIds: ended })
}

/** Every session of a staff account ended, in every process and on its sockets. */
export async function signOutEverywhere(ctx: CommandContext, id: string): Promise<void> {
  await auditedChange(ctx, accountActions.signOut, { entityId: id, details: null }, (tx) =>
    deleteAllSessionsOf(tx, id),
  )
  await ctx.bus.publish({ kind: 'admin_sessions_ended', userId: id, sessionIds: null })
}

/** A staff account's new password, chosen by a super admin; its sessions end. */
export async function setStaffPasswordCommand(
  ctx: HashingContext,
  { id, password }: { id: string; password: string },
): Promise<void> {
  const { id: actorId } = actingAdmin(ctx)
  const target = await getAdminUser(ctx.db, id)
  if (!target) throw notFound('Admin user not found')
  const problem = passwordProblem(password, target.username)
  if (problem) throw invalidField('password', problem)
  const passwordHash = await hashPassword(password, ctx.passwordCost)
  const entry = { entityId: id, details: passwordSet }
  await auditedChange(ctx, accountActions.setPassword, entry, (tx) =>
    setStaffPassword(tx, id, passwordHash, actorId, ctx.now()),
  )
  await ctx.bus.publish({ kind: 'admin_sessions_ended', userId: id, sessionIds: null })
}
