import { and, eq, isNull, lt, or, type Column, type SQL } from 'drizzle-orm'

/**
 * How long a claim on work (an outbox message, a trial to start, a line made or pushed on the
 * supplier panel) lasts unless renewed. Its holder renews it every third of that while the work
 * runs, so long work stays with a live process, and a process that died loses it within one
 * lease: the next poll or round takes it over.
 */
export const leaseMs = 10_000
const renewEveryMs = Math.floor(leaseMs / 3)

/** How often every process looks for due work, lapsed claims included: takeover ≤ 12.5 s. */
export const pollMs = 2_500

/** The end of a lease taken or renewed at `now`. */
export const leaseUntil = (now: Date) => new Date(now.getTime() + leaseMs)

/**
 * Work nobody holds at `now`, by its lease column: never claimed, released, or its holder's lease
 * lapsed (a process that died mid-work), so the next process takes it over within one lease.
 */
export const isUnclaimedAt = (claimedUntil: Column, now: Date): SQL =>
  or(isNull(claimedUntil), lt(claimedUntil, now))!

/**
 * A row still held by the claim that took it as attempt `attempt` (each claim counts one more):
 * once a later claim took the row over, the earlier holder neither renews it nor records on it.
 */
export const isClaimAttempt = (
  key: [column: Column, value: string],
  attempts: [column: Column, attempt: number],
): SQL => and(eq(key[0], key[1]), eq(attempts[0], attempts[1]))!

/**
 * Runs `work` while `renew` extends its claim every few seconds (a statement that matches only
 * while the claim is still this holder's). A renewal that fails (the database away) is reported
 * and tried again at the next beat; the work's own record of its outcome is guarded the same way.
 * Answers once the work is done and no renewal is running.
 */
export async function whileRenewing<T>(
  renew: () => Promise<unknown>,
  onRenewError: (error: unknown) => void,
  work: () => Promise<T>,
): Promise<T> {
  let renewing: Promise<void> | null = null
  const timer = setInterval(() => {
    // A slow renewal is not stacked on: the next beat waits for it.
    renewing ??= renew().then(
      () => {
        renewing = null
      },
      (error: unknown) => {
        renewing = null
        onRenewError(error)
      },
    )
  }, renewEveryMs)
  timer.unref()
  try {
    return await work()
  } finally {
    clearInterval(timer)
    await renewing
  }
}
