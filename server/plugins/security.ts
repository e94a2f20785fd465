import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { themeInitScript } from '../../common/theme-init'
import { isCrossSiteRequest } from '../lib/cross-site'
import { forbidden } from '../lib/http-error'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script is the theme's, allowed by its hash; every other is a file of ours.
      scriptSrc: [
        "'self'",
        `'sha256-${createHash('sha256').update(themeInitScript).digest('base64')}'`,
      ],
      // Radix and the toaster set inline styles, and public pages carry the stylesheet inline.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // The blog's featured images may come from other hosts.
  crossOriginEmbedderPolicy: false,
}

/**
 * Helmet's headers, worked out once: they are the same for every answer, and building them per
 * request (as @fastify/helmet does) cost public reads a sixth of their time.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error
  })
  return headers
}

/** The security headers every answer carries. */
export const securityHeaders = helmetHeaders(helmetOptions)

/** Security headers, and a CSRF check on every state-changing request. */
export async function registerSecurity(app: FastifyInstance) {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders)
    done()
  })

  // The session cookie is SameSite=Lax; checking Origin as well refuses cross-site writes
  // from browsers that do not honour SameSite. The /ws handshake applies the same rule.
  app.addHook('onRequest', (request, _reply, done) => {
    const isRefused = unsafeMethods.has(request.method) && isCrossSiteRequest(request)
    done(isRefused ? forbidden('Cross-site request refused') : undefined)
  })
}
