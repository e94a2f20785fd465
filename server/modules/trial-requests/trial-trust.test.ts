import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { defaultTrialTrustSettings } from '../../../common/settings'
import { notifications } from '../../db/schema/notifications'
import { createClient } from '../../test/http-client'
import { databaseKinds, useAdminServer } from '../../test/test-server'

let sequence = 0
const someone = (email = `person${++sequence}@example.com`) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email,
  plan: 'Starter',
})

describe.each(databaseKinds)('trust of trial requests on %s', (kind) => {
  const t = useAdminServer(kind, { env: { TRUST_PROXY: 'true' } })
  const from = (ip: string) => createClient(t.server.baseUrl, { 'x-forwarded-for': ip })

  /** The request as admins see it. */
  async function requestFrom(ip: string, body = someone()) {
    const response = await from(ip).post('/api/trial-requests', body)
    expect(response.status).toBe(201)
    const [request] = (await t.admin.get(`/api/trial-requests/search?q=${body.email}`)).body
    return request
  }

  it('marks down a disposable e-mail domain, names it, and tells the admins', async () => {
    const request = await requestFrom('192.0.2.10', someone('grace@mailinator.com'))
    expect(request.trust).toEqual({
      score: 50,
      reasons: ['Disposable e-mail domain (mailinator.com)'],
      isFlagged: true,
    })
    const [notification] = await t.server.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.entityId, request.id))
    expect(notification!.body).toContain('Low trust (50/100): Disposable e-mail domain')
  })

  it('marks down the fourth request from one /24 or /64 network in a day', async () => {
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await requestFrom(ip)).trust.score).toBe(100)
    }
    const fourth = await requestFrom('203.0.113.250')
    expect(fourth.trust).toEqual({
      score: 70,
      reasons: ['3 other requests from the same network in 24 hours'],
      isFlagged: false,
    })
    expect((await requestFrom('203.0.114.1')).trust.score).toBe(100)

    for (const ip of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::1', '2001:db8:1:2::c']) {
      await requestFrom(ip)
    }
    expect((await requestFrom('2001:db8:1:2::d')).trust.score).toBe(70)
    expect((await requestFrom('2001:db8:1:3::d')).trust.score).toBe(100)
  })

  it('marks down generated-looking names and addresses', async () => {
    const request = await requestFrom('192.0.2.20', {
      ...someone('xk84729361@example.com'),
      firstName: 'Qwrtzp',
    })
    expect(request.trust.reasons).toEqual([
      'Name looks generated',
      'E-mail address looks generated',
    ])
    expect(request.trust.score).toBe(70)
  })

  it('follows the Business Settings, and records who changed them', async () => {
    expect((await t.admin.get('/api/settings/trial-trust')).body).toEqual(defaultTrialTrustSettings)
    const settings = {
      ...defaultTrialTrustSettings,
      checksDisposableEmail: false,
      networkRequestsPerDay: 1,
      flagBelowScore: 80,
    }
    const saved = await t.admin.put('/api/settings/trial-trust', settings)
    expect(saved.body).toEqual(settings)
    expect((await t.admin.get('/api/settings/trial-trust')).body).toEqual(settings)

    expect((await requestFrom('100.64.0.1', someone('ada@mailinator.com'))).trust.score).toBe(100)
    await requestFrom('198.51.100.1')
    expect((await requestFrom('198.51.100.2')).trust).toEqual({
      score: 70,
      reasons: ['1 other request from the same network in 24 hours'],
      isFlagged: true,
    })

    const trail = await t.admin.get('/api/audit-log?action=settings.update_trial_trust')
    expect(trail.body.map((entry: any) => entry.actorUsername)).toEqual(['owner'])
  })

  it('refuses settings out of range, naming the field', async () => {
    const response = await t.admin.put('/api/settings/trial-trust', {
      ...defaultTrialTrustSettings,
      networkRequestsPerDay: 0,
      flagBelowScore: 101,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'networkRequestsPerDay', message: 'Requests per network must be between 1 and 1000' },
      { path: 'flagBelowScore', message: 'Flag threshold must be between 0 and 100' },
    ])
  })

  it('keeps the settings for admins', async () => {
    const anonymous = createClient(t.server.baseUrl)
    expect((await anonymous.get('/api/settings/trial-trust')).status).toBe(401)
    expect(
      (await anonymous.put('/api/settings/trial-trust', defaultTrialTrustSettings)).status,
    ).toBe(401)
  })
})
