export type FrameVerdict = 'accept' | 'drop' | 'close'

export type FrameLimit = {
  perSecond: number
  burst: number
  /** How many frames beyond the burst may be dropped before the socket is closed. */
  dropsBeforeClose: number
}

/** 10 frames a second with bursts of 20; a socket that keeps on up to 5× the burst is closed. */
export const defaultFrameLimit: FrameLimit = { perSecond: 10, burst: 20, dropsBeforeClose: 80 }

/**
 * A token bucket for one socket's frames. Dropped frames still draw on it, so a client that
 * keeps flooding runs into debt and is closed, while one that slows down pays it back. A class:
 * every idle socket holds one, and its method is shared rather than a closure per socket.
 */
class FrameBucket {
  private tokens: number

  constructor(
    private readonly limit: FrameLimit,
    private updatedAt: number,
  ) {
    this.tokens = limit.burst
  }

  take(now: number): FrameVerdict {
    const { limit } = this
    this.tokens = Math.min(
      limit.burst,
      this.tokens + (Math.max(0, now - this.updatedAt) / 1000) * limit.perSecond,
    )
    this.updatedAt = now
    this.tokens -= 1
    if (this.tokens >= 0) return 'accept'
    return this.tokens >= -limit.dropsBeforeClose ? 'drop' : 'close'
  }
}

export function createFrameBucket(limit: FrameLimit, nowMs: number): FrameBucket {
  return new FrameBucket(limit, nowMs)
}
