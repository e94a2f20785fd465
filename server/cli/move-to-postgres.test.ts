import { rmSync } from 'node:fs'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, type CliRun } from '../test/cli-process'
import { createClient } from '../test/http-client'
import { migratedPgliteDataDir } from '../test/migrated-data-dir'
import { agent, businessFigures, populateBusiness } from '../test/populated-business'
import {
  createPostgresDatabase,
  owner,
  startTestServer,
  type TestServer,
} from '../test/test-server'

// The next 30-second step's code: the step enabling two-factor sign-in used is spent.
const nextCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 })

describe('moving the embedded database to PostgreSQL', () => {
  // An embedded installation's data directory, started from the run's migrated one.
  const dataDir = migratedPgliteDataDir('move-to-postgres-')
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>
  let before: Awaited<ReturnType<typeof businessFigures>>
  let secret: string
  let move: CliRun
  let moved: TestServer

  beforeAll(async () => {
    const embedded = await startTestServer('pglite', { env: { DATA_DIR: dataDir } })
    try {
      await populateBusiness(embedded.app.db)
      const admin = createClient(embedded.baseUrl)
      await admin.login(owner.username, owner.password)
      const setup = await admin.post('/api/admin/two-factor/setup', { password: owner.password })
      secret = setup.body.secret
      const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate()
      expect((await admin.post('/api/admin/two-factor/enable', { code })).status).toBe(200)
      before = await businessFigures(admin)
    } finally {
      await embedded.close()
    }
    postgres = await createPostgresDatabase()
    move = await runCli('move-to-postgres', [postgres.url], { DATA_DIR: dataDir })
    moved = await startTestServer('postgres', { env: { DATABASE_URL: postgres.url } })
  })
  afterAll(async () => {
    await moved?.close()
    await postgres?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('copies every table and prints its rows and checksum, all the same', () => {
    expect(move.stderr).toBe('')
    expect(move.code).toBe(0)
    for (const table of ['users', 'admin_sessions', 'payments', 'revenue_months', 'audit_log']) {
      expect(move.stdout).toMatch(
        new RegExp(`^ {2}${table} +\\d+ rows {2}[0-9a-f]{32} {2}same$`, 'm'),
      )
    }
    expect(move.stdout).toMatch(/^ {2}payments +3 rows/m)
    expect(move.stdout).not.toContain('DIFFERENT')
    expect(move.stdout).toContain('Every table is the same.')
    // The address is printed without its password.
    expect(move.stdout).not.toContain(new URL(postgres.url).password || '\u0000')
  })

  it('serves the same business, staff signing in with their passwords and second factors', async () => {
    const admin = createClient(moved.baseUrl)
    const password = await admin.post('/api/admin/login', owner)
    expect(password.body).toMatchObject({ twoFactorRequired: true })
    const signedIn = await admin.post('/api/admin/login', { ...owner, code: nextCode(secret) })
    expect(signedIn.status).toBe(200)
    await createClient(moved.baseUrl).login(agent.username, agent.password)
    expect(await businessFigures(admin)).toEqual(before)
  })

  it('refuses a PostgreSQL database that holds data, copying nothing', async () => {
    const again = await runCli('move-to-postgres', [postgres.url], { DATA_DIR: dataDir })
    expect(again.code).toBe(1)
    expect(again.stdout).toContain('holds data: nothing was copied')
  }, 60_000)
})
