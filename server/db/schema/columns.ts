import { sql, type SQL } from 'drizzle-orm'
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/**
 * A moment matched for equality against its copy read into a JS Date (a period's end): kept to
 * the millisecond a Date holds, so one written by SQL (`now()`, a restore) still equals its copy.
 */
export const exactMoment = (name: string) =>
  timestamp(name, { withTimezone: true, mode: 'date', precision: 3 })

export const createdAt = () => timestamptz('created_at').notNull().defaultNow()
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow()

/** SQL for a CHECK constraint limiting a column to an enumeration of literals. */
export function isOneOf(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  const literals = values
    .map((value) =>
      typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`,
    )
    .join(', ')
  return sql`${column} in (${sql.raw(literals)})`
}
