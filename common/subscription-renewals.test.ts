import { UTCDate } from '@date-fns/utc'
import { addMonths } from 'date-fns'
import { describe, expect, it } from 'vitest'
import { addCalendarMonths, renewalEnd, renewalPrice, renewalStart } from './subscription-renewals'

const at = (iso: string) => new Date(iso)

describe('calendar months', () => {
  it('ends a month on the last day the next month has, keeping the time of day', () => {
    expect(addCalendarMonths(at('2027-01-31T10:15:00Z'), 1).toISOString()).toBe(
      '2027-02-28T10:15:00.000Z',
    )
    expect(addCalendarMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    )
    expect(addCalendarMonths(at('2026-11-30T23:59:59Z'), 3).toISOString()).toBe(
      '2027-02-28T23:59:59.000Z',
    )
    expect(addCalendarMonths(at('2026-12-15T08:00:00Z'), 12).toISOString()).toBe(
      '2027-12-15T08:00:00.000Z',
    )
  })

  it('agrees with date-fns in UTC on every day of two years (a leap day among them), for 1 to 12 months', () => {
    for (let day = 0; day < 2 * 366; day += 1) {
      const start = new Date(Date.UTC(2027, 0, 1, 13, 30) + day * 86_400_000)
      for (let months = 1; months <= 12; months += 1) {
        const expected = addMonths(new UTCDate(start.getTime()), months).getTime()
        expect(addCalendarMonths(start, months).getTime()).toBe(expected)
      }
    }
  })
})

describe('a renewal', () => {
  const now = at('2026-11-23T12:00:00Z')

  it('adds the months to the end while it is ahead, else to now', () => {
    expect(renewalEnd(at('2027-01-31T00:00:00Z'), 1, now).toISOString()).toBe(
      '2027-02-28T00:00:00.000Z',
    )
    expect(renewalEnd(at('2026-10-01T00:00:00Z'), 1, now).toISOString()).toBe(
      '2026-12-23T12:00:00.000Z',
    )
    expect(renewalEnd(null, 2, now).toISOString()).toBe('2027-01-23T12:00:00.000Z')
  })

  it("costs the plan's price spread over the months chosen", () => {
    const monthly = { price: '9.99', billingPeriod: 'monthly' as const }
    const quarterly = { price: '41.99', billingPeriod: 'quarterly' as const }
    expect(renewalPrice(monthly, 1)).toBe('9.99')
    expect(renewalPrice(monthly, 3)).toBe('29.97')
    expect(renewalPrice(quarterly, 3)).toBe('41.99')
    expect(renewalPrice(quarterly, 6)).toBe('83.98')
    expect(renewalPrice(quarterly, 1)).toBe('14.00')
    expect(renewalPrice(quarterly, 0)).toBeNull()
    expect(renewalPrice({ price: 'free', billingPeriod: 'monthly' }, 1)).toBeNull()
  })
})

// Decision 0060: an automatic renewal paid within its grace period runs on from the old end.
describe('renewalStart with a grace period', () => {
  const end = new Date('2027-03-01T10:00:00Z')
  const after = (days: number) => new Date(end.getTime() + days * 86_400_000)

  it('starts at the old end when paid before it or within the grace', () => {
    expect(renewalStart(end, after(-1), 3)).toEqual(end)
    expect(renewalStart(end, after(2.9), 3)).toEqual(end)
    expect(renewalStart(end, after(3), 3)).toEqual(end)
  })

  it('starts at the payment when paid after the grace, or with none', () => {
    expect(renewalStart(end, after(3.1), 3)).toEqual(after(3.1))
    expect(renewalStart(end, after(0.5))).toEqual(after(0.5))
    expect(renewalEnd(end, 3, after(2), 3)).toEqual(new Date('2027-06-01T10:00:00Z'))
    expect(renewalStart(null, after(1), 3)).toEqual(after(1))
  })
})
