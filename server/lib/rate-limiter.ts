import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema/rate-limits'

export type Window = { count: number; resetAt: Date }

/** Fixed-window counters kept in the database, so all server processes share one count. */
export function createRateLimiter(db: Db) {
  return {
    /** Adds one hit to `key` and returns the window's count, starting a new window if due. */
    async hit(key: string, windowMs: number, now: Date): Promise<Window> {
      const resetAt = new Date(now.getTime() + windowMs)
      const isExpired = sql`${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz`
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${isExpired} then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${isExpired} then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt })
      return row!
    },

    /** The current window's count without adding to it (0 once the window has passed). */
    async peek(key: string, now: Date): Promise<Window> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
      if (!row || row.resetAt <= now) return { count: 0, resetAt: now }
      return { count: row.count, resetAt: row.resetAt }
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key))
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>

export const secondsUntil = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000))

/** "Try again in 3 minutes." for a window ending at `resetAt`. */
export function retryAfterText(resetAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000))
  return `Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
