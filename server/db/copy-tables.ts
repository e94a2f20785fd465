import { sql } from 'drizzle-orm'
import { queryRows, type Db } from './client'
import { continueSequences } from './table-contents'

const batchSize = 1000

/** `tables` ordered so that each comes after the tables its foreign keys refer to. */
async function inReferenceOrder(db: Db, tables: string[]): Promise<string[]> {
  const references = await queryRows<{ table: string; refers: string }>(
    db,
    sql`select c.conrelid::regclass::text as table, c.confrelid::regclass::text as refers
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = 'public' and c.contype = 'f' and c.conrelid <> c.confrelid`,
  )
  const ordered: string[] = []
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table)) return
    for (const { refers } of references.filter((reference) => reference.table === table)) {
      visit(refers, [...path, table])
    }
    ordered.push(table)
  }
  for (const table of tables) visit(table, [])
  return ordered.filter((table) => tables.includes(table))
}

/**
 * Copies every row of `tables` from `source` into the same, empty tables of `target`, in one
 * transaction of the target. Rows travel as the source's JSON text (never parsed here, so no
 * number loses a digit) and become rows again by the table's own types. The target's own
 * triggers are off meanwhile: the counts they keep are copied as they are, not counted twice.
 */
export async function copyTables(
  source: Db,
  target: Db,
  tables: string[],
  onCopied: (table: string, rows: number) => void,
): Promise<void> {
  const ordered = await inReferenceOrder(source, tables)
  await target.transaction(async (tx) => {
    for (const table of ordered) {
      await tx.execute(sql`alter table ${sql.identifier(table)} disable trigger user`)
    }
    for (const table of ordered) {
      const name = sql.identifier(table)
      let copied = 0
      let after = '(0,0)'
      for (;;) {
        // Pages by the rows' physical places: nothing writes to the source while it is copied.
        const rows = await queryRows<{ place: string; row: string }>(
          source,
          sql`select ctid::text as place, row_to_json(t)::text as row from ${name} as t
            where ctid > ${after}::tid order by ctid limit ${batchSize}`,
        )
        if (!rows.length) break
        const json = `[${rows.map(({ row }) => row).join(',')}]`
        await tx.execute(
          sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${json}::json)`,
        )
        copied += rows.length
        after = rows.at(-1)!.place
      }
      onCopied(table, copied)
    }
    for (const table of ordered) {
      await tx.execute(sql`alter table ${sql.identifier(table)} enable trigger user`)
    }
    await continueSequences(tx)
  })
}
