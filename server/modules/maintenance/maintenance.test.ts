import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNewEntries } from '../../test/audit-trail'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { insertTrialRequest } from '../../test/trial-fixtures'

describe.each(databaseKinds)('system maintenance on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const now = new Date('2026-11-22T12:00:00Z')

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => now })
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    await insertTrialRequest(server.app.db, {
      createdAt: new Date('2026-11-01T00:00:00Z'),
      firstName: 'Old',
    })
    await insertTrialRequest(server.app.db, { createdAt: new Date('2026-11-22T11:00:00Z') })
  })
  afterAll(() => server.close())

  it('expires overdue trials on demand', async () => {
    const response = await admin.post('/api/maintenance/expire-now')
    expect(response.body).toEqual({
      trialsExpired: 1,
      subscriptionsExpired: 0,
      skipped: false,
      linesDisabled: 0,
      trialsStarted: 0,
      paymentsSettled: 0,
      paymentsHeld: 0,
      paymentsClosed: 0,
      renewalsCharged: 0,
      renewalsDeclined: 0,
      messagesSent: 0,
    })
  })

  it('downloads a full JSON backup without password hashes or sessions', async () => {
    const response = await admin.get('/api/maintenance/backup')
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="backup-2026-11-22T12-00-00Z.json"',
    )
    const backup = response.body
    expect(backup.format).toBe('streamline-backup')
    expect(Object.keys(backup.tables)).toEqual(
      expect.arrayContaining(['users', 'trial_requests', 'plans', 'audit_log']),
    )
    expect(backup.tables.trial_requests).toHaveLength(2)
    expect(backup.tables.users[0]).toMatchObject({ username: 'owner' })
    expect(JSON.stringify(backup)).not.toMatch(/scrypt\$|"password"|admin_sessions/)
  })

  it('lets only a super admin download a backup, and records no refused one', async () => {
    const account = { username: 'plain.admin', password: 'violet-harbour-4271' }
    await seedAdmin(server.app.db, account)
    const plain = createClient(server.baseUrl)
    await plain.login(account.username, account.password)
    const { result, entries } = await withNewEntries(server.app.db, () =>
      plain.get('/api/maintenance/backup'),
    )
    expect(result.status).toBe(403)
    expect(entries).toEqual([])
  })

  it('is for admins only', async () => {
    expect((await createClient(server.baseUrl).post('/api/maintenance/expire-now')).status).toBe(
      401,
    )
    expect((await createClient(server.baseUrl).get('/api/maintenance/backup')).status).toBe(401)
  })
})
