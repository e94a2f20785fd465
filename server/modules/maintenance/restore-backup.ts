import { getTableColumns, getTableName, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import { continueSequences, emptyAppTables } from '../../db/table-contents'
import { backupTables } from './backup'
import type { BackupFile } from './backup-file'
import { restoredCredentials, type StaffCode } from './restore-credentials'

// Rows per INSERT: a few hundred kilobytes of JSON at most.
const batchSize = 500

export type TableLoaded = {
  table: string
  rows: number
  /** Columns of the file this build does not have, left out. */
  ignoredColumns: string[]
  /** The file has no such table (an earlier format): the table starts empty. */
  notInFile: boolean
}

export type RestoreReport = {
  tables: TableLoaded[]
  /** Tables of the file this build does not know, left out. */
  unknownTables: string[]
  codes: StaffCode[]
}

type Row = Record<string, unknown>

/**
 * Inserts rows as the file holds them (property names, JSON values): PostgreSQL turns each JSON
 * value into its column's type (`jsonb_populate_recordset`), so timestamps, dates, numbers and
 * documents come back as they were exported. Columns the rows do not name keep their defaults.
 */
async function insertRows(db: Db, table: PgTable, rows: Row[], properties: string[]) {
  const columns = getTableColumns(table)
  const names = properties.map((property) => columns[property]!.name)
  const list = sql.join(
    names.map((name) => sql.identifier(name)),
    sql`, `,
  )
  const target = sql.identifier(getTableName(table))
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows
      .slice(start, start + batchSize)
      .map((row) =>
        Object.fromEntries(
          properties.map((property, index) => [names[index], row[property] ?? null]),
        ),
      )
    await db.execute(
      sql`insert into ${target} (${list})
        select ${list} from jsonb_populate_recordset(null::${target}, ${JSON.stringify(batch)}::jsonb)`,
    )
  }
}

/**
 * Loads a backup into the database in one transaction (all of it or nothing), table by table in
 * an order where each follows those it refers to; with `replace`, what the database held is
 * emptied first in the same transaction. Counts kept by triggers follow the rows as they go in.
 */
export async function restoreBackup(
  db: Db,
  file: BackupFile,
  options: { now: Date; panelOrigin: string; replace: boolean },
): Promise<RestoreReport> {
  const credentials = await restoredCredentials(file.tables.users ?? [], options)
  const known = new Set(backupTables.map(({ name }) => name))
  const tables = await db.transaction(async (tx) => {
    if (options.replace) await emptyAppTables(tx)
    const loaded: TableLoaded[] = []
    for (const { name, table } of backupTables) {
      const rows = (file.tables[name] ?? []).map((row) => credentials.fill(name, row))
      const columns = getTableColumns(table)
      const named = new Set(rows.flatMap((row) => Object.keys(row)))
      const properties = [...named].filter((property) => property in columns)
      await insertRows(tx, table, rows, properties)
      loaded.push({
        table: name,
        rows: rows.length,
        ignoredColumns: [...named].filter((property) => !(property in columns)),
        notInFile: !(name in file.tables),
      })
    }
    await continueSequences(tx)
    return loaded
  })
  return {
    tables,
    unknownTables: Object.keys(file.tables).filter((name) => !known.has(name)),
    codes: credentials.codes,
  }
}
