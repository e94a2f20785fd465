import { describe, expect, it } from 'vitest'
import { createPayloadJoiner, toNotifyPayloads } from './notify-payloads'

describe('NOTIFY payloads', () => {
  it('sends an event that fits as itself', () => {
    const json = JSON.stringify({ kind: 'chat_message', message: { message: 'Hello' } })
    expect(toNotifyPayloads(json)).toEqual([json])
    expect(createPayloadJoiner()(json)).toBe(json)
  })

  it('splits a large event into pieces under 8000 bytes that join back in any order', () => {
    // 2,000 four-byte characters and 5,000 three-byte ones: far past the limit in UTF-8.
    const json = JSON.stringify({ message: '😀'.repeat(2000), description: '日'.repeat(5000) })
    const payloads = toNotifyPayloads(json)
    expect(payloads.length).toBeGreaterThan(1)
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000)

    const join = createPayloadJoiner()
    const results = payloads.toReversed().map(join)
    expect(results.slice(0, -1)).toEqual(payloads.slice(1).map(() => null))
    expect(results.at(-1)).toBe(json)
  })

  it('keeps two pieced events apart when their pieces interleave', () => {
    const first = JSON.stringify({ text: 'a'.repeat(12_000) })
    const second = JSON.stringify({ text: 'b'.repeat(12_000) })
    const join = createPayloadJoiner()
    const [a1, a2, a3] = toNotifyPayloads(first)
    const [b1, b2, b3] = toNotifyPayloads(second)
    const joined = [a1, b1, a2, b2, a3, b3].map((payload) => join(payload!)).filter(Boolean)
    expect(joined).toEqual([first, second])
  })
})
