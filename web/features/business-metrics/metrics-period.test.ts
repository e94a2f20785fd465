import { describe, expect, it } from 'vitest'
import type { SubscriptionMetricsMonth } from '@common/business-metrics'
import {
  currentMonth,
  lastMonths,
  periodOf,
  periodProblem,
  requestedRange,
  splitPeriods,
  summarisePeriod,
} from './metrics-period'

const month = (
  name: string,
  figures: Partial<SubscriptionMetricsMonth>,
): SubscriptionMetricsMonth => ({
  month: name,
  mrr: '0.00',
  newMrr: '0.00',
  expansionMrr: '0.00',
  contractionMrr: '0.00',
  churnedMrr: '0.00',
  reactivationMrr: '0.00',
  netNewMrr: '0.00',
  payingCustomers: 0,
  churnedCustomers: 0,
  voluntaryChurnedCustomers: 0,
  involuntaryChurnedCustomers: 0,
  failedRenewals: 0,
  recoveredRenewals: 0,
  customerChurnRate: null,
  cash: '0.00',
  refunds: '0.00',
  recognised: '0.00',
  deferred: '0.00',
  trialsStarted: 0,
  trialsConverted: 0,
  trialConversionRate: null,
  ...figures,
})

describe('the period picker', () => {
  it('counts the last months back across a year end', () => {
    expect(lastMonths(3, '2025-02')).toEqual({ from: '2024-12', to: '2025-02' })
    expect(lastMonths(12, '2025-12')).toEqual({ from: '2025-01', to: '2025-12' })
  })

  it('ends "this month" in the business time zone, not the browser’s', () => {
    // 23:30 on 31 January in UTC is already February in Berlin and still January in New York.
    const at = new Date('2026-01-31T23:30:00Z')
    expect(currentMonth(at, 'Europe/Berlin')).toBe('2026-02')
    expect(currentMonth(at, 'America/New_York')).toBe('2026-01')
    expect(periodOf(3, currentMonth(at, 'Europe/Berlin'))).toEqual({
      from: '2025-12',
      to: '2026-02',
    })
    expect(periodOf({ from: '2025-01', to: '2025-03' }, '2026-02')).toEqual({
      from: '2025-01',
      to: '2025-03',
    })
  })

  it('asks for the previous period and the month before it in one range', () => {
    expect(requestedRange({ from: '2025-01', to: '2025-03' })).toEqual({
      from: '2024-09',
      to: '2025-03',
    })
  })

  it('refuses a range backwards or too long for the previous period to fit beside it', () => {
    expect(periodProblem({ from: '2025-01', to: '2025-03' })).toBeNull()
    expect(periodProblem({ from: '2025-03', to: '2025-01' })).toMatch(/not be before/)
    expect(periodProblem({ from: '2023-01', to: '2025-12' })).toBe('Choose at most 29 months.')
    expect(periodProblem({ from: '', to: '2025-12' })).toBe('Choose both months.')
  })
})

describe('a period summary', () => {
  it('takes stocks at the end, sums flows to the cent, and pools rates', () => {
    const summary = summarisePeriod(
      [
        month('2025-01', {
          mrr: '10.10',
          netNewMrr: '10.10',
          payingCustomers: 4,
          cash: '0.10',
          trialsStarted: 3,
          trialsConverted: 1,
        }),
        month('2025-02', {
          mrr: '20.20',
          netNewMrr: '10.10',
          payingCustomers: 5,
          churnedCustomers: 1,
          cash: '0.20',
          deferred: '7.00',
          trialsStarted: 1,
          trialsConverted: 1,
        }),
      ],
      2,
    )
    expect(summary).toMatchObject({
      mrr: '20.20',
      netNewMrr: '20.20',
      payingCustomers: 5,
      churnedCustomers: 1,
      cash: '0.30',
      deferred: '7.00',
      trialConversionRate: 0.5,
    })
    // One churned over 2 paying at January's start plus 4 at February's.
    expect(summary?.customerChurnRate).toBeCloseTo(1 / 6)
  })

  it('has no rate with nobody to divide by, and no summary without months', () => {
    expect(summarisePeriod([month('2025-01', {})])).toMatchObject({
      customerChurnRate: null,
      trialConversionRate: null,
    })
    expect(summarisePeriod([])).toBeNull()
  })

  it('splits the answer into the period and the previous one', () => {
    const answer = ['2024-12', '2025-01', '2025-02', '2025-03', '2025-04'].map((name, index) =>
      month(name, { payingCustomers: index + 1, mrr: `${index}.00` }),
    )
    const { current, summary, previousSummary } = splitPeriods(answer)
    expect(current.map((m) => m.month)).toEqual(['2025-03', '2025-04'])
    expect(summary?.mrr).toBe('4.00')
    expect(previousSummary?.mrr).toBe('2.00')
  })
})
