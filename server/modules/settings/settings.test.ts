import { describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { useAdminServer } from '../../test/test-server'

describe('platform settings', () => {
  const t = useAdminServer('pglite')

  it('starts at 24 hours, 2 streams and trials started by an admin, and saves a change', async () => {
    expect((await t.admin.get('/api/settings/platform')).body).toEqual({
      trialDurationHours: 24,
      maxConcurrentStreams: 2,
      autoStartTrials: false,
      timeZone: 'UTC',
    })
    const saved = await t.admin.put('/api/settings/platform', {
      trialDurationHours: 168,
      maxConcurrentStreams: 5,
      autoStartTrials: true,
      timeZone: 'Europe/Berlin',
    })
    expect(saved.body).toEqual({
      trialDurationHours: 168,
      maxConcurrentStreams: 5,
      autoStartTrials: true,
      timeZone: 'Europe/Berlin',
    })
    expect((await t.admin.get('/api/settings/platform')).body).toEqual(saved.body)
  })

  it('refuses values the form does not offer', async () => {
    const response = await t.admin.put('/api/settings/platform', {
      trialDurationHours: 12,
      maxConcurrentStreams: 4,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'trialDurationHours', message: 'Trial duration must be 24h, 48h or 7d' },
      { path: 'maxConcurrentStreams', message: 'Max concurrent streams must be 1, 2, 3 or 5' },
    ])
  })

  it.each(['Mars/Olympus', '+02:00', 'Europe/Berlin; drop table'])(
    'refuses the time zone %s, naming the field',
    async (timeZone) => {
      const { body: current } = await t.admin.get('/api/settings/platform')
      const response = await t.admin.put('/api/settings/platform', { ...current, timeZone })
      expect(response.status).toBe(400)
      expect(response.body.issues).toEqual([
        { path: 'timeZone', message: 'Time zone must be a name such as Europe/Berlin or UTC' },
      ])
    },
  )

  it('is for admins only', async () => {
    expect((await createClient(t.server.baseUrl).get('/api/settings/platform')).status).toBe(401)
  })
})
