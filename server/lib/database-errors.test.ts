import { DrizzleQueryError } from 'drizzle-orm/errors'
import { describe, expect, it } from 'vitest'
import { databaseErrorCode, isDatabaseUnavailable } from './database-errors'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause)

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connect timeout', withCode('ETIMEDOUT')],
    ['an administrator shutdown (57P01)', withCode('57P01')],
    ['a server starting up (57P03)', withCode('57P03')],
    ['a connection exception (08006)', withCode('08006')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'a broken pooled client',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['every address refusing', new AggregateError([withCode('ECONNREFUSED')], 'all failed')],
  ])('is true for %s, also wrapped by drizzle', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true)
    expect(isDatabaseUnavailable(wrapped(error))).toBe(true)
  })

  it.each([
    ['a unique violation', withCode('23505')],
    ['an undefined table', withCode('42P01')],
    ['a bug', new TypeError('x is undefined')],
    ['something that is no error', 'ECONNREFUSED'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false)
    if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false)
  })
})

describe('databaseErrorCode', () => {
  it("finds the SQLSTATE under drizzle's wrapper and ignores network codes", () => {
    expect(databaseErrorCode(wrapped(withCode('23505')))).toBe('23505')
    expect(databaseErrorCode(wrapped(withCode('ECONNREFUSED')))).toBeUndefined()
  })
})
