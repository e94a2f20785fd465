import { sql, type Placeholder } from 'drizzle-orm'

/**
 * A placeholder for each of `row`'s columns, named `name.column`: a statement made of them is
 * built once and prepared, and `boundTo` gives each call's values. Rows of one kind must always
 * have the same columns.
 */
export function placeholdersFor<Row extends Record<string, unknown>>(
  name: string,
  row: Row,
): { [Column in keyof Row]: Placeholder } {
  return Object.fromEntries(
    Object.keys(row).map((column) => [column, sql.placeholder(`${name}.${column}`)]),
  ) as { [Column in keyof Row]: Placeholder }
}

/** `row`'s values, named as `placeholdersFor(name, row)` names their placeholders. */
export function boundTo(name: string, row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([column, value]) => [`${name}.${column}`, value]),
  )
}
