import { describe, expect, it } from 'vitest'
import { formatTimeLeft } from './countdown'

describe('formatTimeLeft', () => {
  const now = Date.parse('2026-11-10T12:00:00Z')

  it('counts hours, minutes and seconds within a day', () => {
    expect(formatTimeLeft('2026-11-11T11:59:59Z', now)).toBe('23h 59m 59s')
    expect(formatTimeLeft('2026-11-10T12:00:05Z', now)).toBe('0h 00m 05s')
  })

  it('counts days beyond a day', () => {
    expect(formatTimeLeft('2026-11-17T16:05:00Z', now)).toBe('7d 4h 05m')
  })

  it('is null once the end has passed', () => {
    expect(formatTimeLeft('2026-11-10T12:00:00Z', now)).toBeNull()
    expect(formatTimeLeft('2026-11-09T12:00:00Z', now)).toBeNull()
  })
})
