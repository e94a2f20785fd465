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
import { conflict, forbidden, invalidField } from '../../lib/http-error'
import { inAuditedTransaction } from '../audit/audited-transaction'
import { getSecuritySettings } from '../settings/settings.service'
import { findCredentials } from './account.service'
import { ownAccount } from './own-account'
import { countedAttempt } from './credential-attempts'
import { checkPassword } from './credential-checks'
import {
  acceptSecondFactor,
  disableTwoFactor,
  enableTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor.service'

// A wrong password or code (400), a second factor in the wrong state (409), too many tries (429).
const refusals = { 400: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody }

const audit = (verb: string) => ({ action: `admin_user.two_factor_${verb}`, entity: 'admin_user' })

/**
 * Two-factor sign-in (TOTP, RFC 6238) for the signed-in admin's own account. Every route here
 * checks a password or a code, so each declares `checksCredentials`: its attempts count against
 * the sign-in limits, or a stolen session could guess the password at full speed.
 */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  /**
   * Changing how an account signs in asks for its password again (ASVS V6.2, re-authentication)
   * and, once it has a second factor, for that too: the password alone is what a thief may have.
   * `whenOff`: for a change that needs two-factor sign-in on, the 409's message if it is off.
   */
  async function confirmIdentity(
    request: FastifyRequest,
    proof: { password: string; code?: string },
    whenOff?: string,
  ) {
    const attempt = countedAttempt(request)
    const account = await findCredentials(app.db, request.admin!.id)
    if (!account) throw invalidField('password', 'Password is incorrect')
    if (whenOff !== undefined && !account.totpSecret) {
      await attempt.withdrawn()
      throw conflict(whenOff)
    }
    // Nothing checked yet: a missing code is a mistake to name, not a guess to count.
    if (account.totpSecret && !proof.code) {
      await attempt.withdrawn()
      throw invalidField('code', 'Enter a code from your authenticator app, or a recovery code')
    }
    if (!(await checkPassword(attempt, proof.password, account.password, app.passwordCost))) {
      throw invalidField('password', 'Password is incorrect')
    }
    if (account.totpSecret) {
      const user = { id: request.admin!.id, totpSecret: account.totpSecret }
      const isValid = await acceptSecondFactor(app.db, attempt, user, proof.code ?? '', app.now())
      if (!isValid) throw invalidField('code', 'That code is not right, or it was already used')
    }
    await attempt.succeeded()
  }

  const own = (request: FastifyRequest) => ({ entityId: request.admin!.id })
  // Whether settings hold a session back until its admin has a second factor depends on it.
  const announceSecondFactor = (request: FastifyRequest) =>
    app.bus.publish({ kind: 'admin_account_changed', userId: request.admin!.id })

  app.post(
    '/api/admin/two-factor/setup',
    {
      config: { ...ownAccount, checksCredentials: true, audit: audit('setup') },
      schema: {
        body: startTwoFactorSetupInput,
        response: { 200: twoFactorSetup, ...refusals },
      },
    },
    // With two-factor on, this starts replacing the authenticator (a new phone): it stays on
    // with the old one until enable confirms a code from the new one.
    async (request) => {
      await confirmIdentity(request, request.body)
      return inAuditedTransaction(
        request,
        (tx) => startTwoFactorSetup(tx, request.admin!, app.config.brandName),
        { ...own(request), details: { fields: [] } },
      )
    },
  )

  app.post(
    '/api/admin/two-factor/enable',
    {
      config: { ...ownAccount, checksCredentials: true, audit: audit('enable') },
      schema: { body: enableTwoFactorInput, response: { 200: recoveryCodesAnswer, ...refusals } },
    },
    async (request) => {
      const attempt = countedAttempt(request)
      const recoveryCodes = await inAuditedTransaction(
        request,
        (tx) => enableTwoFactor(tx, attempt, request.admin!.id, request.body.code, app.now()),
        { ...own(request), details: { fields: [] } },
      )
      await attempt.succeeded()
      await announceSecondFactor(request)
      return { recoveryCodes }
    },
  )

  app.post(
    '/api/admin/two-factor/recovery-codes',
    {
      config: { role: 'support', checksCredentials: true, audit: audit('recovery_codes') },
      schema: { body: confirmIdentityInput, response: { 200: recoveryCodesAnswer, ...refusals } },
    },
    async (request) => {
      await confirmIdentity(
        request,
        request.body,
        'Recovery codes come with two-factor sign-in: turn it on first',
      )
      const recoveryCodes = await inAuditedTransaction(
        request,
        (tx) => replaceRecoveryCodes(tx, request.admin!.id),
        { ...own(request), details: { fields: [] } },
      )
      return { recoveryCodes }
    },
  )

  app.post(
    '/api/admin/two-factor/disable',
    {
      config: { role: 'support', checksCredentials: true, audit: audit('disable') },
      schema: { body: confirmIdentityInput, response: { 204: z.null(), ...refusals } },
    },
    async (request, reply) => {
      const admin = request.admin!
      const rules = await getSecuritySettings(app.db)
      if (rules.requireTwoFactorForSuperAdmins && admin.role === 'super_admin') {
        // Refused before any check: the attempt the hook counted is given back.
        await countedAttempt(request).withdrawn()
        throw forbidden('Business Settings require two-factor sign-in for super admins')
      }
      await confirmIdentity(request, request.body, 'Two-factor sign-in is already off')
      await inAuditedTransaction(request, (tx) => disableTwoFactor(tx, admin.id, app.now()), {
        ...own(request),
        details: { fields: [] },
      })
      await announceSecondFactor(request)
      return reply.code(204).send(null)
    },
  )
}
