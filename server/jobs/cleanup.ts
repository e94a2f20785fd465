import { lt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { rateLimits } from '../db/schema/rate-limits'
import { deleteExpiredSessions } from '../modules/auth/sessions.service'

const everyHour = 60 * 60 * 1000

/** Hourly: drops expired sessions and rate-limit windows. Safe to run in many processes at once. */
export function scheduleCleanup(app: FastifyInstance): () => void {
  const run = async () => {
    const now = app.now()
    try {
      await deleteExpiredSessions(app.db, now)
      await app.db.delete(rateLimits).where(lt(rateLimits.resetAt, now))
    } catch (error) {
      app.log.warn({ err: error }, 'Cleanup failed; will retry next hour')
    }
  }
  void run()
  const timer = setInterval(run, everyHour)
  timer.unref()
  return () => clearInterval(timer)
}
