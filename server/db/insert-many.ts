import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { queryRows, type Db } from './client'

/**
 * Inserts many rows in one statement that takes one array per column (`unnest`), not one
 * parameter per value: drizzle builds a VALUES list value by value, which for tens of thousands
 * of rows cost more than the database's work. Every row sets the same columns (the first row's
 * keys); the rest take their defaults. `returning` names columns to answer as the driver reads
 * them (text-like ones: ids, keys), in no promised order.
 */
export async function insertMany<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  returning: K[] = [],
): Promise<Record<K, string>[]> {
  if (rows.length === 0) return []
  const columns = getTableColumns(table)
  const keys = Object.keys(rows[0]!)
  const arrays = keys.map((key) => {
    const column = columns[key]
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`)
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key]
      return value === null || value === undefined ? null : column.mapToDriverValue(value)
    })
    return { name: column.name, type: column.getSQLType(), values }
  })
  const names = sql.join(
    arrays.map(({ name }) => sql.identifier(name)),
    sql`, `,
  )
  const unnested = sql.join(
    arrays.map(({ type, values }) => sql`${sql.param(values)}::${sql.raw(type)}[]`),
    sql`, `,
  )
  const answer: SQL = returning.length
    ? sql` returning ${sql.join(
        returning.map(
          (key) => sql`${sql.identifier(columns[key]!.name)} as ${sql.identifier(key)}`,
        ),
        sql`, `,
      )}`
    : sql``
  return queryRows(
    db,
    sql`insert into ${table} (${names}) select * from unnest(${unnested})${answer}`,
  )
}
