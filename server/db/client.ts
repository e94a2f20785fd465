import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { join } from 'node:path'
import type { DatabaseConfig } from '../config'
import { advisoryLockIds } from './advisory-locks'
import { applyDefinitions } from './definitions'
import { migrationsDir } from '../lib/app-root'
import { lockDataDir } from './data-dir-lock'
import { pgliteForDrizzle } from './pglite-for-drizzle'

/** The query interface both drivers share; services only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT>

export type Database = {
  db: Db
  close(): Promise<void>
} & ({ kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool })

// pg_trgm (trusted since PostgreSQL 13, so the database owner may create it) powers search.
const requiredExtensions = 'create extension if not exists pg_trgm'

/** An in-memory PGlite may start from a dump (tests: a migrated one; its initdb costs seconds). */
export type OpenOptions = { pgliteStart?: Blob }

// Such a throwaway copy holds a few megabytes: PostgreSQL's default 128 MB of shared buffers was
// a fifth of its start (docs/decisions/0068-server-build-with-its-packages.md).
const throwawayCopy = (start: Blob) => ({
  loadDataDir: start,
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
})

async function openPglite(dataDir: string, start: Blob | undefined): Promise<Database> {
  const isMemory = dataDir.startsWith('memory://')
  const unlock = isMemory ? () => {} : lockDataDir(dataDir)
  try {
    const client = await PGlite.create(isMemory ? dataDir : join(dataDir, 'pglite'), {
      extensions: { pg_trgm },
      ...(isMemory && start ? throwawayCopy(start) : {}),
    })
    const queried = pgliteForDrizzle(client)
    const db = drizzlePglite(queried) as unknown as Db
    await client.exec(requiredExtensions)
    const migrating = drizzlePglite(queried)
    await migratePglite(migrating, { migrationsFolder: migrationsDir })
    await applyDefinitions(migrating as unknown as Db, (text) => client.exec(text))
    return {
      kind: 'pglite',
      client,
      db,
      async close() {
        await client.close()
        unlock()
      },
    }
  } catch (error) {
    unlock()
    throw error
  }
}

async function openPostgres(url: string): Promise<Database> {
  // While the server is unreachable a request waits at most this long for a connection.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 })
  // A client losing its server must not crash the process, idle (the pool's 'error') or checked
  // out between two queries of a transaction (its own); the pool drops it and reconnects later.
  pool.on('error', () => {})
  pool.on('connect', (client) => client.on('error', () => {}))
  try {
    const db = drizzlePostgres(pool) as unknown as Db
    // Several processes may start at once: one migrates, the others wait for it.
    const client = await pool.connect()
    try {
      await client.query('select pg_advisory_lock($1)', [advisoryLockIds.migration])
      await client.query(requiredExtensions)
      const migrating = drizzlePostgres(client)
      await migratePostgres(migrating, { migrationsFolder: migrationsDir })
      await applyDefinitions(migrating as unknown as Db, (text) => client.query(text))
    } finally {
      await client
        .query('select pg_advisory_unlock($1)', [advisoryLockIds.migration])
        .catch(() => {})
      client.release()
    }
    return { kind: 'postgres', pool, db, close: () => pool.end() }
  } catch (error) {
    await pool.end()
    throw error
  }
}

/** Opens and migrates the configured database (a copy's migrations are found applied already). */
export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): Promise<Database> {
  return config.kind === 'postgres'
    ? openPostgres(config.url)
    : openPglite(config.dataDir, options.pgliteStart)
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`)
    return true
  } catch {
    return false
  }
}
