import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adminSessions } from '../../db/schema/admin-sessions'
import { createClient } from '../../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('admin authentication on %s', (kind) => {
  let server: TestServer
  let clock = new Date('2026-11-01T10:00:00Z')
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms))

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
  })
  afterAll(() => server.close())

  it('signs in with a session cookie that is HttpOnly and SameSite=Lax', async () => {
    const client = createClient(server.baseUrl)
    const response = await client.post('/api/admin/login', owner)
    expect(response.status).toBe(200)
    expect(response.body.user).toMatchObject({ username: 'owner', role: 'super_admin' })
    expect(response.body.user.lastLoginAt).toBe(clock.toISOString())
    expect(JSON.stringify(response.body)).not.toMatch(/password|scrypt/)
    const cookie = response.headers.get('set-cookie')!
    expect(cookie).toMatch(/^sid=[\w-]{40,};/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)

    const session = await client.get('/api/admin/session')
    expect(session.status).toBe(200)
    expect(session.body.user.username).toBe('owner')
  })

  it('stores only a hash of the session token', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    const token = client.cookie!.split('=')[1]!
    const rows = await server.database.db.select({ id: adminSessions.id }).from(adminSessions)
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.map((row) => row.id)).not.toContain(token)
  })

  it('answers a wrong password with 401 and the same message as an unknown user', async () => {
    const client = createClient(server.baseUrl)
    const wrongPassword = await client.post('/api/admin/login', {
      ...owner,
      password: 'not-the-password',
    })
    const unknownUser = await client.post('/api/admin/login', {
      username: 'ghost',
      password: 'whatever1',
    })
    expect(wrongPassword.status).toBe(401)
    expect(unknownUser.status).toBe(401)
    expect(wrongPassword.body).toEqual({ message: 'Invalid credentials' })
    expect(unknownUser.body).toEqual({ message: 'Invalid credentials' })
    expect(client.cookie).toBeNull()
  })

  it('names the missing field when the login body is incomplete', async () => {
    const response = await createClient(server.baseUrl).post('/api/admin/login', {
      username: 'owner',
    })
    expect(response.status).toBe(400)
    expect(response.body).toEqual({
      message: 'Password is required',
      issues: [{ path: 'password', message: 'Password is required' }],
    })
  })

  it('logs out: the cookie is cleared and the old token no longer works', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    const stolen = client.cookie!
    expect((await client.post('/api/admin/logout')).status).toBe(204)
    expect(client.cookie).toBeNull()
    const replay = await fetch(new URL('/api/admin/session', server.baseUrl), {
      headers: { cookie: stolen },
    })
    expect(replay.status).toBe(401)
  })

  it('issues a new token on every login', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    const first = client.cookie
    await client.login(owner.username, owner.password)
    expect(client.cookie).not.toBe(first)
    const old = await fetch(new URL('/api/admin/session', server.baseUrl), {
      headers: { cookie: first! },
    })
    expect(old.status).toBe(401)
  })

  it('ends every session after 7 days even when used all along', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    // Used every 110 minutes: never idle long enough to expire, until the absolute limit.
    const step = 110 * 60 * 1000
    for (let elapsed = step; elapsed < 7 * 24 * 60 * 60 * 1000; elapsed += step) {
      advance(step)
      expect((await client.get('/api/admin/session')).status).toBe(200)
    }
    advance(step)
    expect((await client.get('/api/admin/session')).status).toBe(401)
  })
})

describe.each(postgresOnly)('login throttling on %s', (kind) => {
  let server: TestServer
  let clock = new Date('2026-11-01T10:00:00Z')
  // Behind a trusted proxy, X-Forwarded-For gives each simulated visitor its own IP.
  const from = (ip: string) => createClient(server.baseUrl, { 'x-forwarded-for': ip })
  const fail = (ip: string, username = 'owner') =>
    from(ip).post('/api/admin/login', { username, password: 'wrong-password' })

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock, env: { TRUST_PROXY: 'true' } })
  })
  afterAll(() => server.close())

  it('locks an IP out after 5 failures in 5 minutes, then lets it try again', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await fail('10.0.0.1', `nobody${attempt}`)).status).toBe(401)
    }
    // Even the right password is refused while locked out; other IPs are not affected.
    const locked = await from('10.0.0.1').post('/api/admin/login', owner)
    expect(locked.status).toBe(429)
    expect(locked.body.message).toBe('Too many failed login attempts. Try again in 5 minutes.')
    expect(locked.headers.get('retry-after')).toBe('300')
    expect((await from('10.0.0.2').post('/api/admin/login', owner)).status).toBe(200)

    clock = new Date(clock.getTime() + 5 * 60 * 1000 + 1)
    expect((await from('10.0.0.1').post('/api/admin/login', owner)).status).toBe(200)
  })

  it('locks a username after 10 failures from any IPs; a success resets its count', async () => {
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await fail(`10.1.0.${attempt}`)).status).toBe(401)
    }
    expect((await from('10.1.1.1').post('/api/admin/login', owner)).status).toBe(200)
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await fail(`10.2.0.${attempt}`)).status).toBe(401)
    }
    expect((await fail('10.3.0.1')).status).toBe(401)
    const locked = await from('10.3.0.2').post('/api/admin/login', owner)
    expect(locked.status).toBe(429)
    expect(locked.body.message).toBe('Too many failed login attempts. Try again in 15 minutes.')
  })
})
