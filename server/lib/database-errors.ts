import { conflict } from './http-error'

/** The PostgreSQL error code (SQLSTATE) of an error or of what it wraps (drizzle wraps drivers'). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** A unique constraint refused the write (optionally: this constraint). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (databaseErrorCode(error) !== '23505') return false
  if (!constraint) return true
  for (let current = error; current instanceof Error; current = current.cause) {
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
