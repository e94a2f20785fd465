import { describe, expect, it } from 'vitest'
import {
  comparePlans,
  perMonthPrice,
  planBadge,
  planInput,
  planPriceLabel,
  planTemplates,
  profitMargin,
} from './plans'

describe('plan price label', () => {
  it.each([
    ['monthly', '9.99', 'Starter - $9.99/month'],
    ['quarterly', '26.9', 'Starter - $26.90/3 months'],
    ['semi-annual', '47.99', 'Starter - $47.99/6 months'],
    ['annual', '80', 'Starter - $80.00/year'],
  ] as const)('labels a %s plan', (billingPeriod, price, label) => {
    expect(planPriceLabel({ name: 'Starter', price, billingPeriod })).toBe(label)
  })
})

describe('per-month price', () => {
  it.each([
    ['monthly', '9.99', '9.99'],
    ['quarterly', '26.99', '9.00'],
    ['semi-annual', '47.99', '8.00'],
    ['annual', '79.99', '6.67'],
  ] as const)('divides a %s price by its months', (billingPeriod, price, perMonth) => {
    expect(perMonthPrice({ price, billingPeriod })).toBe(perMonth)
  })
})

describe('plan badges', () => {
  it('marks annual plans Best Value, saving 15% when billed annually and 10% otherwise', () => {
    expect(planBadge({ name: 'Starter Annual', billingPeriod: 'annual' })).toEqual({
      label: 'Best Value',
      saving: 'Save 15%',
    })
    expect(planBadge({ name: 'Annual Deal', billingPeriod: 'monthly' })).toEqual({
      label: 'Best Value',
      saving: 'Save 10%',
    })
    expect(planBadge({ name: 'Family', billingPeriod: 'annual' })).toEqual({
      label: 'Best Value',
      saving: 'Save 15%',
    })
  })

  it('marks Plus and Pro plans Popular, and others not at all', () => {
    expect(planBadge({ name: 'Family Plus', billingPeriod: 'quarterly' })).toEqual({
      label: 'Popular',
    })
    expect(planBadge({ name: 'Household PRO', billingPeriod: 'semi-annual' })).toEqual({
      label: 'Popular',
    })
    expect(planBadge({ name: 'Starter', billingPeriod: 'monthly' })).toBeNull()
  })
})

describe('profit margin', () => {
  it('subtracts the monthly cost times the months billed', () => {
    expect(profitMargin(999, 188, 'monthly')).toBe('81.18')
    expect(profitMargin(7999, 188, 'annual')).toBe('71.80')
    expect(profitMargin(1000, 1500, 'monthly')).toBe('-50.00')
  })

  it('is 0 when the price is not positive', () => {
    expect(profitMargin(0, 188, 'monthly')).toBe('0.00')
  })
})

describe('plan order', () => {
  it('sorts by sort order, then price', () => {
    const plans = [
      { sortOrder: 2, price: '1.00' },
      { sortOrder: 1, price: '20.00' },
      { sortOrder: 1, price: '3.00' },
    ]
    expect(plans.sort(comparePlans)).toEqual([
      { sortOrder: 1, price: '3.00' },
      { sortOrder: 1, price: '20.00' },
      { sortOrder: 2, price: '1.00' },
    ])
  })
})

describe('plan templates', () => {
  it("are the spec's twelve, in USD, active, with sort orders 1 to 12", () => {
    expect(planTemplates.map((t) => [t.name, t.price, t.billingPeriod, t.costPerMonth])).toEqual([
      ['Starter', '9.99', 'monthly', '1.88'],
      ['Starter Plus', '26.99', 'quarterly', '1.88'],
      ['Starter Pro', '47.99', 'semi-annual', '1.88'],
      ['Starter Annual', '79.99', 'annual', '1.88'],
      ['Family', '14.99', 'monthly', '3.76'],
      ['Family Plus', '41.99', 'quarterly', '3.76'],
      ['Family Pro', '74.99', 'semi-annual', '3.76'],
      ['Family Annual', '119.99', 'annual', '3.76'],
      ['Household', '18.99', 'monthly', '5.64'],
      ['Household Plus', '53.99', 'quarterly', '5.64'],
      ['Household Pro', '95.99', 'semi-annual', '5.64'],
      ['Household Annual', '169.99', 'annual', '5.64'],
    ])
    expect(planTemplates.map((t) => t.sortOrder)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(new Set(planTemplates.map((t) => `${t.currency} ${t.active}`))).toEqual(
      new Set(['USD true']),
    )
  })
})

describe('plan input', () => {
  it('requires a price, defaults the rest like the form, and drops blank features', () => {
    expect(planInput.safeParse({ name: 'X', price: '' }).error?.issues[0]?.message).toBe(
      'Price is required',
    )
    expect(planInput.parse({ name: 'X', price: 5, features: ['a', ' ', ''] })).toMatchObject({
      price: '5.00',
      costPerMonth: '1.50',
      currency: 'EUR',
      billingPeriod: 'monthly',
      active: true,
      sortOrder: 0,
      features: ['a'],
    })
  })

  it('takes only currencies with cents, which every amount and Stripe charge assumes', () => {
    expect(planInput.parse({ name: 'X', price: 5, currency: 'gbp' }).currency).toBe('GBP')
    for (const currency of ['JPY', 'KWD']) {
      expect(planInput.safeParse({ name: 'X', price: 5, currency }).error?.issues[0]).toMatchObject(
        {
          path: ['currency'],
          message: 'Currency must have cents (two decimals), like EUR, USD or GBP',
        },
      )
    }
  })
})

describe('the quick templates', () => {
  it('give Starter 1 screen, Family 2 and Household 3', () => {
    const screens = Object.fromEntries(planTemplates.map((t) => [t.name, t.maxConnections]))
    expect(screens).toMatchObject({
      Starter: 1,
      'Starter Annual': 1,
      Family: 2,
      'Household Pro': 3,
    })
  })
})
