import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { queryRows, type Db } from './client'

/**
 * Rows as one array per column, `unnest(...) as alias(name, ...)`, each array typed and written
 * as its column is, named by the column's SQL name: one parameter per column rather than one per
 * value (drizzle builds a VALUES list value by value, which for tens of thousands of rows costs
 * more than the database's work). Columns may come from several tables, for a statement that
 * joins the rows before it writes them.
 */
export function unnestedRows<R extends Record<string, unknown>>(
  alias: string,
  columns: { [K in keyof R]: PgColumn },
  rows: R[],
): SQL {
  const arrays = Object.entries(columns).map(([key, column]) => ({
    column,
    values: rows.map((row) => {
      const value = row[key]
      return value === null || value === undefined ? null : column.mapToDriverValue(value)
    }),
  }))
  const unnested = sql.join(
    arrays.map(
      ({ column, values }) => sql`${sql.param(values)}::${sql.raw(column.getSQLType())}[]`,
    ),
    sql`, `,
  )
  const names = sql.join(
    arrays.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  )
  return sql`unnest(${unnested}) as ${sql.identifier(alias)}(${names})`
}

/**
 * Inserts many rows in one statement (`unnestedRows`). Every row sets the same columns (the first
 * row's keys); the rest take their defaults. `returning` names columns to answer as the driver
 * reads them (text-like ones: ids, keys), in no promised order.
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
  const written = Object.fromEntries(
    keys.map((key) => {
      const column = columns[key]
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`)
      return [key, column]
    }),
  )
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
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
    sql`insert into ${table} (${names}) select * from ${unnestedRows('rows', written, rows as Record<string, unknown>[])}${answer}`,
  )
}
