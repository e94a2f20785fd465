import type { FastifyInstance, FastifyRequest } from 'fastify'
import { tooManyRequests } from '../../lib/http-error'
import { retryAfterText, secondsUntil } from '../rate-limits/rate-limiter'
import { usernameKey } from '../admins/username-key'
import { credentialFieldsOf } from './credential-fields'
import { createCredentialThrottle } from './credential-throttle'

const counted = Symbol('counted credential attempt')

/**
 * This request's attempt at a password or code, already counted against the sign-in limits.
 * Only the hook below makes one, and every check of a password or code asks for one: a route
 * that checks without declaring `checksCredentials` fails on its first call instead of
 * offering unlimited guesses.
 */
export type CountedAttempt = {
  readonly [counted]: true
  /** The password was right, a second factor the account has was not proved (yet). */
  passwordAccepted(): Promise<void>
  /** Every factor the account has was proved: its count starts again. */
  succeeded(): Promise<void>
  /** Refused before any check (say, two-factor is already off): the attempt is taken back. */
  withdrawn(): Promise<void>
}

declare module 'fastify' {
  interface FastifyRequest {
    credentialAttempt: CountedAttempt | null
  }
}

/**
 * The account an attempt is against: on the public sign-in route the username sent, on every
 * other route the signed-in admin (whose password a stolen session would be guessing).
 */
function accountOf(request: FastifyRequest): string {
  if (request.routeOptions.config.public) {
    const { username } = (request.body ?? {}) as { username?: unknown }
    if (typeof username !== 'string') throw new Error('A public credential route needs a username')
    return username
  }
  return request.admin!.username
}

/** Routes that take a password or code in their body without declaring `checksCredentials`. */
export function undeclaredCredentialRoutes(app: FastifyInstance): string[] {
  return app.routeList
    .filter(({ route }) => !route.config?.checksCredentials)
    .filter(({ route }) => credentialFieldsOf(route.schema?.body).length > 0)
    .map(({ method, route }) => `${method} ${route.url}`)
}

/**
 * Counts the attempt on every route declaring `checksCredentials`, after its body is validated
 * (a malformed request checks nothing) and before its handler; 429 while the caller's IP or the
 * account is locked out, in any spelling of its username. The server does not start while a
 * route takes a password or code without the declaration.
 */
export function registerCredentialAttempts(app: FastifyInstance) {
  const throttle = createCredentialThrottle(app.rateLimiter)
  app.decorateRequest('credentialAttempt', null)
  app.addHook('onReady', async () => {
    const undeclared = undeclaredCredentialRoutes(app)
    if (undeclared.length) {
      throw new Error(
        `Declare checksCredentials on ${undeclared.join(', ')}: they check a password or code`,
      )
    }
  })
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.checksCredentials) return
    const { ip } = request
    const account = usernameKey(accountOf(request))
    const now = app.now()
    const { lockedUntil, ...takeBack } = await throttle.attempt(ip, account, now)
    if (lockedUntil) {
      throw tooManyRequests(
        `Too many failed login attempts. ${retryAfterText(lockedUntil, now)}`,
        secondsUntil(lockedUntil, now),
      )
    }
    request.credentialAttempt = { [counted]: true, ...takeBack }
  })
}

/** The request's counted attempt; throws (a 500, a bug) on a route not declared to check. */
export function countedAttempt(request: FastifyRequest): CountedAttempt {
  if (!request.credentialAttempt) {
    const { method, url } = request.routeOptions
    throw new Error(`${method} ${url} checks a password or code without config.checksCredentials`)
  }
  return request.credentialAttempt
}
