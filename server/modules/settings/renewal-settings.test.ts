import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { withNewEntries } from '../../test/audit-trail'
import { seedAdmin } from '../../test/seed-admin'
import { databaseKinds, useAdminServer } from '../../test/test-server'

describe.each(databaseKinds)('renewal settings on %s', (kind) => {
  const t = useAdminServer(kind)

  it('start at 3 days of notice, 3 days of grace and no retention code, and save a change, audited', async () => {
    expect((await t.admin.get('/api/settings/renewals')).body).toEqual({
      renewalNoticeDays: 3,
      renewalGraceDays: 3,
      retentionDiscountCode: '',
    })
    const change = { renewalNoticeDays: 5, renewalGraceDays: 0, retentionDiscountCode: 'STAY20' }
    const { result, entries } = await withNewEntries(t.server.app.db, () =>
      t.admin.put('/api/settings/renewals', change),
    )
    expect(result.body).toEqual(change)
    expect((await t.admin.get('/api/settings/renewals')).body).toEqual(change)
    expect(entries.map((entry) => entry.action)).toEqual(['settings.update_renewals'])
  })

  it('refuses values out of range, naming each field, and keeps what was saved', async () => {
    const before = (await t.admin.get('/api/settings/renewals')).body
    const response = await t.admin.put('/api/settings/renewals', {
      renewalNoticeDays: 0,
      renewalGraceDays: 8,
      retentionDiscountCode: 'X'.repeat(51),
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'renewalNoticeDays', message: 'Renewal notice must be between 1 and 14 days' },
      { path: 'renewalGraceDays', message: 'Renewal grace period must be between 0 and 7 days' },
      {
        path: 'retentionDiscountCode',
        message: 'Retention discount code must be at most 50 characters',
      },
    ])
    expect((await t.admin.get('/api/settings/renewals')).body).toEqual(before)
  })

  it('is read by every admin and changed by a super admin only', async () => {
    await seedAdmin(t.server.app.db, { username: 'helper', password: 'kettle-long-passphrase' })
    const helper = createClient(t.server.baseUrl)
    await helper.login('helper', 'kettle-long-passphrase')
    const current = (await helper.get('/api/settings/renewals')).body
    expect(current.renewalNoticeDays).toBeGreaterThan(0)
    expect((await helper.put('/api/settings/renewals', current)).status).toBe(403)
    expect((await createClient(t.server.baseUrl).get('/api/settings/renewals')).status).toBe(401)
  })
})
