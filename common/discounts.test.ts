import { describe, expect, it } from 'vitest'
import {
  codeRefusalMessage,
  codeRefusalSentence,
  codeRefusals,
  discountInput,
  discountMinor,
  type CodeRefusal,
} from './discounts'

const off = (percentage: string | null, amount: string | null, list: number) =>
  discountMinor({ percentage, amount }, list)

describe('discountMinor', () => {
  it.each([
    ['15.00', 2997, 450], // 449.55 → 4.50: half up, to the cent
    ['10.00', 2999, 300], // 299.9
    ['12.50', 1998, 250], // 249.75
    ['33.33', 2999, 1000], // 999.5667
    ['5.00', 10, 1], // 0.5 → 1: a half cent rounds up
    ['100.00', 2999, 2999],
  ])('%s%% of %i cents is %i cents off', (percentage, list, cents) =>
    expect(off(percentage, null, list)).toBe(cents),
  )

  it('takes a fixed amount off, never more than the price', () => {
    expect(off(null, '5.00', 2999)).toBe(500)
    expect(off(null, '50.00', 2999)).toBe(2999)
  })

  it('takes the percentage first, then the amount, and stops at the price', () => {
    expect(off('10.00', '5.00', 2999)).toBe(300 + 500)
    expect(off('90.00', '5.00', 2999)).toBe(2999)
  })

  it('takes nothing off a free price', () => expect(off('15.00', '5.00', 0)).toBe(0))
})

describe('discountInput limits', () => {
  const base = { name: 'Spring', validFrom: '2026-03-01' }

  it.each([
    [undefined, null],
    ['', null],
    [null, null],
    ['25', 25],
    [1, 1],
  ])('reads maxRedemptions %p as %p', (maxRedemptions, expected) =>
    expect(discountInput.parse({ ...base, maxRedemptions }).maxRedemptions).toBe(expected),
  )

  it.each(['0', -1, 2.5, '1e3', 'ten', 1_000_001])('refuses maxRedemptions %p', (value) => {
    const result = discountInput.safeParse({ ...base, maxRedemptions: value })
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['maxRedemptions'],
        message: 'Max redemptions must be a whole number from 1 to 1000000',
      },
    ])
  })

  it('defaults oncePerPerson to false', () =>
    expect(discountInput.parse(base).oncePerPerson).toBe(false))
})

describe('a refused code, as a sentence for a person', () => {
  it.each([
    ['not_valid', 'This code is not valid. Check how it is spelled.'],
    ['expired', 'This code has expired.'],
    ['other_plan', 'This code is not for the Family plan.'],
    ['already_used', 'You have already used this code.'],
    ['used_up', 'This code has been used up.'],
  ] as const)('%s', (refusal, sentence) => {
    expect(codeRefusalSentence(codeRefusalMessage(refusal), 'Family')).toBe(sentence)
  })

  it('has a sentence for every refusal, and none for other messages', () => {
    for (const refusal of Object.keys(codeRefusals) as CodeRefusal[]) {
      expect(codeRefusalSentence(codeRefusalMessage(refusal), 'Family')).toMatch(/^[A-Z].*\.$/)
    }
    expect(codeRefusalSentence('planId: no active plan has this id', 'Family')).toBeNull()
  })
})
