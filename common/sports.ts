import { z } from 'zod'

export const leagues = {
  englishPremierLeague: { id: '4328', name: 'English Premier League' },
  germanBundesliga: { id: '4331', name: 'German Bundesliga' },
  spanishLaLiga: { id: '4335', name: 'Spanish La Liga' },
  uefaChampionsLeague: { id: '4480', name: 'UEFA Champions League' },
  nba: { id: '4387', name: 'NBA' },
  nfl: { id: '4391', name: 'NFL' },
  uefaEuropaLeague: { id: '4481', name: 'UEFA Europa League' },
  frenchLigue1: { id: '4334', name: 'French Ligue 1' },
  mlb: { id: '4424', name: 'MLB' },
  nhl: { id: '4380', name: 'NHL' },
} as const

/** The landing reads these eight, four at a time, rotating every two minutes. */
export const landingLeagues = [
  leagues.englishPremierLeague,
  leagues.germanBundesliga,
  leagues.spanishLaLiga,
  leagues.uefaChampionsLeague,
  leagues.nba,
  leagues.nfl,
  leagues.uefaEuropaLeague,
  leagues.frenchLigue1,
]
export const sportsPageLeagues = [
  leagues.englishPremierLeague,
  leagues.germanBundesliga,
  leagues.spanishLaLiga,
  leagues.nba,
  leagues.nfl,
  leagues.mlb,
  leagues.nhl,
]

export const landingRotationMs = 2 * 60 * 1000
export const landingEventsShown = 6

/** An upcoming or live fixture, in the sports data service's own field names. */
export const sportsEvent = z.object({
  idEvent: z.string(),
  strEvent: z.string(),
  strLeague: z.string(),
  strSport: z.string(),
  strHomeTeam: z.string().nullable(),
  strAwayTeam: z.string().nullable(),
  intHomeScore: z.string().nullable(),
  intAwayScore: z.string().nullable(),
  dateEvent: z.string().nullable(),
  strTime: z.string().nullable(),
})
export type SportsEvent = z.infer<typeof sportsEvent>

export const sportsScopes = ['landing', 'all'] as const
export const sportsEventsQuery = z.object({
  scope: z.enum(sportsScopes, { error: 'scope must be landing or all' }).default('all'),
})

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
