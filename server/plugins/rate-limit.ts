import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify'
import { tooManyRequests } from '../lib/http-error'
import { retryAfterText } from '../lib/rate-limiter'

/** A preHandler allowing `limit` requests per client IP per window, shared across processes. */
export function limitPerIp(
  app: FastifyInstance,
  name: string,
  limit: number,
  windowMs: number,
): preHandlerAsyncHookHandler {
  return async (request, reply) => {
    const now = app.now()
    const window = await app.rateLimiter.hit(`${name}:${request.ip}`, windowMs, now)
    if (window.count > limit) {
      reply.header('retry-after', Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000))
      throw tooManyRequests(`Too many requests. ${retryAfterText(window.resetAt, now)}`)
    }
  }
}
