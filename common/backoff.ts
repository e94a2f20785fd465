// No zod here on purpose: the browser's live socket imports this rule, and zod is heavy.

/** A backoff's first step and its cap, in milliseconds. */
export type Backoff = { baseMs: number; capMs: number }

/**
 * The one retry rule: the wait before retry `attempt` (1, 2, …). Its step doubles from `baseMs`
 * up to `capMs`; the wait is between half and all of the step at random ("equal jitter"), so that
 * clients cut off together (a deploy, an outage) come back spread out, not in step, while each
 * still waits at least half its step. `random` gives numbers in [0, 1), as Math.random does.
 */
export function backoffDelay(attempt: number, { baseMs, capMs }: Backoff, random: () => number) {
  const step = Math.min(capMs, baseMs * 2 ** Math.min(Math.max(attempt, 1) - 1, 40))
  return Math.round(step / 2 + (random() * step) / 2)
}
