import type { FastifyInstance } from 'fastify'
import { routeAccess } from './route-access'

/**
 * A person's data is never kept by a browser, a proxy or a shared computer's back button: every
 * answer of a staff or customer route, and of a public route marked `personal` (a person's own
 * ticket, chat, notifications, trial receipt), says `Cache-Control: no-store`, whatever its status.
 * Other public answers keep their own caching (the public cache's ETags, the built files').
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const config = request.routeOptions.config
    // No route matched: the pages (public, cached by their own rules) or a bare 404.
    const isPersonal = routeAccess(config) !== 'public' || config.personal === true
    if (!request.is404 && isPersonal) {
      reply.header('cache-control', 'no-store')
    }
    done(null, payload)
  })
}
