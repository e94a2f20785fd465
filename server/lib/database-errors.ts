import { conflict, HttpError } from './http-error'

/** An error and what it wraps: drizzle's `cause`, and each attempt of Node's AggregateError. */
function* errorChain(error: unknown): Generator<Error> {
  const pending = [error]
  const seen = new Set<unknown>()
  while (pending.length) {
    const current = pending.shift()
    if (!(current instanceof Error) || seen.has(current)) continue
    seen.add(current)
    yield current
    pending.push(current.cause)
    if (current instanceof AggregateError) pending.push(...(current.errors as unknown[]))
  }
}

/** The PostgreSQL error code (SQLSTATE) of an error or of what it wraps (drizzle wraps drivers'). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/**
 * Runs a transaction again when PostgreSQL broke a deadlock by rolling it back (40P01): all of
 * it was undone and the other side went on, so running it again meets no cycle. For work whose
 * locks cannot be taken in one order with every other writer's (a line's outcome recorded while
 * an admin's payment changes the same person); at most `attempts` runs.
 */
export async function retryOnDeadlock<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction()
    } catch (error) {
      if (databaseErrorCode(error) !== '40P01' || attempt >= attempts) throw error
    }
  }
}

/** A unique constraint refused the write (optionally: this constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (databaseErrorCode(error) !== '23505') return false
  if (!constraint) return true
  for (const current of errorChain(error)) {
    const name = (current as { constraint?: unknown }).constraint
    if (typeof name === 'string') return name === constraint
  }
  return true
}

/** Runs a write, turning a unique-constraint refusal into a 409 with `message`. */
export async function withUniqueCheck<T>(write: () => Promise<T>, message: string): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message)
    throw error
  }
}

// The server cannot be reached, is shutting down or starting up, or refuses more connections.
const unreachableSqlState = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/
const unreachableNetworkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])
// node-postgres and PGlite say so only in words.
const unreachableMessages =
  /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Cannot use a pool after calling end|PGlite is clos(ed|ing))/

/** The database could not be reached (as opposed to refusing this query): worth a retry later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const current of errorChain(error)) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') {
      if (unreachableSqlState.test(code) || unreachableNetworkCodes.has(code)) return true
    }
    if (unreachableMessages.test(current.message)) return true
  }
  return false
}

export const databaseUnavailableMessage =
  'The service is briefly unavailable. Please try again in a moment.'
export const databaseRetryAfterSeconds = 5

/** What the caller is told while the database cannot be reached. */
export const databaseUnavailable = () =>
  new HttpError(503, databaseUnavailableMessage, {
    'retry-after': String(databaseRetryAfterSeconds),
  })

/** What the caller is told when their change met another at once and was undone (class 40). */
export const concurrentChange = () =>
  new HttpError(
    503,
    'Another change met this one at the same moment, so nothing was saved. Try again.',
    {
      'retry-after': '1',
    },
  )
