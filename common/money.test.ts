import { describe, expect, it } from 'vitest'
import { formatCents, toCents } from './money'
import { moneyInput } from './money-input'

describe('money', () => {
  it.each([
    ['9.99', 999],
    ['10', 1000],
    ['0.5', 50],
    [' 169.99 ', 16999],
    [26.99, 2699],
    [0.1 + 0.2, 30],
    ['-3.10', -310],
  ])('reads %p as %i cents', (input, cents) => expect(toCents(input)).toBe(cents))

  it.each(['', 'abc', '1.999', '1e3', '1,50', NaN, Infinity])('refuses %p', (input) =>
    expect(toCents(input)).toBeNull(),
  )

  it('formats cents with exactly two decimals', () => {
    expect(formatCents(999)).toBe('9.99')
    expect(formatCents(5)).toBe('0.05')
    expect(formatCents(120000)).toBe('1200.00')
    expect(formatCents(-310)).toBe('-3.10')
  })

  it('normalises input amounts and names the field when wrong', () => {
    const price = moneyInput('Price')
    expect(price.parse(14.9)).toBe('14.90')
    expect(price.safeParse('').error?.issues[0]?.message).toBe('Price is required')
    expect(price.safeParse('12.345').error?.issues[0]?.message).toBe(
      'Price must be an amount like 9.99',
    )
  })
})
