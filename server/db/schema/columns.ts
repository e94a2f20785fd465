import { sql, type SQL } from 'drizzle-orm'
import { timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core'

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

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
