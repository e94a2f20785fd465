import type { FastifyInstance } from 'fastify'
import { HttpError } from '../lib/http-error'
import { resolveSession, sessionCookieName } from '../modules/auth/sessions.service'

/**
 * The one place /api access is decided. Routes are admin-only unless their config says
 * `public: true`; a route may further require `role: 'super_admin'`.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('admin', null)

  app.addHook('onRequest', async (request) => {
    const isApi = request.url.startsWith('/api/')
    // Static files and pages need no session lookup; the socket identifies itself later.
    if (!isApi && !request.url.startsWith('/ws')) return
    const token = request.cookies[sessionCookieName]
    if (token) request.admin = await resolveSession(app.db, token, app.now())

    if (!isApi || request.is404) return
    const { public: isPublic, role } = request.routeOptions.config
    if (isPublic) return
    if (!request.admin) throw new HttpError(401, 'Authentication required')
    if (role && request.admin.role !== role) {
      throw new HttpError(403, 'Only a super admin may do this')
    }
  })
}
