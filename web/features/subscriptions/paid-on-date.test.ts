import { describe, expect, it } from 'vitest'
import { paidOnDate } from './paid-on-date'

const schema = paidOnDate(() => '2025-03-15')

describe('paidOnDate', () => {
  it('leaves an empty field or today out, so the server stamps the moment it records', () => {
    expect(schema.parse('')).toBeUndefined()
    expect(schema.parse(undefined)).toBeUndefined()
    expect(schema.parse('2025-03-15')).toBeUndefined()
  })

  it('takes an earlier day at noon local time, still on that calendar day', () => {
    const paidAt = schema.parse('2024-02-29')!
    expect([paidAt.getFullYear(), paidAt.getMonth(), paidAt.getDate(), paidAt.getHours()]).toEqual([
      2024, 1, 29, 12,
    ])
  })

  it('refuses a day after today and text that is not a date, naming the field', () => {
    for (const value of ['2025-03-16', '15/03/2025']) {
      const result = schema.safeParse(value)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Paid on must be a date, today or earlier')
    }
  })
})
