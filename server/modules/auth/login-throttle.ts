import type { RateLimiter } from '../../lib/rate-limiter'

// DESIGN.md §3: 5 failures per IP in 5 minutes, 10 per username in 15 minutes.
const perIp = { limit: 5, windowMs: 5 * 60 * 1000 }
const perUsername = { limit: 10, windowMs: 15 * 60 * 1000 }

const ipKey = (ip: string) => `login:ip:${ip}`
const usernameKey = (username: string) => `login:user:${username.toLowerCase()}`

/** Counts failed logins; a success clears the username's count (not the IP's). */
export function createLoginThrottle(limiter: RateLimiter) {
  return {
    /** When the caller is locked out, the time the lock lifts; otherwise null. */
    async lockedUntil(ip: string, username: string, now: Date): Promise<Date | null> {
      const [byIp, byUsername] = await Promise.all([
        limiter.peek(ipKey(ip), now),
        limiter.peek(usernameKey(username), now),
      ])
      const locks = [
        byIp.count >= perIp.limit ? byIp.resetAt : null,
        byUsername.count >= perUsername.limit ? byUsername.resetAt : null,
      ].filter((lock) => lock !== null)
      return locks.length ? new Date(Math.max(...locks.map((lock) => lock.getTime()))) : null
    },

    async recordFailure(ip: string, username: string, now: Date): Promise<void> {
      await limiter.hit(ipKey(ip), perIp.windowMs, now)
      await limiter.hit(usernameKey(username), perUsername.windowMs, now)
    },

    async recordSuccess(username: string): Promise<void> {
      await limiter.reset(usernameKey(username))
    },
  }
}
