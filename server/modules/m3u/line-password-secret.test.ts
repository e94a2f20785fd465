import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { settings } from '../../db/schema/settings'
import { postgresOnly, useAdminServer } from '../../test/test-server'
import { linePasswordSecret, linePasswordSecretKey } from './line-password-secret'

describe.each(postgresOnly)('the line password secret on %s', (kind) => {
  const context = useAdminServer(kind)

  it('is generated once, whoever asks first and however many ask at once', async () => {
    const { db } = context.server.app
    const secrets = await Promise.all(Array.from({ length: 5 }, () => linePasswordSecret(db, null)))
    expect(new Set(secrets).size).toBe(1)
    expect(secrets[0]).toMatch(/^[\w-]{43}$/)
    // A later process (or a restart) reads the same one.
    expect(await linePasswordSecret(db, null)).toBe(secrets[0])
    const [row] = await db.select().from(settings).where(eq(settings.key, linePasswordSecretKey))
    expect(row!.value).toBe(secrets[0])
  })

  it('is LINE_PASSWORD_SECRET when that is set', async () => {
    const configured = 'c'.repeat(40)
    expect(await linePasswordSecret(context.server.app.db, configured)).toBe(configured)
  })

  it('is left out of backups and of every settings answer', async () => {
    const { admin, server } = context
    const secret = await linePasswordSecret(server.app.db, null)
    const backup = await admin.get('/api/maintenance/backup')
    expect(backup.status).toBe(200)
    expect(backup.body.tables.settings).toBeDefined()
    expect(JSON.stringify(backup.body)).not.toContain(secret)
    for (const group of ['platform', 'security', 'trial-trust']) {
      expect(JSON.stringify((await admin.get(`/api/settings/${group}`)).body)).not.toContain(secret)
    }
  })
})
