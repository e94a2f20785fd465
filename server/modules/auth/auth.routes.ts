import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  adminLoginInput,
  adminSession,
  adminUser,
  changePasswordInput,
  newPasswordInput,
  setAdminPasswordInput,
  twoFactorChallenge,
} from '../../../common/admin-users'
import { apiErrorBody, idParams } from '../../../common/api'
import { HttpError } from '../../lib/http-error'
import { commandContext } from '../audit/command-context'
import { findLoginCandidate, getAdminUser, recordLogin } from '../admins/admins.service'
import {
  accountActions,
  changeOwnPassword,
  setFirstPasswordCommand,
  setStaffPasswordCommand,
  signOutEverywhere,
} from './account.commands'
import { spendOneTimeCode } from './one-time-code'
import { countedAttempt } from './credential-attempts'
import { checkPassword } from './credential-checks'
import { ownAccount } from './own-account'
import { clearSessionCookie, setSessionCookie } from './session-cookie'
import { createSession, deleteSession, type AdminIdentity } from './sessions.service'
import { acceptSecondFactor } from './two-factor.service'

/** The request's command context, with the installation's cost of a new password hash. */
const hashingContext = (request: FastifyRequest) => ({
  ...commandContext(request),
  passwordCost: request.server.passwordCost,
})

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
      // A one-time code (a restore's) signs in once, before it expires, into a session that can
      // only set a new password.
      const isCode = candidate.passwordCodeExpiresAt !== null
      if (isCode && candidate.passwordCodeExpiresAt! <= now) {
        throw new HttpError(
          401,
          'This one-time code has expired: ask a super admin for a new password',
        )
      }
      if (isCode && !(await spendOneTimeCode(app.db, candidate.id, candidate.password))) {
        throw new HttpError(401, 'Invalid credentials')
      }
      await attempt.succeeded()
      // A fresh token on every login; the caller's previous session, if any, ends here.
      if (request.admin) await endSession(request.admin)
      const session = await createSession(app.db, candidate.id, now, { mustSetPassword: isCode })
      setSessionCookie(request, reply, session.token, session.maxAgeSeconds)
      return { user: await recordLogin(app.db, candidate.id, now) }
    },
  )

  app.post(
    '/api/admin/logout',
    {
      config: { public: true, beforeTwoFactorSetup: true, beforePasswordSet: true },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.admin) await endSession(request.admin)
      clearSessionCookie(request, reply)
      return reply.code(204).send(null)
    },
  )

  const session = { response: { 200: adminSession } }
  app.get(
    '/api/admin/session',
    { config: { ...ownAccount, beforePasswordSet: true }, schema: session },
    async (request) => {
      const admin = request.admin!
      const user = await getAdminUser(app.db, admin.id)
      if (!user) throw new HttpError(401, 'Authentication required')
      const { mustSetUpTwoFactor, mustSetPassword } = admin
      return { user, mustSetUpTwoFactor, mustSetPassword }
    },
  )

  // The one thing a session opened with a one-time code does: choose the account's password.
  app.post(
    '/api/admin/new-password',
    {
      config: {
        ...ownAccount,
        beforePasswordSet: true,
        audit: accountActions.changePassword,
      },
      schema: {
        body: newPasswordInput,
        response: { 204: z.null(), 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const input = { session: request.admin!, newPassword: request.body.newPassword }
      await setFirstPasswordCommand(hashingContext(request), input)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/api/admin/password',
    {
      config: {
        ...ownAccount,
        // A stolen session must not become a way to guess the password at full speed.
        checksCredentials: true,
        audit: accountActions.changePassword,
      },
      schema: {
        body: changePasswordInput,
        response: { 204: z.null(), 400: apiErrorBody, 429: apiErrorBody },
      },
    },
    async (request, reply) => {
      const ctx = { ...hashingContext(request), attempt: countedAttempt(request) }
      await changeOwnPassword(ctx, { session: request.admin!, ...request.body })
      return reply.code(204).send(null)
    },
  )

  // Ending an admin's sessions is the sessions' owner's (decision 0046); the URL is the staff page's.
  app.post(
    '/api/admin/users/:id/sign-out',
    {
      config: { role: 'super_admin', audit: accountActions.signOut },
      schema: { params: idParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await signOutEverywhere(commandContext(request), request.params.id)
      return reply.code(204).send(null)
    },
  )

  // A staff account's new password, chosen by a super admin (a restore leaves every account
  // without one): the trail says it was set, never what to. Passwords are auth's (decision 0046).
  app.put(
    '/api/admin/users/:id/password',
    {
      config: { role: 'super_admin', audit: accountActions.setPassword },
      schema: {
        params: idParams,
        body: setAdminPasswordInput,
        response: { 204: z.null(), 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const input = { id: request.params.id, password: request.body.password }
      await setStaffPasswordCommand(hashingContext(request), input)
      return reply.code(204).send(null)
    },
  )
}
