import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nextReceiptNumber } from '../modules/payments/receipt-number'
import { runCli } from '../test/cli-process'
import { createClient } from '../test/http-client'
import {
  agent,
  businessFigures,
  lastReceiptNumber,
  populateBusiness,
} from '../test/populated-business'
import {
  createPostgresDatabase,
  databaseKinds,
  owner,
  startTestServer,
  type DatabaseKind,
  type TestServer,
} from '../test/test-server'

type Backup = { version: number; tables: Record<string, Record<string, unknown>[]> }

/** An empty database of `kind` for the command's environment, as `npm start` would open it. */
async function emptyDatabase(
  kind: DatabaseKind,
  folder: string,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'pglite') return { env: { DATA_DIR: join(folder, 'data') }, drop: async () => {} }
  const postgres = await createPostgresDatabase()
  return { env: { DATABASE_URL: postgres.url }, drop: () => postgres.drop() }
}

async function downloadBackup(server: TestServer, cookie: string): Promise<string> {
  const response = await fetch(new URL('/api/maintenance/backup', server.baseUrl), {
    headers: { cookie },
  })
  return response.text()
}

/** The one-time code the command printed for `username`. */
const codeFor = (stdout: string, username: string) =>
  new RegExp(`^  ${username}  ([A-Z2-9]{5}(?:-[A-Z2-9]{5}){3})$`, 'm').exec(stdout)?.[1]

/** Rows as an admin's sign-in, a new password and downloads leave them: the rest must match. */
const withoutSignInTraces = (rows: Record<string, unknown>[]) =>
  rows.map(({ updatedAt: _u, lastLoginAt: _l, passwordChangedAt: _p, ...row }) => row)

describe.each(databaseKinds)('a restore drill on %s', (kind) => {
  const folder = mkdtempSync(join(tmpdir(), 'restore-drill-'))
  const backupPath = join(folder, 'backup.json')
  let target: Awaited<ReturnType<typeof emptyDatabase>>
  let before: Awaited<ReturnType<typeof businessFigures>>
  let backup: Backup
  let restore: Awaited<ReturnType<typeof runCli>>
  let restored: TestServer | null = null
  let admin: ReturnType<typeof createClient>

  beforeAll(async () => {
    const source = await startTestServer(kind)
    try {
      await populateBusiness(source.app.db)
      const owners = createClient(source.baseUrl)
      await owners.login(owner.username, owner.password)
      before = await businessFigures(owners)
      const text = await downloadBackup(source, owners.cookie!)
      writeFileSync(backupPath, text)
      backup = JSON.parse(text)
    } finally {
      await source.close()
    }
    target = await emptyDatabase(kind, folder)
    restore = await runCli('restore', [backupPath], target.env)
    restored = await startTestServer(kind, { env: target.env })
  })
  afterAll(async () => {
    await restored?.close()
    await target?.drop()
    rmSync(folder, { recursive: true, force: true })
  })

  it('loads every table into the empty database, saying how many rows each', () => {
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    for (const [table, rows] of Object.entries(backup.tables)) {
      expect(restore.stdout).toMatch(new RegExp(`^  ${table} +${rows.length} rows`, 'm'))
    }
    expect(restore.stdout).toMatch(/^ {2}payments +3 rows/m)
  })

  it('signs a super admin in once with the printed code, then asks for a new password', async () => {
    const code = codeFor(restore.stdout, owner.username)
    expect(code).toBeDefined()
    expect(codeFor(restore.stdout, agent.username)).toBeUndefined()
    admin = createClient(restored!.baseUrl)
    const signIn = await admin.post('/api/admin/login', {
      username: owner.username,
      password: code,
    })
    expect(signIn.status).toBe(200)
    expect((await admin.get('/api/admin/session')).body).toMatchObject({ mustSetPassword: true })
    expect(await admin.get('/api/payments')).toMatchObject({
      status: 403,
      body: { message: 'Set a new password to continue' },
    })
    const chosen = await admin.post('/api/admin/new-password', { newPassword: 'quiet-meadow-4417' })
    expect(chosen.status).toBe(204)
    expect((await admin.get('/api/admin/session')).body).toMatchObject({ mustSetPassword: false })
    // The code is spent; the new password signs in.
    const again = createClient(restored!.baseUrl)
    const reused = await again.post('/api/admin/login', {
      username: owner.username,
      password: code,
    })
    expect(reused.status).toBe(401)
    await again.login(owner.username, 'quiet-meadow-4417')
  })

  it('serves the same business: metrics, revenue, payments and totals, people, lines', async () => {
    expect(await businessFigures(admin)).toEqual(before)
  })

  it('holds every row of the backup again', async () => {
    const after: Backup = JSON.parse(await downloadBackup(restored!, admin.cookie!))
    expect(after.version).toBe(backup.version)
    for (const [table, rows] of Object.entries(backup.tables)) {
      if (table === 'users') {
        expect(withoutSignInTraces(after.tables.users!)).toEqual(withoutSignInTraces(rows))
      } else if (table === 'audit_log') {
        // The trail goes on: what the restored admin did since is added after it.
        expect(after.tables.audit_log).toEqual(expect.arrayContaining(rows))
      } else {
        expect({ table, rows: after.tables[table] }).toEqual({ table, rows })
      }
    }
  })

  it('numbers the next receipt after the last one in the file', async () => {
    await expect(nextReceiptNumber(restored!.app.db)).resolves.toBe(lastReceiptNumber + 1)
  })

  it('lets a super admin set a new password on another staff account, the trail naming no secret', async () => {
    const staff = await admin.get<{ id: string; username: string }[]>('/api/admin/users')
    const account = staff.body.find(({ username }) => username === agent.username)!
    const weak = await admin.put(`/api/admin/users/${account.id}/password`, { password: 'short' })
    expect(weak).toMatchObject({ status: 400, body: { issues: [{ path: 'password' }] } })
    const set = await admin.put(`/api/admin/users/${account.id}/password`, {
      password: 'copper-kettle-5583',
    })
    expect(set.status).toBe(204)
    await createClient(restored!.baseUrl).login(agent.username, 'copper-kettle-5583')
    const trail = await admin.get('/api/audit-log?entityType=admin_user')
    expect(JSON.stringify(trail.body)).toContain('set_password')
    expect(JSON.stringify(trail.body)).not.toContain('copper-kettle-5583')
  })

  it('refuses a database holding data, and with --replace saves it first, then replaces it', async () => {
    await restored!.close()
    restored = null
    const refused = await runCli('restore', [backupPath], target.env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^The database holds data: nothing was changed\./)

    const replaced = await runCli('restore', [backupPath, '--replace'], target.env)
    expect(replaced.stderr).toBe('')
    expect(replaced.code).toBe(0)
    const saved = /held before replacing it: (\S+)/.exec(replaced.stdout)![1]!
    expect(saved.startsWith(folder)).toBe(true)
    // The copy holds what was replaced: the agent's password set since the backup, say, as a fact.
    const copy: Backup = JSON.parse(readFileSync(saved, 'utf8'))
    expect(copy.tables.payments).toHaveLength(3)
    expect(copy.tables.audit_log!.length).toBeGreaterThan(backup.tables.audit_log!.length)
    const entries = backup.tables.audit_log!.length
    expect(replaced.stdout).toMatch(new RegExp(`^  audit_log +${entries} rows`, 'm'))
    expect(existsSync(saved)).toBe(true)
  }, 120_000)
})

describe.each(databaseKinds)('restoring older and newer backup files on %s', (kind) => {
  const folder = mkdtempSync(join(tmpdir(), 'restore-format-'))
  const fixture = 'server/cli/fixtures/backup-format-2.json'
  let target: Awaited<ReturnType<typeof emptyDatabase>>
  let newer: Awaited<ReturnType<typeof runCli>>
  let older: Awaited<ReturnType<typeof runCli>>
  let server: TestServer

  beforeAll(async () => {
    const newerPath = join(folder, 'newer.json')
    const file = JSON.parse(readFileSync(fixture, 'utf8'))
    writeFileSync(newerPath, JSON.stringify({ ...file, version: 99 }))
    target = await emptyDatabase(kind, folder)
    newer = await runCli('restore', [newerPath], target.env)
    older = await runCli('restore', [fixture], {
      ...target.env,
      SUPPLIER_API_URL: 'https://panel.example/api',
    })
    server = await startTestServer(kind, { env: target.env })
  })
  afterAll(async () => {
    await server?.close()
    await target?.drop()
    rmSync(folder, { recursive: true, force: true })
  })

  it('refuses a file from a newer format before opening the database', () => {
    expect(newer.code).toBe(1)
    expect(newer.stderr).toContain('is format version 99, newer than this build reads (3)')
    expect(newer.stdout).toBe('')
  })

  it('restores a format 2 backup: its tables loaded, the ones it lacks left empty', async () => {
    expect(older.stderr).toBe('')
    expect(older.code).toBe(0)
    expect(older.stdout).toContain('(format 2,')
    expect(older.stdout).toMatch(/^ {2}payments +3 rows/m)
    expect(older.stdout).toMatch(/^ {2}legal_pages +0 rows +\(not in a format 2 backup/m)
    const admin = createClient(server.baseUrl)
    const code = codeFor(older.stdout, owner.username)
    await admin.post('/api/admin/login', { username: owner.username, password: code })
    await admin.post('/api/admin/new-password', { newPassword: 'quiet-meadow-4417' })
    const payments = await admin.get('/api/payments')
    expect(payments.body).toHaveLength(3)
    // A line's playlist address is made at the panel's, its password to be reset.
    const lines = await admin.get('/api/m3u-lines')
    expect(lines.body[0].m3uUrl).toMatch(/^https:\/\/panel\.example\/get\.php\?username=sl4line01&/)
    await expect(nextReceiptNumber(server.app.db)).resolves.toBe(lastReceiptNumber + 1)
  })
})
