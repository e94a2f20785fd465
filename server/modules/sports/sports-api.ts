import { z } from 'zod'
import { sportsEvent, type SportsEvent } from '../../../common/sports'

const text = z.union([z.string(), z.number()]).transform(String).nullable().catch(null)

// The service's own shape, read leniently: scores arrive as strings, numbers or null.
const apiEvent = z.object({
  idEvent: z.union([z.string(), z.number()]).transform(String),
  strEvent: z.string(),
  strLeague: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  strSport: z
    .string()
    .nullish()
    .transform((v) => v ?? 'Other'),
  strHomeTeam: text.optional().transform((v) => v ?? null),
  strAwayTeam: text.optional().transform((v) => v ?? null),
  intHomeScore: text.optional().transform((v) => v ?? null),
  intAwayScore: text.optional().transform((v) => v ?? null),
  dateEvent: text.optional().transform((v) => v ?? null),
  strTime: text.optional().transform((v) => v ?? null),
})

const timeoutMs = 5_000

/** GET {base}/eventsnextleague.php?id=… (TheSportsDB v1); malformed events are dropped. */
export async function fetchNextLeagueEvents(
  baseUrl: string,
  leagueId: string,
): Promise<SportsEvent[]> {
  const response = await fetch(
    `${baseUrl}/eventsnextleague.php?id=${encodeURIComponent(leagueId)}`,
    {
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: 'application/json' },
    },
  )
  if (!response.ok) throw new Error(`sports service answered ${response.status}`)
  const body = (await response.json()) as { events?: unknown }
  if (!Array.isArray(body.events)) return []
  return body.events.flatMap((raw) => {
    const parsed = apiEvent.safeParse(raw)
    return parsed.success ? [sportsEvent.parse(parsed.data)] : []
  })
}
