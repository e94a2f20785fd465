// No zod here on purpose: public pages import these rules, and zod is heavy (see site-config.ts).
import type { SportsEvent } from './sports'

export const landingEventsShown = 6

export type EventBadge = 'LIVE' | 'TODAY' | 'TOMORROW' | 'UPCOMING'

const isoDate = (date: Date) => date.toISOString().slice(0, 10)

/** LIVE when both scores exist, else by the event's date against today's (UTC). */
export function eventBadge(
  event: Pick<SportsEvent, 'intHomeScore' | 'intAwayScore' | 'dateEvent'>,
  now: Date,
): EventBadge {
  if (event.intHomeScore !== null && event.intAwayScore !== null) return 'LIVE'
  if (event.dateEvent === isoDate(now)) return 'TODAY'
  if (event.dateEvent === isoDate(new Date(now.getTime() + 24 * 60 * 60 * 1000))) return 'TOMORROW'
  return 'UPCOMING'
}

/** Milliseconds since the epoch of an event's start; events without a date sort last. */
export function eventStart(event: Pick<SportsEvent, 'dateEvent' | 'strTime'>): number {
  if (!event.dateEvent) return Number.MAX_SAFE_INTEGER
  const time =
    event.strTime && /^\d{2}:\d{2}/.test(event.strTime) ? event.strTime.slice(0, 8) : '00:00:00'
  const ms = Date.parse(`${event.dateEvent}T${time.length === 5 ? `${time}:00` : time}Z`)
  return Number.isNaN(ms) ? Number.MAX_SAFE_INTEGER : ms
}
