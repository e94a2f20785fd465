import type { FastifyInstance } from 'fastify'
import { hasRole } from '../../common/admin-users'
import { HttpError } from '../lib/http-error'
import { sessionCookieName } from '../modules/auth/session-cookie'
import { createSessionMemory } from '../modules/auth/session-memory'
import { resolveSession } from '../modules/auth/sessions.service'
import { customerCookieName } from '../modules/customer-account/customer-session-cookie'
import { resolveCustomerSession } from '../modules/customer-account/customer-sessions.service'

// A minute, like the idle timeout's granularity (sessions are touched once a minute).
const memoryLimits = { maxEntries: 1000, maxAgeMs: 60_000 }

const refusals = {
  support: 'Staff only',
  admin: 'Your role may not do this: ask an admin',
  super_admin: 'Only a super admin may do this',
}

/**
 * The one place access is decided, on the route that matched and never on the URL, so every
 * spelling of a path (`/%61pi/…`) meets the same rule. Every route is staff-only unless its
 * config says `public: true`; staff means admins and super admins, or as the route's `role`
 * says, support agents too (`support`) or super admins only (`super_admin`). A super
 * admin whom settings require to set up two-factor sign-in reaches only the routes marked
 * `beforeTwoFactorSetup` until they have; a session opened with a one-time code reaches only
 * those marked `beforePasswordSet`. A route marked `customer: true` is a customer's own
 * (`/api/account…`): it needs the customer's cookie and never reads the admin's, and no admin
 * route ever reads the customer's.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('admin', null)
  app.decorateRequest('customer', null)
  const memory = createSessionMemory({
    ...memoryLimits,
    // Without a live bus an ended session elsewhere could go unnoticed: read every time.
    isInformed: () => app.bus.state() === 'listening',
  })
  app.bus.subscribe((event) => {
    if (event.kind === 'admin_sessions_ended') memory.forgetSessions(event.userId, event.sessionIds)
    if (event.kind === 'admin_account_changed' || event.kind === 'admin_role_changed') {
      memory.forgetAccount(event.userId)
    }
  })
  // Ends and changes announced while the bus was cut off were missed.
  app.bus.onResync(() => memory.forgetAccount(null))

  app.addHook('onRequest', async (request) => {
    // Unknown paths reach no route: the not-found handler answers them without data or session.
    if (request.is404) return
    if (request.routeOptions.config.customer) {
      const customerToken = request.cookies[customerCookieName(app.config)]
      if (customerToken) {
        request.customer = await resolveCustomerSession(app.db, customerToken, app.now())
      }
      if (!request.customer) throw new HttpError(401, 'Sign in to see your account')
      return
    }
    const token = request.cookies[sessionCookieName(app.config)]
    if (token) request.admin = await resolveSession(app.db, token, app.now(), memory)

    const {
      public: isPublic,
      role,
      beforeTwoFactorSetup,
      beforePasswordSet,
    } = request.routeOptions.config
    if (request.admin?.mustSetPassword && !beforePasswordSet) {
      // A session opened with a one-time code is for setting a new password, nothing else.
      if (!isPublic) throw new HttpError(403, 'Set a new password to continue')
      request.admin = null
    }
    if (request.admin?.mustSetUpTwoFactor && !beforeTwoFactorSetup) {
      // Until the required second factor is set up, the session is worth no more than a visitor.
      if (!isPublic) throw new HttpError(403, 'Turn on two-factor sign-in to continue')
      request.admin = null
    }
    if (isPublic) return
    if (!request.admin) throw new HttpError(401, 'Authentication required')
    const needed = role ?? 'admin'
    if (!hasRole(request.admin.role, needed)) {
      throw new HttpError(403, refusals[needed])
    }
  })
}
