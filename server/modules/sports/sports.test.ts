import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { leagues } from '../../../common/sports'
import { fakeEvent, startFakeSportsApi } from '../../test/fake-sports-api'
import { createClient } from '../../test/http-client'
import { startTestServer, type TestServer } from '../../test/test-server'

describe('GET /api/sports/events', () => {
  let api: Awaited<ReturnType<typeof startFakeSportsApi>>
  let server: TestServer
  // An even 2-minute slot: the landing reads the first four leagues.
  let clock: Date
  const get = async (scope: string) =>
    (await createClient(server.baseUrl).get(`/api/sports/events?scope=${scope}`)).body

  beforeAll(async () => {
    api = await startFakeSportsApi()
  })
  afterAll(() => api.close())
  // A server per test: each starts with an empty cache.
  beforeEach(async () => {
    api.leagues.clear()
    api.calls.length = 0
    clock = new Date('2026-11-22T12:00:00Z')
    server = await startTestServer('pglite', {
      env: { SPORTS_API_BASE: api.baseUrl },
      now: () => clock,
    })
  })
  afterEach(() => server.close())

  it('reads four landing leagues per rotation, three events each, sorted by date', async () => {
    const epl = leagues.englishPremierLeague
    api.leagues.set(epl.id, {
      events: ['05', '01', '03', '04'].map((d) => fakeEvent(`e${d}`, epl.name, `2026-12-${d}`)),
    })
    api.leagues.set(leagues.nba.id, { events: [fakeEvent('n1', 'NBA', '2026-12-02')] })
    const events = await get('landing')
    // EPL's first three (as the service lists them) and not the NBA, which rotates in later.
    expect(events.map((e: any) => e.idEvent)).toEqual(['e01', 'e03', 'e05'])
    expect(new Set(api.calls)).toEqual(new Set(['4328', '4331', '4335', '4480']))

    clock = new Date(clock.getTime() + 2 * 60 * 1000)
    const next = await get('landing')
    expect(next.map((e: any) => e.idEvent)).toEqual(['n1'])
    expect(new Set(api.calls.slice(4))).toEqual(new Set(['4387', '4391', '4481', '4334']))
  })

  it('de-duplicates by event id and caps the landing at 8', async () => {
    for (const league of [
      leagues.englishPremierLeague,
      leagues.germanBundesliga,
      leagues.spanishLaLiga,
    ]) {
      api.leagues.set(league.id, {
        events: [1, 2, 3].map((n) => fakeEvent(`${league.id}-${n}`, league.name, `2026-12-0${n}`)),
      })
    }
    api.leagues.set(leagues.uefaChampionsLeague.id, {
      events: [fakeEvent('4328-1', 'dup', '2026-12-01'), fakeEvent('cl', 'UCL', '2026-12-09')],
    })
    const events = await get('landing')
    expect(events).toHaveLength(8)
    expect(new Set(events.map((e: any) => e.idEvent)).size).toBe(8)
  })

  it('skips a failing league and serves the others, with scores that may be null', async () => {
    api.leagues.set(leagues.englishPremierLeague.id, 'error')
    api.leagues.set(leagues.germanBundesliga.id, 'bad-json')
    api.leagues.set(leagues.nba.id, {
      events: [
        fakeEvent('live', 'NBA', '2026-11-22', {
          strSport: 'Basketball',
          intHomeScore: 88,
          intAwayScore: '90',
        }),
      ],
    })
    api.leagues.set(leagues.nhl.id, {
      events: [fakeEvent('h1', 'NHL', '2026-11-25', { strSport: 'Ice Hockey' })],
    })
    const events = await get('all')
    expect(events).toEqual([
      expect.objectContaining({
        idEvent: 'live',
        intHomeScore: '88',
        intAwayScore: '90',
        strSport: 'Basketball',
      }),
      expect.objectContaining({ idEvent: 'h1', intHomeScore: null, intAwayScore: null }),
    ])
  })

  it('caches per league, so many visitors cost one call per league per 5 minutes', async () => {
    api.leagues.set(leagues.mlb.id, { events: [fakeEvent('m1', 'MLB', '2026-12-01')] })
    await Promise.all(Array.from({ length: 20 }, () => get('all')))
    expect(api.calls).toHaveLength(7)
    clock = new Date(clock.getTime() + 4 * 60 * 1000)
    await get('all')
    expect(api.calls).toHaveLength(7)
    clock = new Date(clock.getTime() + 2 * 60 * 1000)
    await get('all')
    expect(api.calls).toHaveLength(14)
  })

  it('keeps serving the last good events while a league fails, and retries after a minute', async () => {
    const nfl = leagues.nfl
    api.leagues.set(nfl.id, { events: [fakeEvent('f1', nfl.name, '2026-12-01')] })
    expect((await get('all')).map((e: any) => e.idEvent)).toEqual(['f1'])
    api.leagues.set(nfl.id, 'error')
    clock = new Date(clock.getTime() + 6 * 60 * 1000)
    expect((await get('all')).map((e: any) => e.idEvent)).toEqual(['f1'])
    const callsAfterFailure = api.calls.length
    clock = new Date(clock.getTime() + 30 * 1000)
    await get('all')
    expect(api.calls.length).toBe(callsAfterFailure)
    clock = new Date(clock.getTime() + 31 * 1000)
    await get('all')
    expect(api.calls.slice(callsAfterFailure)).toEqual([nfl.id])
  })

  it('refuses an unknown scope', async () => {
    const response = await createClient(server.baseUrl).get('/api/sports/events?scope=galaxy')
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'scope', message: 'scope must be landing or all' },
    ])
  })
})
