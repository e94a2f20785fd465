// `npm run move-to-postgres -- postgres://…`: copies everything the embedded database in DATA_DIR
// holds (credentials included: nothing leaves the operator's machines) into an empty PostgreSQL
// database, with the product stopped, then compares each table's rows and checksum.
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase, type Database } from '../db/client'
import { copyTables } from '../db/copy-tables'
import { appTables, holdsRows, summarizeTables } from '../db/table-contents'
import { exitWith, loadConfigOrExit, openDatabaseOrExit } from './exit-with'

const say = (line = '') => process.stdout.write(`${line}\n`)

/** The address to print: its password hidden. */
function shown(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.toString()
}

async function openTarget(url: string): Promise<Database> {
  try {
    return await openDatabase({ kind: 'postgres', url })
  } catch (error) {
    exitWith(`Cannot open ${shown(url)}: ${error instanceof Error ? error.message : String(error)}`)
  }
}

async function move(source: Database, target: Database, url: string): Promise<boolean> {
  const tables = await appTables(source.db)
  if (await holdsRows(target.db, await appTables(target.db))) {
    say(`${shown(url)} holds data: nothing was copied. Move into an empty database.`)
    return false
  }
  say('Copying, in one transaction:')
  const width = Math.max(...tables.map((table) => table.length))
  await copyTables(source.db, target.db, tables, (table, rows) =>
    say(`  ${table.padEnd(width)}  ${String(rows).padStart(7)} rows`),
  )
  say()
  say('Comparing each table (rows, MD5 of its rows in order):')
  const [before, after] = await Promise.all([
    summarizeTables(source.db, tables),
    summarizeTables(target.db, tables),
  ])
  let isSame = true
  for (const [index, from] of before.entries()) {
    const to = after[index]!
    const matches = from.rows === to.rows && from.checksum === to.checksum
    isSame &&= matches
    say(
      `  ${from.table.padEnd(width)}  ${String(to.rows).padStart(7)} rows  ${to.checksum}  ` +
        (matches ? 'same' : `DIFFERENT (embedded: ${from.rows} rows, ${from.checksum})`),
    )
  }
  return isSame
}

async function main() {
  const { positionals } = parseArgs({ allowPositionals: true })
  const url = positionals[0]
  if (positionals.length !== 1 || !/^postgres(ql)?:\/\//.test(url!)) {
    exitWith('Usage: npm run move-to-postgres -- postgres://user:password@host:5432/database')
  }
  const config = loadConfigOrExit()
  if (config.database.kind !== 'pglite') {
    exitWith(
      'DATABASE_URL is set: the move copies from the embedded database (DATA_DIR). Unset it.',
    )
  }
  const dataDir = resolve(config.database.dataDir)
  say(`Moving the embedded database in ${dataDir} to ${shown(url!)}.`)
  const source = await openDatabaseOrExit(config)
  const target = await openTarget(url!)
  let isSame = false
  try {
    isSame = await move(source, target, url!)
  } finally {
    await Promise.all([source.close(), target.close()])
  }
  if (!isSame) exitWith('The move did not complete: see above.')
  say()
  say('Every table is the same. From now on, start the product with DATABASE_URL set to that')
  say('address (every process of it, as many as you like; DATA_DIR is no longer read);')
  say(`the embedded database in ${dataDir} is left as it was (keep it until you are sure).`)
}

await main()
