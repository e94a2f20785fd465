import { leagues } from '../common/sports'
import { fakeEvent } from '../server/test/fake-sports-api'

const day = (offset: number) =>
  new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10)

/** Fixtures the end-to-end sports service serves: a live game, today, tomorrow and later. */
export const sportsFixtures = new Map<string, { events: object[] }>([
  [
    leagues.englishPremierLeague.id,
    {
      events: [
        fakeEvent('9001', leagues.englishPremierLeague.name, day(0), {
          strEvent: 'Arsenal vs Chelsea',
          strHomeTeam: 'Arsenal',
          strAwayTeam: 'Chelsea',
          intHomeScore: '2',
          intAwayScore: '1',
        }),
        fakeEvent('9002', leagues.englishPremierLeague.name, day(1), {
          strEvent: 'Liverpool vs Everton',
          strHomeTeam: 'Liverpool',
          strAwayTeam: 'Everton',
        }),
      ],
    },
  ],
  [
    leagues.nba.id,
    {
      events: [
        fakeEvent('9101', leagues.nba.name, day(0), {
          strSport: 'Basketball',
          strEvent: 'Lakers vs Celtics',
          strHomeTeam: 'Lakers',
          strAwayTeam: 'Celtics',
        }),
      ],
    },
  ],
  [
    leagues.nhl.id,
    {
      events: [
        fakeEvent('9201', leagues.nhl.name, day(5), {
          strSport: 'Ice Hockey',
          strEvent: 'Rangers vs Bruins',
          strHomeTeam: 'Rangers',
          strAwayTeam: 'Bruins',
        }),
      ],
    },
  ],
])
