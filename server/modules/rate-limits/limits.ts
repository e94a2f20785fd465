import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { tooManyRequests } from '../../lib/http-error'
import { retryAfterText, secondsUntil, type RateLimiter } from './rate-limiter'

export type Limit = { name: string; limit: number; windowMs: number }

/** docs/security.md §7: public writes per IP — trial requests and tickets 10 a minute, chat 60. */
export const publicWriteLimits = {
  trialRequest: { name: 'trial-request', limit: 10, windowMs: 60_000 },
  supportTicket: { name: 'support-ticket', limit: 10, windowMs: 60_000 },
  chatMessage: { name: 'chat-message', limit: 60, windowMs: 60_000 },
} satisfies Record<string, Limit>

/** Counts one hit for `ip`; throws 429 (with the seconds to wait) once over the limit. */
export async function enforceLimit(
  limiter: RateLimiter,
  { name, limit, windowMs }: Limit,
  ip: string,
  now: Date,
): Promise<void> {
  const window = await limiter.hit(`${name}:${ip}`, windowMs, now)
  if (window.count > limit) {
    throw tooManyRequests(
      `Too many requests. ${retryAfterText(window.resetAt, now)}`,
      secondsUntil(window.resetAt, now),
    )
  }
}

/**
 * A preHandler enforcing a per-IP limit, shared across processes. Signed-in staff are not
 * limited: an agent answering many chats is not abuse.
 */
export function limitPerIp(app: FastifyInstance, limit: Limit): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!request.admin) await enforceLimit(app.rateLimiter, limit, request.ip, app.now())
  }
}
