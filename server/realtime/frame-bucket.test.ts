import { describe, expect, it } from 'vitest'
import { createFrameBucket } from './frame-bucket'

const limit = { perSecond: 10, burst: 20, dropsBeforeClose: 80 }
const takeMany = (bucket: ReturnType<typeof createFrameBucket>, count: number, now: number) =>
  Array.from({ length: count }, () => bucket.take(now))

describe('the frame bucket', () => {
  it('takes a burst, drops what follows, and closes past 5× the burst', () => {
    const bucket = createFrameBucket(limit, 0)
    expect(takeMany(bucket, 20, 0)).toEqual(Array(20).fill('accept'))
    expect(takeMany(bucket, 80, 0)).toEqual(Array(80).fill('drop'))
    expect(bucket.take(0)).toBe('close')
  })

  it('refills at its rate, up to the burst, and dropped frames are debt to pay back', () => {
    const bucket = createFrameBucket(limit, 0)
    takeMany(bucket, 25, 0)
    // Five frames of debt: half a second only pays it off; 0.2 s more earns room for one.
    expect(bucket.take(500)).toBe('drop')
    expect(bucket.take(700)).toBe('accept')
    const rested = createFrameBucket(limit, 0)
    expect(takeMany(rested, 21, 60_000).at(-1)).toBe('drop')
  })
})
