import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'
import { claimBackup, releaseBackupClaim } from './backup-state'
import { writeBackup } from './backups.service'

const backupNames = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.startsWith('backup-'))
    .sort()

describe.each(databaseKinds)('backup files in BACKUP_DIR, on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  let dir: string
  let now = new Date('2026-11-22T12:00:00Z')
  const later = (ms: number) => (now = new Date(now.getTime() + ms))

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'streamline-backups-'))
    // Not ours: a folder shared with other files keeps them.
    writeFileSync(join(dir, 'notes.txt'), 'keep me')
    server = await startTestServer(kind, {
      now: () => now,
      env: { BACKUP_DIR: dir, BACKUP_KEEP: '2' },
    })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    await insertTrialRequest(server.app.db, { firstName: 'Ada' })
  })
  afterAll(async () => {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('shows no backup before the first', async () => {
    const answer = await admin.get('/api/maintenance/backups')
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ enabled: true, keep: 2, last: null })
  })

  it('writes one on demand, in the download format, whole, and shows it as the last', async () => {
    const { result, entries } = await withNewEntries(server.app.db, () =>
      admin.post('/api/maintenance/backups'),
    )
    expect(result.status).toBe(201)
    const file = 'backup-2026-11-22T12-00-00Z.json'
    const written = readFileSync(join(dir, file), 'utf8')
    expect(result.body).toEqual({ at: now.toISOString(), bytes: Buffer.byteLength(written), file })
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([])

    const download = await admin.get('/api/maintenance/backup')
    const backup = JSON.parse(written)
    expect(backup).toMatchObject({ format: 'streamline-backup', version: download.body.version })
    expect(Object.keys(backup.tables)).toEqual(Object.keys(download.body.tables))
    expect(backup.tables.trial_requests).toEqual(download.body.tables.trial_requests)
    expect(written).not.toMatch(/scrypt\$|"password"/)
    // The record of the files is not business data.
    expect(backup.tables.settings.map(({ key }: { key: string }) => key)).not.toContain(
      'backup_files',
    )

    expect(entries).toMatchObject([
      { action: 'maintenance.backup_file', details: { file, bytes: result.body.bytes } },
    ])
    expect((await admin.get('/api/maintenance/backups')).body.last).toEqual(result.body)
  })

  it('keeps the last BACKUP_KEEP files, and other files in the folder', async () => {
    later(60_000)
    expect((await admin.post('/api/maintenance/backups')).status).toBe(201)
    later(60_000)
    expect((await admin.post('/api/maintenance/backups')).status).toBe(201)
    expect(backupNames(dir)).toEqual([
      'backup-2026-11-22T12-01-00Z.json',
      'backup-2026-11-22T12-02-00Z.json',
    ])
    expect(existsSync(join(dir, 'notes.txt'))).toBe(true)
  })

  it('writes the daily file once a day, whichever of many rounds asks', async () => {
    // Backups were written today already: the day's is done.
    expect(await writeBackup(server.app, { daily: true })).toEqual({ outcome: 'not_due' })
    now = new Date('2026-11-23T00:15:00Z')
    const rounds = await Promise.all([1, 2, 3].map(() => writeBackup(server.app, { daily: true })))
    expect(rounds.filter(({ outcome }) => outcome === 'written')).toHaveLength(1)
    expect(rounds.filter(({ outcome }) => outcome === 'not_due')).toHaveLength(2)
    later(6 * 3_600_000)
    expect(await writeBackup(server.app, { daily: true })).toEqual({ outcome: 'not_due' })
    expect(backupNames(dir).at(-1)).toBe('backup-2026-11-23T00-15-00Z.json')
  })

  it('answers 503 with a sentence when the folder cannot be written, and recovers', async () => {
    rmSync(dir, { recursive: true })
    later(60_000)
    // The clock moved on by hours: a new session.
    await admin.login(owner.username, owner.password)
    const failed = await admin.post('/api/maintenance/backups')
    expect(failed.status).toBe(503)
    expect(failed.body.message).toBe(
      'The backup file could not be written into BACKUP_DIR (ENOENT).',
    )
    // The claim was given up: the next try, once the folder is back, writes.
    mkdirSync(dir)
    expect((await admin.post('/api/maintenance/backups')).status).toBe(201)
    expect(backupNames(dir)).toHaveLength(1)
  })

  it('refuses one on demand while another process writes one, with a sentence', async () => {
    const token = await claimBackup(server.app.db, now, null)
    expect(token).not.toBeNull()
    const refused = await admin.post('/api/maintenance/backups')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe('A backup is being written right now. Try again in a minute.')
    await releaseBackupClaim(server.app.db, token!)
    expect((await admin.post('/api/maintenance/backups')).status).toBe(201)
  })

  it('is for super admins only', async () => {
    const account = { username: 'plain.admin', password: 'violet-harbour-4271' }
    await seedAdmin(server.app.db, account)
    const plain = createClient(server.baseUrl)
    await plain.login(account.username, account.password)
    expect((await plain.get('/api/maintenance/backups')).status).toBe(403)
    expect((await plain.post('/api/maintenance/backups')).status).toBe(403)
    expect((await createClient(server.baseUrl).post('/api/maintenance/backups')).status).toBe(401)
  })
})

describe.each(databaseKinds)('backup files without BACKUP_DIR, on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('says they are off, and why a backup on demand is refused', async () => {
    expect((await admin.get('/api/maintenance/backups')).body).toEqual({
      enabled: false,
      keep: null,
      last: null,
    })
    const refused = await admin.post('/api/maintenance/backups')
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'Backups to files are off: set BACKUP_DIR on the server to turn them on.',
    )
  })
})

describe('the daily backup across processes sharing one PostgreSQL database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'streamline-backups-'))
  const servers: TestServer[] = []
  afterAll(async () => {
    for (const server of servers.reverse()) await server.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('is written by one of them', async () => {
    const now = () => new Date('2026-11-24T01:00:00Z')
    const env = { BACKUP_DIR: dir }
    servers.push(await startTestServer('postgres', { now, env }))
    const database = servers[0]!.app.config.database
    if (database.kind !== 'postgres') throw new Error('Expected PostgreSQL')
    servers.push(
      await startTestServer('postgres', { now, env: { ...env, DATABASE_URL: database.url } }),
    )
    const rounds = await Promise.all(
      servers.map((server) => writeBackup(server.app, { daily: true })),
    )
    expect(rounds.map(({ outcome }) => outcome).sort()).toEqual(['not_due', 'written'])
    expect(backupNames(dir)).toEqual(['backup-2026-11-24T01-00-00Z.json'])
  })
})
