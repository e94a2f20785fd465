import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { owner, startTestServer, type TestServer } from '../../test/test-server'

describe('platform settings', () => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  beforeAll(async () => {
    server = await startTestServer('pglite')
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('starts at 24 hours and 2 streams, and saves a change', async () => {
    expect((await admin.get('/api/settings/platform')).body).toEqual({
      trialDurationHours: 24,
      maxConcurrentStreams: 2,
    })
    const saved = await admin.put('/api/settings/platform', {
      trialDurationHours: 168,
      maxConcurrentStreams: 5,
    })
    expect(saved.body).toEqual({ trialDurationHours: 168, maxConcurrentStreams: 5 })
    expect((await admin.get('/api/settings/platform')).body).toEqual(saved.body)
  })

  it('refuses values the form does not offer', async () => {
    const response = await admin.put('/api/settings/platform', {
      trialDurationHours: 12,
      maxConcurrentStreams: 4,
    })
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([
      { path: 'trialDurationHours', message: 'Trial duration must be 24h, 48h or 7d' },
      { path: 'maxConcurrentStreams', message: 'Max concurrent streams must be 1, 2, 3 or 5' },
    ])
  })

  it('is for admins only', async () => {
    expect((await createClient(server.baseUrl).get('/api/settings/platform')).status).toBe(401)
  })
})
