import { describe, expect, it } from 'vitest'
import { backoffDelay } from './backoff'

const backoff = { baseMs: 500, capMs: 30_000 }
const attempts = [1, 2, 3, 4, 7, 8, 60, 5000]

describe('backoffDelay', () => {
  it('doubles its step from the base up to the cap, waiting between half and all of it', () => {
    expect(attempts.map((attempt) => backoffDelay(attempt, backoff, () => 0))).toEqual([
      250, 500, 1000, 2000, 15000, 15000, 15000, 15000,
    ])
    expect(attempts.map((attempt) => backoffDelay(attempt, backoff, () => 0.999999))).toEqual([
      500, 1000, 2000, 4000, 30000, 30000, 30000, 30000,
    ])
  })

  it('spreads clients that failed together over the whole window', () => {
    let seed = 7
    // A small deterministic generator: the test must not depend on luck.
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const waits = Array.from({ length: 1000 }, () => backoffDelay(3, backoff, random))
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000)
    expect(Math.max(...waits)).toBeLessThanOrEqual(2000)
    // Each tenth of the window holds some of them: nobody retries in step.
    const tenths = new Set(waits.map((wait) => Math.min(9, Math.floor((wait - 1000) / 100))))
    expect(tenths.size).toBe(10)
  })

  it('treats an attempt below 1 as the first', () => {
    expect(backoffDelay(0, backoff, () => 0.999999)).toBe(500)
  })
})
