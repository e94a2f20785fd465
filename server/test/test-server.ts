import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase, type Database } from '../db/client'
import { createClient, setSiteOrigin } from './http-client'
import { owner } from './owner'
import { createThrowawayDatabase, type ThrowawayDatabase } from './postgres-cluster'
import { seedFirstSuperAdmin, testPasswordCost } from './seed-admin'

export { owner }

/**
 * Both kinds: for tests whose subject is where the kinds differ: the database layer, the realtime
 * bus and what it keeps in memory, work at once (locks, leases, unique keys), the SQL of reports
 * and raw queries, the operator's data (backup, restore, import), odd values through the drivers.
 */
export const databaseKinds = ['pglite', 'postgres'] as const
export type DatabaseKind = (typeof databaseKinds)[number]

/**
 * One kind for the rest: the HTTP layer and a module's rules through its routes. PostgreSQL, the
 * kind production runs and an in-memory PGlite costs twice the CPU of (its start alone is most of
 * a second); the end-to-end suite runs the whole product on PGlite
 * (docs/decisions/0058-ci-less-work-more-at-once.md, 0067-ci-module-rules-on-postgresql.md).
 */
export const postgresOnly = ['postgres'] as const satisfies readonly DatabaseKind[]

export type TestServer = {
  app: FastifyInstance
  database: Database
  baseUrl: string
  close(): Promise<void>
}

/**
 * A fresh PostgreSQL database on the run's cluster, empty or (`migrated`) a copy of the run's
 * migrated one with the owner; dropped by the returned function.
 */
export function createPostgresDatabase({ migrated = false } = {}): Promise<ThrowawayDatabase> {
  return createThrowawayDatabase(inject('postgresAdminUrl'), {
    template: migrated ? inject('postgresTemplate') : undefined,
  })
}

// Read once per test file: the run's migrated PGlite, which in-memory test servers load.
let pgliteStart: Blob | undefined
function migratedPglite(): Blob {
  pgliteStart ??= new Blob([readFileSync(inject('pgliteStartFile'))])
  return pgliteStart
}

type Options = {
  env?: Record<string, string>
  now?: () => Date
  logStream?: (line: string) => void
  sessionSweepMs?: number
  pageTemplate?: string
  /** A port known beforehand (say, for a PUBLIC_URL that names it); by default any free one. */
  port?: number
  /**
   * New password hashes at the product's cost (OWASP's), buildApp's default, as start-up builds
   * it; by default a low one, for tests that are not about hashing (seed-admin.ts).
   */
  productPasswordCost?: boolean
}

/**
 * The real app over HTTP on a random port, on a new database (or `env.DATABASE_URL`'s), with
 * `owner` as super_admin. A new database starts as a copy of the run's migrated one.
 */
export async function startTestServer(
  kind: DatabaseKind,
  options: Options = {},
): Promise<TestServer> {
  const hasOwnDatabase = kind === 'postgres' && !options.env?.DATABASE_URL
  const postgres = hasOwnDatabase ? await createPostgresDatabase({ migrated: true }) : null
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    ...options.env,
  })
  const inMemory = config.database.kind === 'pglite' && config.database.dataDir === 'memory://'
  const database = await openDatabase(config.database, {
    pgliteStart: inMemory ? migratedPglite() : undefined,
  })
  const logStream = options.logStream ? { write: options.logStream } : undefined
  const app = await buildApp({
    config,
    database,
    now: options.now,
    logStream,
    sessionSweepMs: options.sessionSweepMs,
    pageTemplate: options.pageTemplate,
    ...(options.productPasswordCost ? {} : { passwordCost: testPasswordCost }),
  })
  // Start-up's bootstrapAdmin, minus a fresh scrypt hash per server (a copy has the owner already):
  // main.test.ts and the server-process tests sign in as the admin it creates.
  await seedFirstSuperAdmin(app.db, owner)
  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' })
  setSiteOrigin(address, config.publicUrl && new URL(config.publicUrl).origin)
  return {
    app,
    database,
    baseUrl: address,
    async close() {
      setSiteOrigin(address, null)
      await app.close()
      await database.close()
      await postgres?.drop()
    },
  }
}

/**
 * Starts a test server for the enclosing describe block with its owner signed in. The fields
 * are filled in `beforeAll`, so read them inside tests.
 */
export function useAdminServer(kind: DatabaseKind, options: Options = {}) {
  const context = {} as { server: TestServer; admin: ReturnType<typeof createClient> }
  beforeAll(async () => {
    context.server = await startTestServer(kind, options)
    context.admin = createClient(context.server.baseUrl)
    await context.admin.login(owner.username, owner.password)
  })
  afterAll(() => context.server?.close())
  return context
}
