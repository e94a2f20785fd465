import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { sql } from 'drizzle-orm'
import { appRoot } from '../lib/app-root'
import { queryRows, type Db } from './client'

// Functions and triggers that define a module's figures live beside the module, in
// `server/modules/<module>/sql/*.sql`, each written as CREATE OR REPLACE so a file can be run
// again. After the migrations, start-up compares the database's definitions with the files and
// runs the files when any differs: a fresh database, an upgraded one and a changed file all end
// equal to the files, and an unchanged start takes no lock on the tables (decision 0047).

const modulesDir = join(appRoot, 'server/modules')

type FunctionDefinition = {
  kind: 'function'
  name: string
  /** The text between the dollar quotes: what PostgreSQL keeps as `prosrc`. */
  body: string
  /** `provolatile`: i(mmutable), s(table) or v(olatile). */
  volatility: string
}

type TriggerDefinition = {
  kind: 'trigger'
  name: string
  /** The statement as `pg_get_triggerdef(oid, true)` prints it, whitespace collapsed. */
  statement: string
}

export type Definition = (FunctionDefinition | TriggerDefinition) & { file: string }

/** The definition files, in a stable order, with their text. */
export function definitionFiles(): { file: string; text: string }[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(modulesDir, entry.name, 'sql')))
    .flatMap((entry) => {
      const dir = join(modulesDir, entry.name, 'sql')
      return readdirSync(dir)
        .filter((name) => name.endsWith('.sql'))
        .sort()
        .map((name) => join(dir, name))
    })
    .map((path) => ({ file: relative(appRoot, path), text: readFileSync(path, 'utf8') }))
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim()

const volatilityCodes: Record<string, string> = { IMMUTABLE: 'i', STABLE: 's', VOLATILE: 'v' }

/** Every function and trigger a file defines (a statement starts a line). */
export function parseDefinitions(file: string, text: string): Definition[] {
  const heads = [...text.matchAll(/^CREATE OR REPLACE (FUNCTION|TRIGGER) (\w+)/gm)]
  return heads.map((head) => {
    const rest = text.slice(head.index)
    const name = head[2]!
    if (head[1] === 'TRIGGER') {
      const statement = rest.slice(0, rest.indexOf(';'))
      return {
        kind: 'trigger',
        name,
        file,
        statement: collapse(statement.replace(/^CREATE OR REPLACE TRIGGER/, 'CREATE TRIGGER')),
      }
    }
    const quoted = /\bAS\s+(\$\w*\$)([\s\S]*?)\1/.exec(rest)
    if (!quoted) throw new Error(`${file}: ${name} has no dollar-quoted body`)
    const volatility = /\b(IMMUTABLE|STABLE|VOLATILE)\b/.exec(rest.slice(0, quoted.index))?.[1]
    return {
      kind: 'function',
      name,
      file,
      body: quoted[2]!,
      volatility: volatilityCodes[volatility ?? 'VOLATILE']!,
    }
  })
}

/** What the database holds now for each name, read from its catalog. */
async function catalog(db: Db) {
  const [functions, triggers] = await Promise.all([
    queryRows<{ name: string; body: string; volatility: string }>(
      db,
      sql`select p.proname as name, p.prosrc as body, p.provolatile as volatility
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()`,
    ),
    queryRows<{ name: string; statement: string }>(
      db,
      sql`select t.tgname as name, pg_get_triggerdef(t.oid, true) as statement
      from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and n.nspname = current_schema()`,
    ),
  ])
  return {
    functions: new Map(functions.map((row) => [row.name, row])),
    triggers: new Map(triggers.map((row) => [row.name, collapse(row.statement)])),
  }
}

/**
 * The definitions whose database version differs from their file (or is missing), as
 * "file: trigger name"; empty when the database defines everything as the files do.
 */
export async function definitionDifferences(db: Db): Promise<string[]> {
  const held = await catalog(db)
  return definitionFiles()
    .flatMap(({ file, text }) => parseDefinitions(file, text))
    .filter((definition) => {
      if (definition.kind === 'trigger') {
        return held.triggers.get(definition.name) !== definition.statement
      }
      const current = held.functions.get(definition.name)
      return current?.body !== definition.body || current.volatility !== definition.volatility
    })
    .map((definition) => `${definition.file}: ${definition.kind} ${definition.name}`)
}

/**
 * Runs the definition files when the database's definitions differ from them, all in one
 * multi-statement query (one implicit transaction: all of them or none). `exec` runs such a
 * query on the connection `db` reads from (it holds the migration lock on PostgreSQL).
 */
export async function applyDefinitions(
  db: Db,
  exec: (text: string) => Promise<unknown>,
): Promise<void> {
  if ((await definitionDifferences(db)).length === 0) return
  await exec(
    definitionFiles()
      .map(({ text }) => text)
      .join('\n'),
  )
}
