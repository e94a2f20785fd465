import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

describe.each(postgresOnly)('an admin’s own password on %s', (kind) => {
  let server: TestServer
  const ada = { username: 'ada', password: 'violet-first-passphrase' }
  // Signed in once: the refusals below leave the password, and so the sessions, as they were.
  let ownerClient: ReturnType<typeof createClient>
  let adaClient: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind)
    await seedAdmin(server.app.db, ada)
    ownerClient = createClient(server.baseUrl)
    await ownerClient.login(owner.username, owner.password)
    adaClient = createClient(server.baseUrl)
    await adaClient.login(ada.username, ada.password)
  })
  afterAll(() => server.close())

  it('needs the current password and names the field that is wrong', async () => {
    const wrong = await adaClient.post('/api/admin/password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-brand-new-passphrase',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.issues).toEqual([
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ])
  })

  it.each([
    ['short-pass', 'Password must be at least 12 characters'],
    ['password123456', 'This password is too common. Choose one that is hard to guess.'],
    ['qwertyuiop12', 'This password is too common. Choose one that is hard to guess.'],
    ['i-am-ada-lovelace', 'Password must not contain the username'],
  ])('refuses the new password %s', async (newPassword, message) => {
    const answer = await adaClient.post('/api/admin/password', {
      currentPassword: ada.password,
      newPassword,
    })
    expect(answer.status).toBe(400)
    expect(answer.body.issues).toEqual([{ path: 'newPassword', message }])
  })

  it('changes it, ends the other sessions but this one, and records it without the values', async () => {
    const laptop = createClient(server.baseUrl)
    const phone = createClient(server.baseUrl)
    await laptop.login(ada.username, ada.password)
    await phone.login(ada.username, ada.password)
    const changed = await laptop.post('/api/admin/password', {
      currentPassword: ada.password,
      newPassword: 'violet-second-passphrase',
    })
    expect(changed.status).toBe(204)
    expect((await laptop.get('/api/admin/session')).status).toBe(200)
    expect((await phone.get('/api/admin/session')).status).toBe(401)

    const old = await createClient(server.baseUrl).post('/api/admin/login', ada)
    expect(old.status).toBe(401)
    await createClient(server.baseUrl).login(ada.username, 'violet-second-passphrase')

    const trail = await ownerClient.get('/api/audit-log?action=admin_user.change_password')
    expect(trail.body).toHaveLength(1)
    expect(trail.body[0]).toMatchObject({ actorUsername: 'ada', entityType: 'admin_user' })
    expect(JSON.stringify(trail.body)).not.toContain('passphrase')
  })

  it('refuses common passwords for new admins too', async () => {
    const answer = await ownerClient.post('/api/admin/users', {
      username: 'weakling',
      password: '123456789012',
    })
    expect(answer.status).toBe(400)
    expect(answer.body.issues).toEqual([
      {
        path: 'password',
        message: 'This password is too common. Choose one that is hard to guess.',
      },
    ])
  })
})

describe.each(postgresOnly)('session rules on %s', (kind) => {
  let server: TestServer
  let clock = new Date('2026-11-01T10:00:00Z')
  const advance = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000))

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
  })
  afterAll(() => server.close())

  it('ends an idle session after 2 hours by default', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    advance(119)
    expect((await client.get('/api/admin/session')).status).toBe(200)
    advance(120)
    expect((await client.get('/api/admin/session')).status).toBe(401)
  })

  it('takes the idle timeout and lifetime from the security settings, at once', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    expect((await client.get('/api/settings/security')).body).toEqual({
      sessionIdleMinutes: 120,
      sessionAbsoluteDays: 7,
      requireTwoFactorForSuperAdmins: false,
    })
    const invalid = await client.put('/api/settings/security', {
      sessionIdleMinutes: 1,
      sessionAbsoluteDays: 7,
      requireTwoFactorForSuperAdmins: false,
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body.issues[0]).toEqual({
      path: 'sessionIdleMinutes',
      message: 'Idle timeout must be between 5 minutes and 24 hours',
    })
    const saved = await client.put('/api/settings/security', {
      sessionIdleMinutes: 30,
      sessionAbsoluteDays: 1,
      requireTwoFactorForSuperAdmins: false,
    })
    expect(saved.status).toBe(200)
    advance(29)
    expect((await client.get('/api/admin/session')).status).toBe(200)
    // Used every 29 minutes: never idle, but a day after sign-in it ends all the same.
    for (let elapsed = 29; elapsed + 29 < 24 * 60; elapsed += 29) {
      advance(29)
      expect((await client.get('/api/admin/session')).status).toBe(200)
    }
    advance(29)
    expect((await client.get('/api/admin/session')).status).toBe(401)
  })

  it('lets only a super admin change the security settings', async () => {
    await seedAdmin(server.app.db, { username: 'helper', password: 'kettle-long-passphrase' })
    const helper = createClient(server.baseUrl)
    await helper.login('helper', 'kettle-long-passphrase')
    const answer = await helper.put('/api/settings/security', {
      sessionIdleMinutes: 600,
      sessionAbsoluteDays: 30,
      requireTwoFactorForSuperAdmins: false,
    })
    expect(answer.status).toBe(403)
  })
})

describe.each(postgresOnly)('the session cookie on %s', (kind) => {
  it('is Secure and __Host- prefixed when the site is served over https', async () => {
    const server = await startTestServer(kind, { env: { PUBLIC_URL: 'https://tv.example.com' } })
    try {
      const client = createClient(server.baseUrl)
      const login = await client.post('/api/admin/login', owner)
      const cookie = login.headers.get('set-cookie')!
      expect(cookie).toMatch(/^__Host-sid=[\w-]{40,};/)
      expect(cookie).toMatch(/; Secure/i)
      expect(cookie).toMatch(/; Path=\//i)
      expect(cookie).not.toMatch(/Domain=/i)
      expect((await client.get('/api/admin/session')).status).toBe(200)
      // The plain name is not read on an https site.
      const plain = await fetch(new URL('/api/admin/session', server.baseUrl), {
        headers: { cookie: client.cookie!.replace('__Host-sid', 'sid') },
      })
      expect(plain.status).toBe(401)
    } finally {
      await server.close()
    }
  })

  it('is named sid and not Secure on a plain-http site without a proxy saying https', async () => {
    const server = await startTestServer(kind)
    try {
      const login = await createClient(server.baseUrl).post('/api/admin/login', owner)
      const cookie = login.headers.get('set-cookie')!
      expect(cookie).toMatch(/^sid=/)
      expect(cookie).not.toMatch(/Secure/i)
    } finally {
      await server.close()
    }
  })
})
