import { describe, expect, it } from 'vitest'
import { formatDate } from './format'
import { formatRelativeTime } from './relative-time'

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00Z')
  const ago = (ms: number) => new Date(now - ms).toISOString()

  it("says 'm ago' under an hour, 'h ago' under a day, then the date", () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('just now')
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5m ago')
    expect(formatRelativeTime(ago(59 * 60_000), now)).toBe('59m ago')
    expect(formatRelativeTime(ago(60 * 60_000), now)).toBe('1h ago')
    expect(formatRelativeTime(ago(23 * 3_600_000), now)).toBe('23h ago')
    expect(formatRelativeTime(ago(24 * 3_600_000), now)).toBe(formatDate(ago(24 * 3_600_000)))
  })

  it('treats a time slightly ahead of the clock as just now', () => {
    expect(formatRelativeTime(ago(-5_000), now)).toBe('just now')
  })
})
