import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('saved replies on %s', (kind) => {
  let server: TestServer
  let admin: ReturnType<typeof createClient>
  const list = async () => (await admin.get('/api/support/saved-replies')).body as any[]

  beforeAll(async () => {
    server = await startTestServer(kind)
    admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('creates, lists by title, edits and deletes replies, with their variables as written', async () => {
    const welcome = await admin.post('/api/support/saved-replies', {
      title: 'Welcome',
      body: 'Hi {firstName}, your playlist: {m3uUrl}',
    })
    expect(welcome.status).toBe(201)
    expect(welcome.body).toMatchObject({
      title: 'Welcome',
      body: 'Hi {firstName}, your playlist: {m3uUrl}',
    })
    await admin.post('/api/support/saved-replies', { title: 'Apps', body: 'Use any M3U player.' })
    expect((await list()).map((reply) => reply.title)).toEqual(['Apps', 'Welcome'])

    const edited = await admin.request('PUT', `/api/support/saved-replies/${welcome.body.id}`, {
      title: 'Welcome back',
      body: 'Hello again {firstName}',
    })
    expect(edited.body).toMatchObject({ title: 'Welcome back', body: 'Hello again {firstName}' })

    const removed = await admin.request('DELETE', `/api/support/saved-replies/${welcome.body.id}`)
    expect(removed.status).toBe(204)
    expect((await list()).map((reply) => reply.title)).toEqual(['Apps'])
  })

  it('is for admins only, names bad fields and answers 404 for an unknown reply', async () => {
    const anonymous = createClient(server.baseUrl)
    expect((await anonymous.get('/api/support/saved-replies')).status).toBe(401)
    const bad = await admin.post('/api/support/saved-replies', { title: ' ', body: '' })
    expect(bad.status).toBe(400)
    expect(bad.body.issues).toEqual([
      { path: 'title', message: 'Title is required' },
      { path: 'body', message: 'Reply text is required' },
    ])
    const unknown = await admin.request('PUT', `/api/support/saved-replies/${randomUUID()}`, {
      title: 'x',
      body: 'y',
    })
    expect(unknown.status).toBe(404)
  })
})
