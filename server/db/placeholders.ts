import { sql, type Placeholder } from 'drizzle-orm'

/**
 * A placeholder for each of `row`'s columns, named `name.column`: a statement made of them is
 * built once and prepared, and `boundValues` gives each call's values. Rows of one kind must
 * always have the same columns.
 */
export function placeholdersFor<Row extends Record<string, unknown>>(
  name: string,
  row: Row,
): { [Column in keyof Row]: Placeholder } {
  return Object.fromEntries(
    Object.keys(row).map((column) => [column, sql.placeholder(placeholderName(name, column))]),
  ) as { [Column in keyof Row]: Placeholder }
}

// The same string for a name every time: building the keys anew with each call, and the object
// from entries and spreads, cost a chat message 10 KB and its hidden classes outlived the
// young generation (issue 13's delivery tail).
const namesByRow = new Map<string, Map<string, string>>()

function placeholderName(row: string, column: string): string {
  let names = namesByRow.get(row)
  if (!names) namesByRow.set(row, (names = new Map()))
  let name = names.get(column)
  if (name === undefined) names.set(column, (name = `${row}.${column}`))
  return name
}

/**
 * One call's values for a statement of `placeholdersFor` placeholders: each row's values, named
 * as `placeholdersFor(name, row)` names them. A row given as null binds nothing.
 */
export function boundValues(
  rows: Record<string, Record<string, unknown> | null>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {}
  for (const [row, columns] of Object.entries(rows)) {
    if (!columns) continue
    for (const column in columns) values[placeholderName(row, column)] = columns[column]
  }
  return values
}
