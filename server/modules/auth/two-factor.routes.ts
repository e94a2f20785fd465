import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { confirmPasswordInput, enableTwoFactorInput } from '../../../common/admin-users'
import { forbidden, invalidField } from '../../lib/http-error'
import { inAuditedTransaction } from '../../plugins/audit'
import { getSecuritySettings } from '../settings/settings.service'
import { findPasswordHash } from './account.service'
import { verifyPassword } from './passwords'
import {
  disableTwoFactor,
  enableTwoFactor,
  replaceRecoveryCodes,
  startTwoFactorSetup,
} from './two-factor.service'

const audit = (verb: string) => ({ action: `admin_user.two_factor_${verb}`, entity: 'admin_user' })

/** Two-factor sign-in (TOTP, RFC 6238) for the signed-in admin's own account. */
export async function twoFactorRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()

  // Changing how an account signs in asks for its password again (ASVS V6.2, re-authentication).
  async function confirmPassword(request: FastifyRequest, password: string) {
    const stored = await findPasswordHash(app.db, request.admin!.id)
    if (!stored || !(await verifyPassword(password, stored))) {
      throw invalidField('password', 'Password is incorrect')
    }
  }

  const own = (request: FastifyRequest) => ({ entityId: request.admin!.id })
  // Whether settings hold a session back until its admin has a second factor depends on it.
  const announceSecondFactor = (request: FastifyRequest) =>
    app.bus.publish({ kind: 'admin_account_changed', userId: request.admin!.id })

  app.post(
    '/api/admin/two-factor/setup',
    {
      config: { beforeTwoFactorSetup: true, audit: audit('setup') },
      schema: { body: confirmPasswordInput },
    },
    async (request) => {
      await confirmPassword(request, request.body.password)
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
      config: { beforeTwoFactorSetup: true, audit: audit('enable') },
      schema: { body: enableTwoFactorInput },
    },
    async (request) => {
      const recoveryCodes = await inAuditedTransaction(
        request,
        (tx) => enableTwoFactor(tx, request.admin!.id, request.body.code, app.now()),
        { ...own(request), details: { fields: [] } },
      )
      await announceSecondFactor(request)
      return { recoveryCodes }
    },
  )

  app.post(
    '/api/admin/two-factor/recovery-codes',
    { config: { audit: audit('recovery_codes') }, schema: { body: confirmPasswordInput } },
    async (request) => {
      await confirmPassword(request, request.body.password)
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
    { config: { audit: audit('disable') }, schema: { body: confirmPasswordInput } },
    async (request, reply) => {
      const admin = request.admin!
      const rules = await getSecuritySettings(app.db)
      if (rules.requireTwoFactorForSuperAdmins && admin.role === 'super_admin') {
        throw forbidden('Business Settings require two-factor sign-in for super admins')
      }
      await confirmPassword(request, request.body.password)
      await inAuditedTransaction(request, (tx) => disableTwoFactor(tx, admin.id, app.now()), {
        ...own(request),
        details: { fields: [] },
      })
      await announceSecondFactor(request)
      return reply.code(204).send()
    },
  )
}
