import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../../config'

const isHttpsSite = (config: Config) => config.publicUrl?.startsWith('https://') ?? false

/**
 * On an https site the cookie is `__Host-sid`: browsers then accept it only when Secure, for
 * path /, and without a Domain, so no sibling subdomain or plain-http page can plant or read it.
 */
export const sessionCookieName = (config: Config) => (isHttpsSite(config) ? '__Host-sid' : 'sid')

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
) {
  const { config } = request.server
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttpsSite(config) || request.protocol === 'https',
    maxAge: maxAgeSeconds,
  })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  const { config } = request.server
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttpsSite(config) || request.protocol === 'https',
  })
}
