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
 * keeps flooding runs into debt and is closed, while one that slows down pays it back.
 */
export function createFrameBucket(limit: FrameLimit, nowMs: number) {
  let tokens = limit.burst
  let updatedAt = nowMs
  return {
    take(now: number): FrameVerdict {
      tokens = Math.min(
        limit.burst,
        tokens + (Math.max(0, now - updatedAt) / 1000) * limit.perSecond,
      )
      updatedAt = now
      tokens -= 1
      if (tokens >= 0) return 'accept'
      return tokens >= -limit.dropsBeforeClose ? 'drop' : 'close'
    },
  }
}
