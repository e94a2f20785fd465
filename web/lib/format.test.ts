import { describe, expect, it } from 'vitest'
import { formatBytes, formatMoney, formatMoneyIn, formatPublishedDate } from './format'

describe('formatMoney', () => {
  it('groups thousands and always shows two decimals, from the text alone', () => {
    expect(formatMoney('0.00')).toBe('$0.00')
    expect(formatMoney('9.9')).toBe('$9.90')
    expect(formatMoney('1234567.05')).toBe('$1,234,567.05')
    expect(formatMoney('100')).toBe('$100.00')
    expect(formatMoney('-12.30')).toBe('-$12.30')
  })
})

describe('formatMoneyIn', () => {
  it('writes dollars the house’s way and any other currency after the amount', () => {
    expect(formatMoneyIn('1234.5', 'USD')).toBe('$1,234.50')
    expect(formatMoneyIn('1234.5', 'EUR')).toBe('1,234.50 EUR')
    expect(formatMoneyIn('-29.99', 'GBP')).toBe('-29.99 GBP')
  })
})

describe('formatPublishedDate', () => {
  it('gives the UTC calendar day in English, the same on the server and in any browser', () => {
    expect(formatPublishedDate('2026-11-20T23:30:00.000Z')).toBe('November 20, 2026')
    expect(formatPublishedDate('2026-01-01T00:00:00.000Z')).toBe('January 1, 2026')
  })
})

describe('formatBytes', () => {
  it('shows a size in the largest unit that keeps it under 1,024', () => {
    expect(formatBytes(1)).toBe('1 byte')
    expect(formatBytes(900)).toBe('900 bytes')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(3_565_158)).toBe('3.4 MB')
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB')
  })
})
