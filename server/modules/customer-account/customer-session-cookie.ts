import type { FastifyReply, FastifyRequest } from 'fastify'
import { signedInHintCookie } from '../../../common/signed-in-hint'
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

/**
 * The session's companion the page can read: it holds nothing but "1", so the site's header knows
 * to ask `GET /api/account` whether to say "My account", while the cached public HTML stays the
 * same for everyone (decision 0044). A stale or planted one costs one 401, never an account.
 */
const hintOptions = (request: FastifyRequest) => ({ ...cookieOptions(request), httpOnly: false })

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
  reply.setCookie(signedInHintCookie, '1', { ...hintOptions(request), maxAge: maxAgeSeconds })
}

export function clearCustomerCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(customerCookieName(request.server.config), cookieOptions(request))
  reply.clearCookie(signedInHintCookie, hintOptions(request))
}
