import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  confirmIdentityInput,
  enableTwoFactorInput,
  recoveryCodes as recoveryCodesAnswer,
  startTwoFactorSetupInput,
  twoFactorSetup,
} from '../../../common/admin-users'
import { apiErrorBody } from '../../../common/api'
import { commandContext } from '../audit/command-context'
import { countedAttempt } from './credential-attempts'
import { ownAccount } from './own-account'
import {
  disable,
  enable,
  renewRecoveryCodes,
  startSetup,
  twoFactorActions,
} from './two-factor.commands'

// A wrong password or code (400), a second factor in the wrong state (409), too many tries (429).
const refusals = { 400: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody }

/** The request's command context, with its counted attempt and the cost of password hashes. */
const credentialContext = (request: FastifyRequest) => ({
  ...commandContext(request),
  passwordCost: request.server.passwordCost,
  attempt: countedAttempt(request),
})

/**
 * Two-factor sign-in (TOTP, RFC 6238) for the signed-in admin's own account. Every route here
 * checks a password or a code, so each declares `checksCredentials`: its attempts count against
 * the sign-in limits, or a stolen session could guess the password at full speed.
 */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  app.post(
    '/api/admin/two-factor/setup',
    {
      config: { ...ownAccount, checksCredentials: true, audit: twoFactorActions.setup },
      schema: {
        body: startTwoFactorSetupInput,
        response: { 200: twoFactorSetup, ...refusals },
      },
    },
    // With two-factor on, this starts replacing the authenticator (a new phone): it stays on
    // with the old one until enable confirms a code from the new one.
    async (request) =>
      startSetup({ ...credentialContext(request), issuer: app.config.brandName }, request.body),
  )

  app.post(
    '/api/admin/two-factor/enable',
    {
      config: { ...ownAccount, checksCredentials: true, audit: twoFactorActions.enable },
      schema: { body: enableTwoFactorInput, response: { 200: recoveryCodesAnswer, ...refusals } },
    },
    async (request) => ({
      recoveryCodes: await enable(credentialContext(request), request.body),
    }),
  )

  app.post(
    '/api/admin/two-factor/recovery-codes',
    {
      config: { role: 'support', checksCredentials: true, audit: twoFactorActions.recoveryCodes },
      schema: { body: confirmIdentityInput, response: { 200: recoveryCodesAnswer, ...refusals } },
    },
    async (request) => ({
      recoveryCodes: await renewRecoveryCodes(credentialContext(request), request.body),
    }),
  )

  app.post(
    '/api/admin/two-factor/disable',
    {
      config: { role: 'support', checksCredentials: true, audit: twoFactorActions.disable },
      schema: { body: confirmIdentityInput, response: { 204: z.null(), ...refusals } },
    },
    async (request, reply) => {
      await disable(credentialContext(request), { ...request.body, role: request.admin!.role })
      return reply.code(204).send(null)
    },
  )
}
