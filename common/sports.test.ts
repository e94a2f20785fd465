import { describe, expect, it } from 'vitest'
import { eventBadge, eventStart } from './sports'

const now = new Date('2026-11-22T15:00:00Z')
const event = (
  dateEvent: string | null,
  home: string | null = null,
  away: string | null = null,
) => ({
  dateEvent,
  intHomeScore: home,
  intAwayScore: away,
})

describe('eventBadge', () => {
  it('is LIVE only when both scores exist', () => {
    expect(eventBadge(event('2026-11-22', '1', '0'), now)).toBe('LIVE')
    expect(eventBadge(event('2026-11-22', '1', null), now)).toBe('TODAY')
  })

  it('is TODAY, TOMORROW or UPCOMING by date', () => {
    expect(eventBadge(event('2026-11-22'), now)).toBe('TODAY')
    expect(eventBadge(event('2026-11-23'), now)).toBe('TOMORROW')
    expect(eventBadge(event('2026-11-30'), now)).toBe('UPCOMING')
    expect(eventBadge(event(null), now)).toBe('UPCOMING')
  })
})

describe('eventStart', () => {
  it('reads the date and time in UTC, and puts undated events last', () => {
    expect(eventStart({ dateEvent: '2026-11-22', strTime: '19:45:00' })).toBe(
      Date.parse('2026-11-22T19:45:00Z'),
    )
    expect(eventStart({ dateEvent: '2026-11-22', strTime: '19:45' })).toBe(
      Date.parse('2026-11-22T19:45:00Z'),
    )
    expect(eventStart({ dateEvent: '2026-11-22', strTime: null })).toBe(
      Date.parse('2026-11-22T00:00:00Z'),
    )
    expect(eventStart({ dateEvent: null, strTime: '10:00' })).toBe(Number.MAX_SAFE_INTEGER)
  })
})
