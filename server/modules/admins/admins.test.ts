import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('admin accounts on %s', (kind) => {
  let server: TestServer
  let ownerClient: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind)
    ownerClient = createClient(server.baseUrl)
    await ownerClient.login(owner.username, owner.password)
  })
  afterAll(() => server.close())

  it('lists admins without any password hash', async () => {
    const response = await ownerClient.get('/api/admin/users')
    expect(response.status).toBe(200)
    expect(response.body).toEqual([
      expect.objectContaining({ username: 'owner', role: 'super_admin', active: true }),
    ])
    expect(JSON.stringify(response.body)).not.toMatch(/password|scrypt/)
  })

  it('creates an admin who can then sign in', async () => {
    const created = await ownerClient.post('/api/admin/users', {
      username: 'agent.smith',
      password: 'agent-password',
      role: 'admin',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      username: 'agent.smith',
      role: 'admin',
      lastLoginAt: null,
    })
    expect(Object.keys(created.body)).not.toContain('password')
    const agent = createClient(server.baseUrl)
    const login = await agent.post('/api/admin/login', {
      username: 'agent.smith',
      password: 'agent-password',
    })
    expect(login.status).toBe(200)
  })

  it.each([
    [
      { username: 'ab', password: 'long-enough-pass' },
      'username',
      'Username must be at least 3 characters',
    ],
    [
      { username: 'valid', password: 'short' },
      'password',
      'Password must be at least 12 characters',
    ],
    [{ password: 'long-enough-pass' }, 'username', 'Username is required'],
    [
      { username: 'valid', password: 'long-enough-pass', role: 'root' },
      'role',
      'Role must be support, admin or super_admin',
    ],
  ])('refuses %o naming the field', async (body, path, message) => {
    const response = await ownerClient.post('/api/admin/users', body)
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(message)
    expect(response.body.issues).toContainEqual({ path, message })
  })

  it('answers 409 when the username is taken, whatever its case', async () => {
    await ownerClient.post('/api/admin/users', { username: 'taken', password: 'violet-harbour-1' })
    const again = await ownerClient.post('/api/admin/users', {
      username: 'TAKEN',
      password: 'violet-harbour-2',
    })
    expect(again.status).toBe(409)
    expect(again.body).toEqual({ message: 'Username already exists' })
  })

  it('lets only a super_admin create or delete admins', async () => {
    await seedAdmin(server.app.db, { username: 'plain', password: 'quiet-meadow-7731' })
    const plain = createClient(server.baseUrl)
    await plain.login('plain', 'quiet-meadow-7731')
    expect((await plain.get('/api/admin/users')).status).toBe(200)
    const create = await plain.post('/api/admin/users', {
      username: 'sneaky',
      password: 'hidden-orchard-4410',
    })
    expect(create.status).toBe(403)
    const ownerId = (await plain.get('/api/admin/users')).body.find(
      (u: any) => u.username === 'owner',
    ).id
    expect((await plain.delete(`/api/admin/users/${ownerId}`)).status).toBe(403)
  })

  it('deletes an admin, whose sessions end with the account', async () => {
    const doomed = await seedAdmin(server.app.db, {
      username: 'doomed',
      password: 'amber-lantern-5523',
    })
    const doomedClient = createClient(server.baseUrl)
    await doomedClient.login('doomed', 'amber-lantern-5523')
    expect((await ownerClient.delete(`/api/admin/users/${doomed.id}`)).status).toBe(204)
    expect((await doomedClient.get('/api/admin/session')).status).toBe(401)
    expect((await ownerClient.delete(`/api/admin/users/${doomed.id}`)).status).toBe(404)
  })

  it('refuses to delete yourself', async () => {
    const me = (await ownerClient.get('/api/admin/session')).body.user
    const response = await ownerClient.delete(`/api/admin/users/${me.id}`)
    expect(response.status).toBe(400)
    expect(response.body).toEqual({ message: 'You cannot delete your own account' })
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await ownerClient.delete('/api/admin/users/not-a-uuid')
    expect(response.status).toBe(400)
    expect(response.body.issues).toEqual([{ path: 'id', message: 'id must be a valid UUID' }])
  })
})

describe.each(postgresOnly)('the last super_admin on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer(kind)
  })
  afterAll(() => server.close())

  it('survives two super_admins deleting each other at the same moment', async () => {
    const ownerClient = createClient(server.baseUrl)
    await ownerClient.login(owner.username, owner.password)
    const deputy = await seedAdmin(server.app.db, {
      username: 'deputy',
      password: 'copper-kettle-9912',
      role: 'super_admin',
    })
    const deputyClient = createClient(server.baseUrl)
    await deputyClient.login('deputy', 'copper-kettle-9912')
    const ownerId = (await ownerClient.get('/api/admin/session')).body.user.id

    const results = await Promise.all([
      ownerClient.delete(`/api/admin/users/${deputy.id}`),
      deputyClient.delete(`/api/admin/users/${ownerId}`),
    ])
    const statuses = results.map((r) => r.status).sort()
    // One wins; the other finds itself the last super_admin (409) or already signed out (401).
    expect(statuses[0]).toBe(204)
    expect([401, 409]).toContain(statuses[1])
    const loser = results.find((r) => r.status === 409)
    if (loser) expect(loser.body).toEqual({ message: 'Cannot delete the last super admin' })

    const survivor = results[0]!.status === 204 ? ownerClient : deputyClient
    const admins = (await survivor.get('/api/admin/users')).body as any[]
    expect(admins.filter((admin) => admin.role === 'super_admin')).toHaveLength(1)
  })
})
