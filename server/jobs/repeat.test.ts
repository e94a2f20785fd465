import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { repeatWithoutOverlap } from './repeat'

describe('a job repeated on a beat', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('does not start a round while its previous one is still running, and resumes once it ends', async () => {
    let endRound!: () => void
    const run = vi.fn(() => new Promise<void>((resolve) => (endRound = resolve)))
    const stop = repeatWithoutOverlap(run, 1_000, () => {})
    expect(run).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(run).toHaveBeenCalledTimes(1)

    endRound()
    await vi.advanceTimersByTimeAsync(1_000)
    expect(run).toHaveBeenCalledTimes(2)
    stop()
  })

  it('reports a failed round and tries again at the next beat', async () => {
    const failure = new Error('database away')
    const run = vi.fn<() => Promise<void>>().mockRejectedValueOnce(failure).mockResolvedValue()
    const onError = vi.fn()
    const stop = repeatWithoutOverlap(run, 1_000, onError)
    await vi.advanceTimersByTimeAsync(0)
    expect(onError).toHaveBeenCalledWith(failure)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(run).toHaveBeenCalledTimes(2)
    stop()
  })

  it('stops beating once stopped', async () => {
    const run = vi.fn(() => Promise.resolve())
    const stop = repeatWithoutOverlap(run, 1_000, () => {})
    stop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('once stopped, resolves when the round under way has ended', async () => {
    let endRound!: () => void
    const run = vi.fn(() => new Promise<void>((resolve) => (endRound = resolve)))
    let stopped = false
    const stopping = repeatWithoutOverlap(run, 1_000, () => {})().then(() => (stopped = true))
    await vi.advanceTimersByTimeAsync(5_000)
    expect(stopped).toBe(false)
    endRound()
    await stopping
    expect(run).toHaveBeenCalledTimes(1)
  })
})
