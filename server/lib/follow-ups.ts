import type { FastifyBaseLogger } from 'fastify'

/** Work a process does after it has answered, its outcome recorded by the work itself. */
export type FollowUps = {
  /** Starts `work` now without waiting for it; a failure is logged, never thrown. */
  run(what: string, work: () => Promise<unknown>): void
  /** Waits for the work still running (on close, before the database goes). */
  close(): Promise<void>
}

/**
 * Follow-ups of answers already sent (a paid line pushed after its webhook was answered). Each one
 * must be safe to lose: what it does was recorded as owed before the answer, so a job finds it
 * when this process dies first.
 */
export function createFollowUps(log: FastifyBaseLogger): FollowUps {
  const running = new Set<Promise<unknown>>()
  return {
    run(what, work) {
      const done = work()
        .catch((error: unknown) => log.warn({ err: error, followUp: what }, 'A follow-up failed'))
        .finally(() => running.delete(done))
      running.add(done)
    },
    async close() {
      await Promise.all(running)
    },
  }
}
