import type { FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { createFollowUps } from './follow-ups'

describe('follow-ups after an answer', () => {
  it('runs at most its slots at once, and close waits for the queued ones too', async () => {
    const warnings: unknown[] = []
    const log = {
      warn: (...args: unknown[]) => warnings.push(args),
    } as unknown as FastifyBaseLogger
    const followUps = createFollowUps(log, 2)
    let atOnce = 0
    let most = 0
    const done: number[] = []
    for (let index = 0; index < 5; index++) {
      followUps.run(`item ${index}`, async () => {
        atOnce += 1
        most = Math.max(most, atOnce)
        await new Promise((resolve) => setImmediate(resolve))
        atOnce -= 1
        done.push(index)
      })
    }
    // One that fails is logged; the rest still run.
    followUps.run('failing', () => Promise.reject(new Error('panel away')))
    await followUps.close()
    expect(done.sort()).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
    expect(warnings).toHaveLength(1)
  })
})
