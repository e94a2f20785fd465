import type { RateLimiter, Window } from '../../lib/rate-limiter'

// DESIGN.md §3: 5 failures per IP in 5 minutes, 10 per username in 15 minutes.
const perIp = { limit: 5, windowMs: 5 * 60 * 1000 }
const perUsername = { limit: 10, windowMs: 15 * 60 * 1000 }

const ipKey = (ip: string) => `login:ip:${ip}`
const usernameKey = (username: string) => `login:user:${username.toLowerCase()}`

const lockOf = (window: Window, limit: number) => (window.count > limit ? window.resetAt : null)

/**
 * Counts sign-in attempts. Each attempt is counted atomically BEFORE its password is checked, so
 * forty guesses sent at once see forty different counts and only those under the limit are
 * checked; reading the count first and writing it after the check would let them all through.
 */
export function createLoginThrottle(limiter: RateLimiter) {
  return {
    /** Counts one attempt; when the caller is over a limit, the time the lock lifts. */
    async attempt(ip: string, username: string, now: Date): Promise<Date | null> {
      const [byIp, byUsername] = await Promise.all([
        limiter.hit(ipKey(ip), perIp.windowMs, now),
        limiter.hit(usernameKey(username), perUsername.windowMs, now),
      ])
      const locks = [lockOf(byIp, perIp.limit), lockOf(byUsername, perUsername.limit)].filter(
        (lock) => lock !== null,
      )
      return locks.length ? new Date(Math.max(...locks.map((lock) => lock.getTime()))) : null
    },
    /**
     * The password was right but a second factor is still due: the IP gets its attempt back, the
     * username's count stands, so codes guessed after it still count against the account.
     */
    async passwordAccepted(ip: string): Promise<void> {
      await limiter.undo(ipKey(ip))
    },
    /** A success is not a failure: the username starts again and the IP gets its attempt back. */
    async succeeded(ip: string, username: string): Promise<void> {
      await Promise.all([limiter.undo(ipKey(ip)), limiter.reset(usernameKey(username))])
    },
  }
}
