import type { AdminUser } from '../../../common/admin-users'
import { HttpError } from '../../lib/http-error'
import { findLoginCandidate, recordLogin } from '../admins/admins.service'
import type { HashingContext } from '../admins/admins.commands'
import type { CommandContext } from '../audit/command'
import type { CountedAttempt } from './credential-attempts'
import { checkPassword } from './credential-checks'
import { spendOneTimeCode } from './one-time-code'
import { createSession, deleteSession, type AdminIdentity } from './sessions.service'
import { acceptSecondFactor } from './two-factor.service'

type Session = Pick<AdminIdentity, 'id' | 'sessionId'>

/** Ends a session here and, through the bus, in every process and on its sockets. */
export async function endSession(ctx: CommandContext, session: Session): Promise<void> {
  await deleteSession(ctx.db, session.sessionId)
  await ctx.bus.publish({
    kind: 'admin_sessions_ended',
    userId: session.id,
    sessionIds: [session.sessionId],
  })
}

type SignInInput = {
  username: string
  password: string
  code?: string
  /** The caller's session, if any: it ends, and a fresh token replaces it. */
  previous: Session | null
}

type SignInOutcome =
  /** A right password on an account with a second factor: the code is asked for, or was wrong. */
  { challenge: string } | { session: Awaited<ReturnType<typeof createSession>>; user: AdminUser }

/**
 * An admin's sign-in: the password, then the second factor's code when the account has one (a
 * right password without it answers a challenge), or a restore's one-time code, which opens a
 * session that can only set a new password.
 */
export async function signIn(
  ctx: HashingContext & { attempt: CountedAttempt },
  { username, password, code, previous }: SignInInput,
): Promise<SignInOutcome> {
  const { attempt } = ctx
  const now = ctx.now()
  const candidate = await findLoginCandidate(ctx.db, username)
  const isValid = await checkPassword(
    attempt,
    password,
    candidate?.password ?? null,
    ctx.passwordCost,
  )
  if (!candidate || !isValid || !candidate.active) {
    throw new HttpError(401, 'Invalid credentials')
  }
  if (candidate.totpSecret) {
    if (code === undefined) {
      await attempt.passwordAccepted()
      return { challenge: 'Enter the 6-digit code from your authenticator app' }
    }
    const user = { id: candidate.id, totpSecret: candidate.totpSecret }
    if (!(await acceptSecondFactor(ctx.db, attempt, user, code, now))) {
      return { challenge: 'That code is not right, or it was already used' }
    }
  }
  // A one-time code (a restore's) signs in once, before it expires, into a session that can
  // only set a new password.
  const isCode = candidate.passwordCodeExpiresAt !== null
  if (isCode && candidate.passwordCodeExpiresAt! <= now) {
    throw new HttpError(401, 'This one-time code has expired: ask a super admin for a new password')
  }
  if (isCode && !(await spendOneTimeCode(ctx.db, candidate.id, candidate.password))) {
    throw new HttpError(401, 'Invalid credentials')
  }
  await attempt.succeeded()
  // A fresh token on every login; the caller's previous session, if any, ends here.
  if (previous) await endSession(ctx, previous)
  const session = await createSession(ctx.db, candidate.id, now, { mustSetPassword: isCode })
  return { session, user: await recordLogin(ctx.db, candidate.id, now) }
}
