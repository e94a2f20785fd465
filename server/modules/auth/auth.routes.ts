import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { adminLoginInput } from '../../../common/admin-users'
import { HttpError, tooManyRequests } from '../../lib/http-error'
import { retryAfterText, secondsUntil } from '../../lib/rate-limiter'
import { findLoginCandidate, getAdminUser, recordLogin } from '../admins/admins.service'
import { createLoginThrottle } from './login-throttle'
import { getDecoyHash, verifyPassword } from './passwords'
import {
  createSession,
  deleteSession,
  sessionAbsoluteMs,
  sessionCookieName,
} from './sessions.service'

function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(sessionCookieName, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: sessionAbsoluteMs / 1000,
  })
}

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const throttle = createLoginThrottle(app.rateLimiter)

  app.post(
    '/api/admin/login',
    { config: { public: true }, schema: { body: adminLoginInput } },
    async (request, reply) => {
      const { username, password } = request.body
      const now = app.now()
      const lockedUntil = await throttle.lockedUntil(request.ip, username, now)
      if (lockedUntil) {
        throw tooManyRequests(
          `Too many failed login attempts. ${retryAfterText(lockedUntil, now)}`,
          secondsUntil(lockedUntil, now),
        )
      }

      const candidate = await findLoginCandidate(app.db, username)
      const isValid = await verifyPassword(password, candidate?.password ?? (await getDecoyHash()))
      if (!candidate || !isValid || !candidate.active) {
        await throttle.recordFailure(request.ip, username, now)
        throw new HttpError(401, 'Invalid credentials')
      }
      await throttle.recordSuccess(username)

      // A fresh token on every login; the caller's previous session, if any, ends here.
      if (request.admin) await deleteSession(app.db, request.admin.sessionId)
      setSessionCookie(request, reply, await createSession(app.db, candidate.id, now))
      return { user: await recordLogin(app.db, candidate.id, now) }
    },
  )

  app.post('/api/admin/logout', { config: { public: true } }, async (request, reply) => {
    if (request.admin) await deleteSession(app.db, request.admin.sessionId)
    reply.clearCookie(sessionCookieName, { path: '/' })
    return reply.code(204).send()
  })

  app.get('/api/admin/session', async (request) => {
    const user = await getAdminUser(app.db, request.admin!.id)
    if (!user) throw new HttpError(401, 'Authentication required')
    return { user }
  })
}
