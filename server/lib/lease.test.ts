import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { leaseMs, whileRenewing } from './lease'

describe('a claim renewed while its work runs', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  /** Work that runs until `finish` is called. */
  function longWork() {
    let finish!: (value: string) => void
    const done = new Promise<string>((resolve) => (finish = resolve))
    return { work: () => done, finish }
  }

  it('is renewed well inside each lease while the work runs, and no more once it is done', async () => {
    const renew = vi.fn(() => Promise.resolve())
    const { work, finish } = longWork()
    const running = whileRenewing(renew, () => {}, work)
    await vi.advanceTimersByTimeAsync(leaseMs - 1)
    expect(renew.mock.calls.length).toBeGreaterThanOrEqual(2)
    await vi.advanceTimersByTimeAsync(5 * leaseMs)
    const renewals = renew.mock.calls.length
    expect(renewals).toBeGreaterThanOrEqual(2 * 6)
    finish('done')
    expect(await running).toBe('done')
    await vi.advanceTimersByTimeAsync(5 * leaseMs)
    expect(renew).toHaveBeenCalledTimes(renewals)
  })

  it('answers only once a renewal under way has finished, so none lands after the outcome', async () => {
    let endRenewal!: () => void
    const renew = vi.fn(() => new Promise<void>((resolve) => (endRenewal = resolve)))
    const { work, finish } = longWork()
    const running = whileRenewing(renew, () => {}, work)
    await vi.advanceTimersByTimeAsync(leaseMs / 2)
    expect(renew).toHaveBeenCalledTimes(1)
    // A slow renewal is not stacked on by the next beats.
    await vi.advanceTimersByTimeAsync(leaseMs)
    expect(renew).toHaveBeenCalledTimes(1)
    finish('done')
    let isAnswered = false
    void running.then(() => (isAnswered = true))
    await vi.advanceTimersByTimeAsync(0)
    expect(isAnswered).toBe(false)
    endRenewal()
    expect(await running).toBe('done')
  })

  it('reports a renewal that fails and tries again at the next beat', async () => {
    const failure = new Error('database away')
    const renew = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(failure)
      .mockResolvedValue(undefined)
    const onError = vi.fn()
    const { work, finish } = longWork()
    const running = whileRenewing(renew, onError, work)
    await vi.advanceTimersByTimeAsync(leaseMs - 1)
    expect(onError).toHaveBeenCalledWith(failure)
    expect(renew.mock.calls.length).toBeGreaterThanOrEqual(2)
    finish('done')
    await running
  })

  it('passes the work’s failure on, and stops renewing', async () => {
    const renew = vi.fn(() => Promise.resolve())
    const running = whileRenewing(
      renew,
      () => {},
      () => Promise.reject(new Error('panel down')),
    )
    await expect(running).rejects.toThrow('panel down')
    await vi.advanceTimersByTimeAsync(leaseMs)
    expect(renew).not.toHaveBeenCalled()
  })
})
