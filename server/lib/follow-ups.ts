import type { FastifyBaseLogger } from 'fastify'

/** Work a process does after it has answered, its outcome recorded by the work itself. */
export type FollowUps = {
  /** Queues `work` to start as soon as a slot is free; a failure is logged, never thrown. */
  run(what: string, work: () => Promise<unknown>): void
  /** Waits for the work queued and running (on close, before the database goes). */
  close(): Promise<void>
}

// A burst of answers (50 webhooks a second) must not queue its requests behind its own
// follow-ups for the ten database connections: this many run at once, the rest wait their turn.
const defaultSlots = 16

/**
 * Follow-ups of answers already sent (a paid line pushed after its webhook was answered). Each one
 * must be safe to lose: what it does was recorded as owed before the answer, so a job finds it
 * when this process dies first, or when it waits here too long.
 */
export function createFollowUps(log: FastifyBaseLogger, slots = defaultSlots): FollowUps {
  const waiting: { what: string; work: () => Promise<unknown> }[] = []
  let running = 0
  let idle: (() => void) | null = null
  const next = () => {
    const item = running < slots ? waiting.shift() : undefined
    if (!item) {
      if (running === 0) idle?.()
      return
    }
    running += 1
    void item
      .work()
      .catch((error: unknown) =>
        log.warn({ err: error, followUp: item.what }, 'A follow-up failed'),
      )
      .finally(() => {
        running -= 1
        next()
      })
    next()
  }
  return {
    run(what, work) {
      waiting.push({ what, work })
      next()
    },
    async close() {
      if (running === 0 && waiting.length === 0) return
      await new Promise<void>((resolve) => (idle = resolve))
    },
  }
}
