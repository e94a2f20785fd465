import { sql } from 'drizzle-orm'
import { queryRows, type Db } from './client'

/** Every table of the app's schema (drizzle's own record of migrations lives apart). */
export async function appTables(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )
  return rows.map((row) => row.name)
}

export type TableSummary = { table: string; rows: number; checksum: string }

/**
 * Each table's row count and an MD5 of its rows' text, sorted bytewise, read in one snapshot
 * with the same time zone and date style, so two databases holding the same rows (PGlite and a
 * PostgreSQL server alike) give the same checksum whatever their own settings.
 */
export async function summarizeTables(db: Db, tables: string[]): Promise<TableSummary[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read`)
    await tx.execute(sql`set local timezone to 'UTC'`)
    await tx.execute(sql`set local datestyle to 'ISO, YMD'`)
    const summaries: TableSummary[] = []
    for (const table of tables) {
      const [row] = await queryRows<{ rows: number; checksum: string }>(
        tx,
        sql`select count(*)::int as rows,
          md5(coalesce(string_agg(t::text, E'\n' order by t::text collate "C"), '')) as checksum
          from ${sql.identifier(table)} as t`,
      )
      summaries.push({ table, ...row! })
    }
    return summaries
  })
}

/** Whether any of `tables` holds a row. */
export async function holdsRows(db: Db, tables: string[]): Promise<boolean> {
  for (const table of tables) {
    const [row] = await queryRows<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.identifier(table)}) as found`,
    )
    if (row!.found) return true
  }
  return false
}

/** Empties every table of the app at once (as a fresh database: counts kept by triggers too). */
export async function emptyAppTables(db: Db): Promise<void> {
  const tables = await appTables(db)
  if (!tables.length) return
  await db.execute(
    sql`truncate ${sql.join(
      tables.map((table) => sql.identifier(table)),
      sql`, `,
    )} restart identity cascade`,
  )
}

/**
 * Moves every sequence a column owns past the highest value its table holds, so rows loaded with
 * their ids are followed by new ones, never collided with.
 */
export async function continueSequences(db: Db): Promise<void> {
  const owned = await queryRows<{ sequence: string; table: string; column: string }>(
    db,
    sql`select s.relname as sequence, t.relname as table, a.attname as column
      from pg_depend d
      join pg_class s on s.oid = d.objid and s.relkind = 'S'
      join pg_class t on t.oid = d.refobjid
      join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
      join pg_namespace n on n.oid = s.relnamespace and n.nspname = 'public'
      where d.deptype in ('a', 'i')`,
  )
  for (const { sequence, table, column } of owned) {
    await db.execute(
      sql`select setval(${sequence}::regclass,
        coalesce((select max(${sql.identifier(column)}) from ${sql.identifier(table)}), 0) + 1, false)`,
    )
  }
}
