import type { RateLimiter, Window } from '../rate-limits/rate-limiter'

// docs/security.md §5: 5 failures per IP in 5 minutes, 10 per account in 15 minutes. Every route
// that checks a password or code counts against these same two windows: guesses made through the
// password change or the two-factor routes are guesses at sign-in, too.
const perIp = { limit: 5, windowMs: 5 * 60 * 1000 }
const perAccount = { limit: 10, windowMs: 15 * 60 * 1000 }

const ipKey = (ip: string) => `login:ip:${ip}`
/** `account` is already a username key (`usernameKey`): every spelling shares one count. */
const accountKey = (account: string) => `login:user:${account}`

const lockOf = (window: Window, limit: number) => (window.count > limit ? window.resetAt : null)

/**
 * Counts attempts to prove who one is. Each attempt is counted atomically BEFORE its password or
 * code is checked, so forty guesses sent at once see forty different counts and only those under
 * the limit are checked; reading the count first and writing it after the check would let them
 * all through.
 */
export function createCredentialThrottle(limiter: RateLimiter) {
  return {
    /**
     * Counts one attempt; answers when the lock lifts if the caller is over a limit, and the
     * windows it was counted in, for taking it back later.
     */
    async attempt(ip: string, account: string, now: Date) {
      const [byIp, byAccount] = await Promise.all([
        limiter.hit(ipKey(ip), perIp.windowMs, now),
        limiter.hit(accountKey(account), perAccount.windowMs, now),
      ])
      const locks = [lockOf(byIp, perIp.limit), lockOf(byAccount, perAccount.limit)].filter(
        (lock) => lock !== null,
      )
      const lockedUntil = locks.length
        ? new Date(Math.max(...locks.map((lock) => lock.getTime())))
        : null
      const ipWindow = byIp.resetAt
      const accountWindow = byAccount.resetAt
      return {
        lockedUntil,
        /**
         * The password was right but the account's second factor was not proved: the IP gets
         * its attempt back, the account's count stands, so codes guessed after it still count.
         */
        passwordAccepted: () => limiter.undo(ipKey(ip), ipWindow),
        /** Nothing was checked after all (the account was in the wrong state): no attempt counts. */
        withdrawn: async () => {
          await Promise.all([
            limiter.undo(ipKey(ip), ipWindow),
            limiter.undo(accountKey(account), accountWindow),
          ])
        },
        /** Every factor was proved: the account's count starts again, the IP gets its attempt back. */
        succeeded: async () => {
          await Promise.all([limiter.undo(ipKey(ip), ipWindow), limiter.reset(accountKey(account))])
        },
      }
    },
  }
}
