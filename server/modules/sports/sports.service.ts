import type { FastifyBaseLogger } from 'fastify'
import {
  eventStart,
  landingLeagues,
  landingRotationMs,
  sportsPageLeagues,
  type SportsEvent,
} from '../../../common/sports'
import { fetchNextLeagueEvents } from './sports-api'

type League = { id: string; name: string }
type CacheEntry = { events: SportsEvent[]; fetchedAt: number }

// Freshness: the landing 2 minutes, the sports page 5 minutes.
const landingTtlMs = 2 * 60 * 1000
const pageTtlMs = 5 * 60 * 1000
// A failing league is not asked again for a minute, so an outage costs few calls.
const failureTtlMs = 60 * 1000
const landingLeaguesPerRotation = 4
const landingEventsPerLeague = 3
const landingCap = 8

export type SportsDeps = {
  baseUrl: string
  now: () => Date
  log: FastifyBaseLogger
  fetchLeague?: (baseUrl: string, leagueId: string) => Promise<SportsEvent[]>
}

function dedupeAndSort(events: SportsEvent[]): SportsEvent[] {
  const byId = new Map(events.map((event) => [event.idEvent, event]))
  return [...byId.values()].sort((a, b) => eventStart(a) - eventStart(b))
}

/**
 * Reads fixtures from the sports data service with a per-league cache, so visitor traffic never
 * multiplies calls to it (it allows about 30 a minute). Concurrent misses share one request.
 */
export function createSportsService({
  baseUrl,
  now,
  log,
  fetchLeague = fetchNextLeagueEvents,
}: SportsDeps) {
  const cache = new Map<string, CacheEntry>()
  const inFlight = new Map<string, Promise<SportsEvent[]>>()
  const lastResults = new Map<string, { inputs: SportsEvent[][]; events: SportsEvent[] }>()

  /** Until a league refreshes, the same array as last time: callers may keep work done on it. */
  function combined(key: string, inputs: SportsEvent[][], combine: () => SportsEvent[]) {
    const last = lastResults.get(key)
    const isSame =
      last?.inputs.length === inputs.length && inputs.every((x, i) => x === last.inputs[i])
    if (last && isSame) return last.events
    const events = combine()
    lastResults.set(key, { inputs, events })
    return events
  }

  async function leagueEvents(league: League, ttlMs: number): Promise<SportsEvent[]> {
    const cached = cache.get(league.id)
    const age = now().getTime() - (cached?.fetchedAt ?? -Infinity)
    if (cached && age < ttlMs) return cached.events
    const pending = inFlight.get(league.id)
    if (pending) return pending
    const request = fetchLeague(baseUrl, league.id)
      .then((events) => {
        cache.set(league.id, { events, fetchedAt: now().getTime() })
        return events
      })
      .catch((error: unknown) => {
        log.warn({ league: league.name, err: error }, 'Sports league skipped')
        // Keep serving what we had; remember the failure so it is retried after a minute.
        const stale = cached?.events ?? []
        cache.set(league.id, { events: stale, fetchedAt: now().getTime() - ttlMs + failureTtlMs })
        return stale
      })
      .finally(() => inFlight.delete(league.id))
    inFlight.set(league.id, request)
    return request
  }

  return {
    /** Four of the eight landing leagues, rotating every two minutes; three events each. */
    async landing(): Promise<SportsEvent[]> {
      const rotation =
        Math.floor(now().getTime() / landingRotationMs) %
        (landingLeagues.length / landingLeaguesPerRotation)
      const leagues = landingLeagues.slice(
        rotation * landingLeaguesPerRotation,
        (rotation + 1) * landingLeaguesPerRotation,
      )
      const perLeague = await Promise.all(
        leagues.map((league) => leagueEvents(league, landingTtlMs)),
      )
      return combined(`landing ${rotation}`, perLeague, () => {
        const events = dedupeAndSort(
          perLeague.flatMap((events) => events.slice(0, landingEventsPerLeague)),
        )
        return events.length >= 3 ? events.slice(0, landingCap) : events
      })
    },

    /** Every upcoming event of the sports page's seven leagues. */
    async all(): Promise<SportsEvent[]> {
      const perLeague = await Promise.all(
        sportsPageLeagues.map((league) => leagueEvents(league, pageTtlMs)),
      )
      return combined('all', perLeague, () => dedupeAndSort(perLeague.flat()))
    },
  }
}
