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
import { getAdminUser } from '../admins/admins.service'
import {
  accountActions,
  changeOwnPassword,
  setFirstPasswordCommand,
  setStaffPasswordCommand,
  signOutEverywhere,
} from './account.commands'
import { countedAttempt } from './credential-attempts'
import { ownAccount } from './own-account'
import { clearSessionCookie, setSessionCookie } from './session-cookie'
import { endSession, signIn } from './sign-in.commands'

/** The request's command context, with the installation's cost of a new password hash. */
const hashingContext = (request: FastifyRequest) => ({
  ...commandContext(request),
  passwordCost: request.server.passwordCost,
})

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

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
      const ctx = { ...hashingContext(request), attempt: countedAttempt(request) }
      const outcome = await signIn(ctx, { ...request.body, previous: request.admin })
      if ('challenge' in outcome) {
        return reply.code(401).send({ message: outcome.challenge, twoFactorRequired: true })
      }
      setSessionCookie(request, reply, outcome.session.token, outcome.session.maxAgeSeconds)
      return { user: outcome.user }
    },
  )

  app.post(
    '/api/admin/logout',
    {
      config: { public: true, beforeTwoFactorSetup: true, beforePasswordSet: true },
      schema: { response: { 204: z.null() } },
    },
    async (request, reply) => {
      if (request.admin) await endSession(commandContext(request), request.admin)
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
