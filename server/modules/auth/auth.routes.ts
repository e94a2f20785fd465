import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminLoginInput,
  adminSession,
  adminUser,
  changePasswordInput,
  twoFactorChallenge,
} from '../../../common/admin-users'
import { apiErrorBody, idParams } from '../../../common/api'
import { HttpError, invalidField } from '../../lib/http-error'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { findLoginCandidate, getAdminUser, recordLogin } from '../admins/admins.service'
import { changePassword, findCredentials } from './account.service'
import { countedAttempt } from './credential-attempts'
import { checkPassword } from './credential-checks'
import { passwordProblem } from '../../lib/password-policy'
import { hashPassword } from '../../lib/passwords'
import { ownAccount } from './own-account'
import { clearSessionCookie, setSessionCookie } from './session-cookie'
import {
  createSession,
  deleteAllSessionsOf,
  deleteSession,
  type AdminIdentity,
} from './sessions.service'
import { acceptSecondFactor } from './two-factor.service'

const audit = auditAs('admin_user')

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  /** Ends the caller's session here and, through the bus, in every process and on its sockets. */
  async function endSession(admin: AdminIdentity) {
    await deleteSession(app.db, admin.sessionId)
    await app.bus.publish({
      kind: 'admin_sessions_ended',
      userId: admin.id,
      sessionIds: [admin.sessionId],
    })
  }

  app.post(
    '/api/admin/login',
    {
      config: { public: true, checksCredentials: true },
      schema: {
        body: adminLoginInput,
        response: {
          200: z.object({ user: adminUser }),
          400: apiErrorBody,
          // A right password on an account with a second factor asks for the code.
          401: z.union([twoFactorChallenge, apiErrorBody]),
          429: apiErrorBody,
          // A burst beyond the password-hashing queue is refused at once.
          503: apiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { username, password, code } = request.body
      const now = app.now()
      const attempt = countedAttempt(request)
      const candidate = await findLoginCandidate(app.db, username)
      const isValid = await checkPassword(
        attempt,
        password,
        candidate?.password ?? null,
        app.passwordCost,
      )
      if (!candidate || !isValid || !candidate.active) {
        throw new HttpError(401, 'Invalid credentials')
      }
      if (candidate.totpSecret) {
        if (code === undefined) {
          await attempt.passwordAccepted()
          return reply.code(401).send({
            message: 'Enter the 6-digit code from your authenticator app',
            twoFactorRequired: true,
          })
        }
        const user = { id: candidate.id, totpSecret: candidate.totpSecret }
        if (!(await acceptSecondFactor(app.db, attempt, user, code, now))) {
          return reply.code(401).send({
            message: 'That code is not right, or it was already used',
            twoFactorRequired: true,
          })
        }
      }
      await attempt.succeeded()
      // A fresh token on every login; the caller's previous session, if any, ends here.
      if (request.admin) await endSession(request.admin)
      const session = await createSession(app.db, candidate.id, now)
      setSessionCookie(request, reply, session.token, session.maxAgeSeconds)
      return { user: await recordLogin(app.db, candidate.id, now) }
    },
  )

  app.post(
    '/api/admin/logout',
    {
      config: { public: true, beforeTwoFactorSetup: true },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.admin) await endSession(request.admin)
      clearSessionCookie(request, reply)
      return reply.code(204).send(null)
    },
  )

  const session = { response: { 200: adminSession } }
  app.get('/api/admin/session', { config: ownAccount, schema: session }, async (request) => {
    const user = await getAdminUser(app.db, request.admin!.id)
    if (!user) throw new HttpError(401, 'Authentication required')
    return { user, mustSetUpTwoFactor: request.admin!.mustSetUpTwoFactor }
  })

  app.post(
    '/api/admin/password',
    {
      config: {
        ...ownAccount,
        // A stolen session must not become a way to guess the password at full speed.
        checksCredentials: true,
        audit: { action: 'admin_user.change_password', entity: 'admin_user' },
      },
      schema: {
        body: changePasswordInput,
        response: { 204: z.null(), 400: apiErrorBody, 429: apiErrorBody },
      },
    },
    async (request, reply) => {
      const admin = request.admin!
      const { currentPassword, newPassword } = request.body
      const now = app.now()
      const attempt = countedAttempt(request)
      const account = await findCredentials(app.db, admin.id)
      if (
        !(await checkPassword(
          attempt,
          currentPassword,
          account?.password ?? null,
          app.passwordCost,
        ))
      ) {
        throw invalidField('currentPassword', 'Current password is incorrect')
      }
      // The password alone does not clear the count of an account with a second factor: codes
      // guessed on the two-factor routes share it.
      if (account?.totpSecret) await attempt.passwordAccepted()
      else await attempt.succeeded()
      const problem =
        newPassword === currentPassword
          ? 'Choose a password different from the current one'
          : passwordProblem(newPassword, admin.username)
      if (problem) throw invalidField('newPassword', problem)
      const hash = await hashPassword(newPassword, app.passwordCost)
      const ended = await inAuditedTransaction(
        request,
        (tx) => changePassword(tx, admin, hash, now),
        { entityId: admin.id, details: { fields: ['password'] } },
      )
      await app.bus.publish({ kind: 'admin_sessions_ended', userId: admin.id, sessionIds: ended })
      return reply.code(204).send(null)
    },
  )

  // Ending an admin's sessions is the sessions' owner's (decision 0046); the URL is the staff page's.
  app.post(
    '/api/admin/users/:id/sign-out',
    {
      config: { role: 'super_admin', ...audit('sign_out') },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { id } = request.params
      await inAuditedTransaction(request, (tx) => deleteAllSessionsOf(tx, id))
      await app.bus.publish({ kind: 'admin_sessions_ended', userId: id, sessionIds: null })
      return reply.code(204).send(null)
    },
  )
}
