import { describe, expect, it } from 'vitest'
import { eventBadge } from '../common/sports-rules'
import { addCalendarMonths, renewalEnd } from '../common/subscription-renewals'
import { monthAt, monthRange } from './modules/business-metrics/subscription-metrics.service'
import { linePlanFor } from './modules/m3u/person-line-plan'
import { hostTimeZones, underEachHostTimeZone } from './test/host-time-zones'

const hour = 60 * 60 * 1000
const day = 24 * hour

/** Instants around each month's turn in 2026, where a zone's calendar differs from UTC's. */
const turns = Array.from({ length: 12 }, (_, month) => Date.UTC(2026, month, 1)).flatMap((at) =>
  [-10, -3, 0, 3, 10].map((hours) => new Date(at + hours * hour)),
)

/** Whatever the host's zone, `compute` answers the same. */
function sameInEveryZone<T>(compute: () => T): T {
  const answers = underEachHostTimeZone(compute)
  expect(answers).toEqual(hostTimeZones.map(() => answers[0]))
  return answers[0]!
}

describe('the server answers the same whatever the host time zone', () => {
  it("counts a line's term in months the same way", () => {
    const person = (end: Date) => ({
      subscriptionStatus: 'active' as const,
      subscriptionEndDate: end,
      createdAt: new Date('2025-01-01T00:00:00Z'),
      paidPlan: 'Starter',
    })
    const terms = sameInEveryZone(() =>
      turns.flatMap((now) =>
        turns
          .filter((end) => end.getTime() > now.getTime() + day)
          .map((end) => linePlanFor(person(end), 24, now).subscriptionType),
      ),
    )
    // 1 February 03:00 UTC to 15 May is three months in UTC (in Los Angeles it was still January).
    const now = new Date('2026-02-01T03:00:00Z')
    expect(linePlanFor(person(new Date('2026-05-15T12:00:00Z')), 24, now).subscriptionType).toBe(3)
    expect(terms.length).toBeGreaterThan(1000)
  })

  it('adds calendar months, and dates events, the same way', () => {
    sameInEveryZone(() =>
      turns.map((start) => [
        addCalendarMonths(start, 1).toISOString(),
        renewalEnd(start, 3, new Date('2026-06-01T00:00:00Z')).toISOString(),
        eventBadge({ intHomeScore: null, intAwayScore: null, dateEvent: '2026-03-01' }, start),
      ]),
    )
  })

  it('puts an instant in the business month of the time zone set, not the host', () => {
    const months = sameInEveryZone(() =>
      turns.map((at) => [monthAt(at, 'Europe/Berlin'), monthRange({}, at, 'Asia/Tokyo').first]),
    )
    expect(months[0]).toEqual(['2025-12', '2025-01-01'])
  })
})
