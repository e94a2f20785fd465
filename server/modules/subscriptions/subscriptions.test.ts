import { describe, expect, it } from 'vitest'
import { subscriptionEnd } from './subscriptions.service'

describe('subscriptionEnd', () => {
  it.each([
    ['2026-01-31T10:00:00.000Z', 1, '2026-02-28T10:00:00.000Z'],
    ['2028-01-31T10:00:00.000Z', 1, '2028-02-29T10:00:00.000Z'],
    ['2026-03-15T00:30:00.000Z', 12, '2027-03-15T00:30:00.000Z'],
    ['2026-08-31T23:59:00.000Z', 3, '2026-11-30T23:59:00.000Z'],
  ])('%s + %i months = %s (calendar months, in UTC)', (start, months, end) => {
    expect(subscriptionEnd(new Date(start), months).toISOString()).toBe(end)
  })
})
