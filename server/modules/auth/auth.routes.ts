import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminLoginInput, changePasswordInput } from '../../../common/admin-users'
import { HttpError, invalidField, tooManyRequests } from '../../lib/http-error'
import { retryAfterText, secondsUntil } from '../../lib/rate-limiter'
import { inAuditedTransaction } from '../../plugins/audit'
import { findLoginCandidate, getAdminUser, recordLogin } from '../admins/admins.service'
import { changePassword, findPasswordHash } from './account.service'
import { createLoginThrottle } from './login-throttle'
import { passwordProblem } from './password-policy'
import { getDecoyHash, hashPassword, verifyPassword } from './passwords'
import { clearSessionCookie, setSessionCookie } from './session-cookie'
import { createSession, deleteSession, type AdminIdentity } from './sessions.service'
import { acceptSecondFactor } from './two-factor.service'

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const throttle = createLoginThrottle(app.rateLimiter)

  /** Ends the caller's session here and, through the bus, in every process and on its sockets. */
  async function endSession(admin: AdminIdentity) {
    await deleteSession(app.db, admin.sessionId)
    await app.bus.publish({
      kind: 'admin_sessions_ended',
      userId: admin.id,
      sessionIds: [admin.sessionId],
    })
  }

  /** Counts the attempt first; throws 429 while `ip` or `username` is locked out. */
  async function countAttempt(ip: string, username: string, now: Date) {
    const lockedUntil = await throttle.attempt(ip, username, now)
    if (lockedUntil) {
      throw tooManyRequests(
        `Too many failed login attempts. ${retryAfterText(lockedUntil, now)}`,
        secondsUntil(lockedUntil, now),
      )
    }
  }

  app.post(
    '/api/admin/login',
    { config: { public: true }, schema: { body: adminLoginInput } },
    async (request, reply) => {
      const { username, password, code } = request.body
      const now = app.now()
      await countAttempt(request.ip, username, now)
      const candidate = await findLoginCandidate(app.db, username)
      const isValid = await verifyPassword(password, candidate?.password ?? (await getDecoyHash()))
      if (!candidate || !isValid || !candidate.active) {
        throw new HttpError(401, 'Invalid credentials')
      }
      if (candidate.totpSecret) {
        if (code === undefined) {
          await throttle.passwordAccepted(request.ip)
          return reply.code(401).send({
            message: 'Enter the 6-digit code from your authenticator app',
            twoFactorRequired: true,
          })
        }
        const user = { id: candidate.id, totpSecret: candidate.totpSecret }
        if (!(await acceptSecondFactor(app.db, user, code, now))) {
          return reply.code(401).send({
            message: 'That code is not right, or it was already used',
            twoFactorRequired: true,
          })
        }
      }
      await throttle.succeeded(request.ip, username)
      // A fresh token on every login; the caller's previous session, if any, ends here.
      if (request.admin) await endSession(request.admin)
      const session = await createSession(app.db, candidate.id, now)
      setSessionCookie(request, reply, session.token, session.maxAgeSeconds)
      return { user: await recordLogin(app.db, candidate.id, now) }
    },
  )

  app.post(
    '/api/admin/logout',
    { config: { public: true, beforeTwoFactorSetup: true } },
    async (request, reply) => {
      if (request.admin) await endSession(request.admin)
      clearSessionCookie(request, reply)
      return reply.code(204).send()
    },
  )

  app.get('/api/admin/session', { config: { beforeTwoFactorSetup: true } }, async (request) => {
    const user = await getAdminUser(app.db, request.admin!.id)
    if (!user) throw new HttpError(401, 'Authentication required')
    return { user, mustSetUpTwoFactor: request.admin!.mustSetUpTwoFactor }
  })

  app.post(
    '/api/admin/password',
    {
      config: {
        beforeTwoFactorSetup: true,
        audit: { action: 'admin_user.change_password', entity: 'admin_user' },
      },
      schema: { body: changePasswordInput },
    },
    async (request, reply) => {
      const admin = request.admin!
      const { currentPassword, newPassword } = request.body
      const now = app.now()
      // A stolen session must not become a way to guess the password at full speed.
      await countAttempt(request.ip, admin.username, now)
      const stored = await findPasswordHash(app.db, admin.id)
      if (!stored || !(await verifyPassword(currentPassword, stored))) {
        throw invalidField('currentPassword', 'Current password is incorrect')
      }
      await throttle.succeeded(request.ip, admin.username)
      const problem =
        newPassword === currentPassword
          ? 'Choose a password different from the current one'
          : passwordProblem(newPassword, admin.username)
      if (problem) throw invalidField('newPassword', problem)
      const hash = await hashPassword(newPassword)
      const ended = await inAuditedTransaction(
        request,
        (tx) => changePassword(tx, admin, hash, now),
        { entityId: admin.id, details: { fields: ['password'] } },
      )
      await app.bus.publish({ kind: 'admin_sessions_ended', userId: admin.id, sessionIds: ended })
      return reply.code(204).send()
    },
  )
}
