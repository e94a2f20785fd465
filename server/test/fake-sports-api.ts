import { createServer, type Server } from 'node:http'

export type LeagueBehaviour = { events: object[] | null } | 'error' | 'bad-json' | 'hang'

/**
 * A local stand-in for TheSportsDB v1: answers GET /eventsnextleague.php?id=… with
 * `{ "events": [...] | null }`, per league as configured, and counts the calls.
 */
export async function startFakeSportsApi() {
  const leagues = new Map<string, LeagueBehaviour>()
  const calls: string[] = []
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const id = url.searchParams.get('id') ?? ''
    if (url.pathname !== '/eventsnextleague.php') {
      response.writeHead(404).end()
      return
    }
    calls.push(id)
    const behaviour = leagues.get(id) ?? { events: null }
    if (behaviour === 'hang') return
    if (behaviour === 'error') {
      response.writeHead(500).end('boom')
      return
    }
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(behaviour === 'bad-json' ? '{"events": [' : JSON.stringify(behaviour))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    leagues,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** An event in the service's shape. */
export function fakeEvent(id: string, league: string, date: string, overrides: object = {}) {
  return {
    idEvent: id,
    strEvent: `Home ${id} vs Away ${id}`,
    strLeague: league,
    strSport: 'Soccer',
    strHomeTeam: `Home ${id}`,
    strAwayTeam: `Away ${id}`,
    intHomeScore: null,
    intAwayScore: null,
    dateEvent: date,
    strTime: '19:00:00',
    ...overrides,
  }
}
