import { describe, expect, it } from 'vitest'
import { englishDay, englishDayTime, englishLongDate } from './english-utc-date'

// What Intl writes for en-US in UTC, with its narrow no-break space before AM/PM made a space.
const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })
  return (date: Date) => format.format(date).replace(/\u202f/g, ' ')
}
const dayParts = { weekday: 'short', month: 'short', day: 'numeric' } as const

// Every hour of a leap year's days, at a minute that changes with the hour.
const everyHourOf2028 = Array.from(
  { length: 366 * 24 },
  (_, hour) => new Date(Date.UTC(2028, 0, 1, hour, (hour * 7) % 60)),
)

describe('English dates in UTC', () => {
  it('writes the long date as en-US does, on the UTC day', () => {
    const expected = intl({ dateStyle: 'long' })
    for (const date of everyHourOf2028) expect(englishLongDate(date)).toBe(expected(date))
    expect(englishLongDate(new Date('2026-11-20T23:30:00.000Z'))).toBe('November 20, 2026')
  })

  it('writes the short day as en-US does', () => {
    const expected = intl(dayParts)
    for (const date of everyHourOf2028) expect(englishDay(date)).toBe(expected(date))
  })

  it('writes the day and time on a 12-hour clock, midnight and noon as 12', () => {
    const expected = intl({
      ...dayParts,
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    for (const date of everyHourOf2028) expect(englishDayTime(date)).toBe(expected(date))
    expect(englishDayTime(new Date('2026-01-05T00:05:00Z'))).toBe('Mon, Jan 5, 12:05 AM UTC')
    expect(englishDayTime(new Date('2026-07-04T12:00:00Z'))).toBe('Sat, Jul 4, 12:00 PM UTC')
  })
})
