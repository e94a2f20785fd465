import { z } from 'zod'

// The pure event rules live in sports-rules.ts, which public pages import without zod.
export { eventBadge, eventStart, landingEventsShown } from './sports-rules'
export type { EventBadge } from './sports-rules'

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
