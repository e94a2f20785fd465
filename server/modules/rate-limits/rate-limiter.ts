import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { rateLimits } from '../../db/schema/rate-limits'

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

    /**
     * Takes back one hit (never below zero), for an attempt that turned out not to count.
     * `resetAt` names the window `hit` counted it in: a newer window's hits are not taken back.
     */
    async undo(key: string, resetAt: Date): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.resetAt, resetAt)))
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

/** Drops the windows that have ended (the hourly clean-up). */
export async function deleteEndedWindows(db: Db, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now))
}
