import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import { forbidden } from '../lib/http-error'

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host
  } catch {
    return null
  }
}

/** Security headers, and a CSRF check on every state-changing request. */
export async function registerSecurity(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the toaster set inline styles; scripts stay strictly 'self'.
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
  })

  const publicHost = app.config.publicUrl ? originHost(app.config.publicUrl) : null

  // The session cookie is SameSite=Lax; checking Origin as well refuses cross-site writes
  // from browsers that do not honour SameSite. Non-browser clients send no Origin.
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method)) return
    const origin = request.headers.origin
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') {
        throw forbidden('Cross-site request refused')
      }
      return
    }
    const host = originHost(origin)
    if (host === null || (host !== request.host && host !== publicHost)) {
      throw forbidden('Cross-site request refused')
    }
  })
}
