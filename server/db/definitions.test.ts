import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrationsDir } from '../lib/app-root'
import { createPostgresDatabase, databaseKinds, type DatabaseKind } from '../test/test-server'
import type { ThrowawayDatabase } from '../test/postgres-cluster'
import { openDatabase, queryRows, type Database, type Db } from './client'
import { definitionDifferences, definitionFiles, parseDefinitions } from './definitions'

const defined = definitionFiles().flatMap(({ file, text }) => parseDefinitions(file, text))
const names = (kind: 'function' | 'trigger', file: string) =>
  defined.filter((d) => d.kind === kind && d.file === file).map((d) => d.name)

/** Migration 0034's business_metric_rows, which 0035 replaced: a database of that time. */
const rowsOf0034 = readFileSync(join(migrationsDir, '0034_business-metric-months.sql'), 'utf8')
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('CREATE FUNCTION business_metric_rows'))!
  .replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')

/**
 * The migrations of the previous release (through 0034; this release's start at 0035) in a
 * folder of their own, to build a database as that release left it: its start-up only migrated.
 */
function previousReleaseMigrations(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'previous-release-'))
  cpSync(migrationsDir, dir, { recursive: true })
  const journalFile = join(dir, 'meta/_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] }
  journal.entries = journal.entries.filter((entry) => entry.idx <= 34)
  writeFileSync(journalFile, JSON.stringify(journal))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** Every function and trigger of the figures the database holds, by name. */
async function figureDefinitions(db: Db) {
  const rows = await queryRows<{ name: string; kind: string }>(
    db,
    sql`select proname as name, 'function' as kind from pg_proc
      where proname like 'business\\_metric\\_%' or proname like 'revenue\\_months\\_%'
        or proname = 'plan_family'
    union all
    select tgname, 'trigger' from pg_trigger
      where tgname like 'business\\_metric\\_%' or tgname like 'revenue\\_months\\_%'
        or tgname like 'trial\\_requests\\_metrics\\_%'
`,
  )
  return rows.map((row) => `${row.kind} ${row.name}`).sort()
}

describe('the definition files', () => {
  it('hold the functions and nine triggers of the owner’s numbers, and revenue by month', () => {
    const figures = 'server/modules/business-metrics/sql/month-figures.sql'
    const revenue = 'server/modules/business-metrics/sql/revenue-months.sql'
    expect(names('function', figures)).toEqual([
      'business_metric_rows',
      'business_metric_refresh',
      'business_metric_rebuild',
      'business_metric_mrr_at',
      'business_metric_payments_changed',
      'business_metric_refunds_changed',
      'business_metric_trials_changed',
    ])
    expect(names('trigger', figures)).toHaveLength(9)
    expect(names('function', revenue)).toEqual([
      'plan_family',
      'revenue_months_apply',
      'revenue_months_apply_renewals',
      'revenue_months_apply_refunds',
      'revenue_months_payment_counted',
    ])
    expect(names('trigger', revenue)).toHaveLength(10)
  })
})

describe.each(databaseKinds)('the database’s definitions on %s', (kind: DatabaseKind) => {
  let dataDir: string | undefined
  let postgres: ThrowawayDatabase | undefined
  let database: Database

  // A database all migrations built from empty, reopened as many times as a test needs.
  const open = () =>
    openDatabase(kind === 'pglite' ? { kind, dataDir: dataDir! } : { kind, url: postgres!.url })

  beforeAll(async () => {
    if (kind === 'pglite') dataDir = mkdtempSync(join(tmpdir(), 'definitions-'))
    else postgres = await createPostgresDatabase()
    database = await open()
  })
  afterAll(async () => {
    await database.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
    await postgres?.drop()
  })

  it('equal the files once migrated, and the files define all of them', async () => {
    expect(await definitionDifferences(database.db)).toEqual([])
    expect(await figureDefinitions(database.db)).toEqual(
      defined.map((d) => `${d.kind} ${d.name}`).sort(),
    )
  })

  it('are made equal to the files again at start-up after an upgrade', async () => {
    // As a database of an earlier release left them: an older function, a trigger missing.
    await database.db.execute(sql.raw(rowsOf0034))
    await database.db.execute(sql`drop trigger revenue_months_payment_counted on payments`)
    expect(await definitionDifferences(database.db)).toEqual([
      'server/modules/business-metrics/sql/month-figures.sql: function business_metric_rows',
      'server/modules/business-metrics/sql/revenue-months.sql: trigger revenue_months_payment_counted',
    ])
    await database.close()
    database = await open()
    expect(await definitionDifferences(database.db)).toEqual([])
  })

  it('are the files’ once a database of the previous release is opened by this one', async () => {
    const previous = previousReleaseMigrations()
    const older = kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'definitions-older-')) : undefined
    const olderPostgres = kind === 'postgres' ? await createPostgresDatabase() : undefined
    try {
      if (older) {
        const client = await PGlite.create(join(older, 'pglite'), { extensions: { pg_trgm } })
        await client.exec('create extension if not exists pg_trgm')
        await migratePglite(drizzlePglite(client), { migrationsFolder: previous.dir })
        await client.close()
      } else {
        const client = new pg.Client({ connectionString: olderPostgres!.url })
        await client.connect()
        await client.query('create extension if not exists pg_trgm')
        await migratePostgres(drizzlePostgres(client), { migrationsFolder: previous.dir })
        await client.end()
      }
      const upgraded = await openDatabase(
        older ? { kind: 'pglite', dataDir: older } : { kind: 'postgres', url: olderPostgres!.url },
      )
      try {
        expect(await definitionDifferences(upgraded.db)).toEqual([])
        expect(await figureDefinitions(upgraded.db)).toContain('function business_metric_mrr_at')
      } finally {
        await upgraded.close()
      }
    } finally {
      previous.remove()
      if (older) rmSync(older, { recursive: true, force: true })
      await olderPostgres?.drop()
    }
  })
})
