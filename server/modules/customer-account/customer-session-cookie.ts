import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config'

const isHttpsSite = (config: Config) => config.publicUrl?.startsWith('https://') ?? false

/**
 * The customer's own cookie, never the admin's (`sid`): one cannot stand for the other. On an
 * https site it is `__Host-` prefixed, as the admin's is (auth/session-cookie.ts), so no sibling
 * subdomain or plain-http page can plant or read it.
 */
export const customerCookieName = (config: Config) =>
  isHttpsSite(config) ? '__Host-customer_session' : 'customer_session'

const cookieOptions = (request: FastifyRequest) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isHttpsSite(request.server.config) || request.protocol === 'https',
})

export function setCustomerCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(customerCookieName(request.server.config), token, {
    ...cookieOptions(request),
    maxAge: maxAgeSeconds,
  })
}

export function clearCustomerCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(customerCookieName(request.server.config), cookieOptions(request))
}
