import type { FastifyInstance } from 'fastify'
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
import { conflict, HttpError, invalidField, notFound } from '../../lib/http-error'
import { auditAs, inAuditedTransaction } from '../audit/audited-transaction'
import { findLoginCandidate, getAdminUser, recordLogin } from '../admins/admins.service'
import {
  changePassword,
  findCredentials,
  setFirstPassword,
  setStaffPassword,
} from './account.service'
import { spendOneTimeCode } from './one-time-code'
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
        audit: { action: 'admin_user.change_password', entity: 'admin_user' },
      },
      schema: {
        body: newPasswordInput,
        response: { 204: z.null(), 400: apiErrorBody, 409: apiErrorBody },
      },
    },
    async (request, reply) => {
      const admin = request.admin!
      if (!admin.mustSetPassword) {
        throw conflict('Change your password with your current one, under your account.')
      }
      const { newPassword } = request.body
      const problem = passwordProblem(newPassword, admin.username)
      if (problem) throw invalidField('newPassword', problem)
      const hash = await hashPassword(newPassword, app.passwordCost)
      const ended = await inAuditedTransaction(
        request,
        (tx) => setFirstPassword(tx, admin, hash, app.now()),
        { entityId: admin.id, details: { fields: ['password'] } },
      )
      await app.bus.publish({ kind: 'admin_sessions_ended', userId: admin.id, sessionIds: ended })
      await app.bus.publish({ kind: 'admin_account_changed', userId: admin.id })
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

  // A staff account's new password, chosen by a super admin (a restore leaves every account
  // without one): the trail says it was set, never what to. Passwords are auth's (decision 0046).
  app.put(
    '/api/admin/users/:id/password',
    {
      config: { role: 'super_admin', ...audit('set_password') },
      schema: {
        params: idParams,
        body: setAdminPasswordInput,
        response: { 204: z.null(), 400: apiErrorBody, 404: apiErrorBody },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const target = await getAdminUser(app.db, id)
      if (!target) throw notFound('Admin user not found')
      const { password } = request.body
      const problem = passwordProblem(password, target.username)
      if (problem) throw invalidField('password', problem)
      const passwordHash = await hashPassword(password, app.passwordCost)
      await inAuditedTransaction(
        request,
        (tx) => setStaffPassword(tx, id, passwordHash, request.admin!.id, app.now()),
        { entityId: id, details: { fields: ['password'] } },
      )
      await app.bus.publish({ kind: 'admin_sessions_ended', userId: id, sessionIds: null })
      return reply.code(204).send(null)
    },
  )
}
