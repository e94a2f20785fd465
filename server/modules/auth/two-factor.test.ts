import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'

const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() })

describe.each(postgresOnly)('two-factor sign-in on %s', (kind) => {
  let server: TestServer
  let clock = new Date('2026-11-01T10:00:00Z')
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms))
  const deputy = { username: 'deputy', password: 'harbour-lantern-passphrase' }
  let ownerClient: ReturnType<typeof createClient>

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
    ownerClient = createClient(server.baseUrl)
    await ownerClient.login(owner.username, owner.password)
    await seedAdmin(server.app.db, { ...deputy, role: 'super_admin' })
  })
  afterAll(() => server.close())

  async function enableFor(credentials: { username: string; password: string }) {
    const client = createClient(server.baseUrl)
    await client.login(credentials.username, credentials.password)
    const setup = await client.post('/api/admin/two-factor/setup', {
      password: credentials.password,
    })
    expect(setup.status).toBe(200)
    const enabled = await client.post('/api/admin/two-factor/enable', {
      code: codeAt(setup.body.secret, clock),
    })
    expect(enabled.status).toBe(200)
    return { client, secret: setup.body.secret as string, codes: enabled.body.recoveryCodes }
  }

  it('sets up with the password, a QR code and a confirmed code, then answers recovery codes', async () => {
    const noPassword = await ownerClient.post('/api/admin/two-factor/setup', { password: 'wrong' })
    expect(noPassword.status).toBe(400)
    expect(noPassword.body.issues).toEqual([{ path: 'password', message: 'Password is incorrect' }])

    const setup = await ownerClient.post('/api/admin/two-factor/setup', {
      password: owner.password,
    })
    expect(setup.status).toBe(200)
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/StreamLine:owner\?/)
    expect(setup.body.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/)
    // Not on until a code proves the app holds the secret.
    expect((await ownerClient.get('/api/admin/session')).body.user.twoFactorEnabled).toBe(false)

    const wrong = await ownerClient.post('/api/admin/two-factor/enable', { code: '000000' })
    expect(wrong.status).toBe(400)
    const enabled = await ownerClient.post('/api/admin/two-factor/enable', {
      code: codeAt(setup.body.secret, clock),
    })
    expect(enabled.status).toBe(200)
    expect(enabled.body.recoveryCodes).toHaveLength(10)
    expect(new Set(enabled.body.recoveryCodes).size).toBe(10)
    expect((await ownerClient.get('/api/admin/session')).body.user.twoFactorEnabled).toBe(true)

    const trail = await ownerClient.get('/api/audit-log?action=admin_user.two_factor_enable')
    expect(trail.body).toHaveLength(1)
    expect(JSON.stringify(trail.body)).not.toContain(setup.body.secret)
  })

  it('asks for the code after the right password, accepts each code once, and recovery codes once', async () => {
    const { secret, codes } = await enableFor(deputy)
    advance(60_000)
    const anonymous = createClient(server.baseUrl)

    const wrongPassword = await anonymous.post('/api/admin/login', {
      ...deputy,
      password: 'not-the-password',
    })
    expect(wrongPassword.body).toEqual({ message: 'Invalid credentials' })

    const challenge = await anonymous.post('/api/admin/login', deputy)
    expect(challenge.status).toBe(401)
    expect(challenge.body).toEqual({
      message: 'Enter the 6-digit code from your authenticator app',
      twoFactorRequired: true,
    })
    expect(anonymous.cookie).toBeNull()

    const code = codeAt(secret, clock)
    expect((await anonymous.post('/api/admin/login', { ...deputy, code })).status).toBe(200)
    // The same code again, even within its 30 seconds, is refused: it may have been overheard.
    const replay = await createClient(server.baseUrl).post('/api/admin/login', {
      ...deputy,
      code,
    })
    expect(replay.status).toBe(401)
    expect(replay.body.twoFactorRequired).toBe(true)

    const recovery = codes[0].toUpperCase().replace('-', ' ')
    const viaRecovery = createClient(server.baseUrl)
    expect((await viaRecovery.post('/api/admin/login', { ...deputy, code: recovery })).status).toBe(
      200,
    )
    const again = await createClient(server.baseUrl).post('/api/admin/login', {
      ...deputy,
      code: codes[0],
    })
    expect(again.status).toBe(401)
  })

  it('makes a super admin without two-factor set it up first when settings require it', async () => {
    // The wrong passwords and codes above count against this address's sign-in limit too.
    advance(5 * 60_000)
    const agent = { username: 'night.owl', password: 'owl-long-passphrase' }
    await seedAdmin(server.app.db, { ...agent, role: 'super_admin' })
    const required = await ownerClient.put('/api/settings/security', {
      sessionIdleMinutes: 120,
      sessionAbsoluteDays: 7,
      requireTwoFactorForSuperAdmins: true,
    })
    expect(required.status).toBe(200)

    const client = createClient(server.baseUrl)
    await client.login(agent.username, agent.password)
    const session = await client.get('/api/admin/session')
    expect(session.body.mustSetUpTwoFactor).toBe(true)
    const blocked = await client.get('/api/trial-requests')
    expect(blocked.status).toBe(403)
    expect(blocked.body.message).toBe('Turn on two-factor sign-in to continue')

    const setup = await client.post('/api/admin/two-factor/setup', { password: agent.password })
    const enabled = await client.post('/api/admin/two-factor/enable', {
      code: codeAt(setup.body.secret, clock),
    })
    expect((await client.get('/api/admin/session')).body.mustSetUpTwoFactor).toBe(false)
    expect((await client.get('/api/trial-requests')).status).toBe(200)

    // While required, a super admin cannot turn it off.
    const proof = { password: agent.password, code: enabled.body.recoveryCodes[0] }
    const disable = await client.post('/api/admin/two-factor/disable', proof)
    expect(disable.status).toBe(403)
    await ownerClient.put('/api/settings/security', {
      sessionIdleMinutes: 120,
      sessionAbsoluteDays: 7,
      requireTwoFactorForSuperAdmins: false,
    })
    expect((await client.post('/api/admin/two-factor/disable', proof)).status).toBe(204)
    expect((await client.get('/api/admin/session')).body.user.twoFactorEnabled).toBe(false)
  })

  it('turns off, or makes new recovery codes, only with the password and a current code', async () => {
    advance(5 * 60_000)
    const agent = { username: 'relief', password: 'tin-whistle-passphrase' }
    await seedAdmin(server.app.db, agent)
    const client = createClient(server.baseUrl)
    await client.login(agent.username, agent.password)

    const noCodesYet = await client.post('/api/admin/two-factor/recovery-codes', {
      password: agent.password,
      code: '000000',
    })
    expect(noCodesYet.status).toBe(409)
    expect(noCodesYet.body.message).toBe(
      'Recovery codes come with two-factor sign-in: turn it on first',
    )

    const setup = await client.post('/api/admin/two-factor/setup', { password: agent.password })
    const enabled = await client.post('/api/admin/two-factor/enable', {
      code: codeAt(setup.body.secret, clock),
    })
    const codes: string[] = enabled.body.recoveryCodes

    for (const path of ['/api/admin/two-factor/disable', '/api/admin/two-factor/recovery-codes']) {
      const passwordOnly = await client.post(path, { password: agent.password })
      expect(passwordOnly.status).toBe(400)
      expect(passwordOnly.body.issues).toEqual([
        { path: 'code', message: 'Enter the code from your authenticator app' },
      ])
      const wrongCode = await client.post(path, { password: agent.password, code: '000000' })
      expect(wrongCode.body.issues).toEqual([
        { path: 'code', message: 'That code is not right, or it was already used' },
      ])
    }
    expect((await client.get('/api/admin/session')).body.user.twoFactorEnabled).toBe(true)

    advance(60_000)
    const renewed = await client.post('/api/admin/two-factor/recovery-codes', {
      password: agent.password,
      code: codeAt(setup.body.secret, clock),
    })
    expect(renewed.status).toBe(200)
    // The old recovery codes went with the renewal; a new one turns two-factor off.
    const oldCode = await client.post('/api/admin/two-factor/disable', {
      password: agent.password,
      code: codes[0],
    })
    expect(oldCode.status).toBe(400)
    const off = await client.post('/api/admin/two-factor/disable', {
      password: agent.password,
      code: renewed.body.recoveryCodes[0],
    })
    expect(off.status).toBe(204)
    expect((await client.get('/api/admin/session')).body.user.twoFactorEnabled).toBe(false)
  })

  it('moves a super admin who must keep two-factor to a new phone, on all the way', async () => {
    advance(5 * 60_000)
    const agent = { username: 'new.phone', password: 'lost-phone-passphrase' }
    await seedAdmin(server.app.db, { ...agent, role: 'super_admin' })
    const { client, secret: oldSecret, codes } = await enableFor(agent)
    const rules = { sessionIdleMinutes: 120, sessionAbsoluteDays: 7 }
    await ownerClient.put('/api/settings/security', {
      ...rules,
      requireTwoFactorForSuperAdmins: true,
    })
    const signIn = (code: string) =>
      createClient(server.baseUrl).post('/api/admin/login', { ...agent, code })

    // Refused before any check, so these six do not use up the five tries this address has.
    for (let i = 0; i < 6; i += 1) {
      const disable = await client.post('/api/admin/two-factor/disable', {
        password: agent.password,
        code: codes[0],
      })
      expect(disable.status).toBe(403)
    }

    const passwordOnly = await client.post('/api/admin/two-factor/setup', {
      password: agent.password,
    })
    expect(passwordOnly.status).toBe(400)
    expect(passwordOnly.body.issues).toEqual([
      { path: 'code', message: 'Enter a code from your authenticator app, or a recovery code' },
    ])
    const wrongCode = await client.post('/api/admin/two-factor/setup', {
      password: agent.password,
      code: '000000',
    })
    expect(wrongCode.body.issues).toEqual([
      { path: 'code', message: 'That code is not right, or it was already used' },
    ])
    // The old phone is lost: a recovery code proves it is the admin.
    const setup = await client.post('/api/admin/two-factor/setup', {
      password: agent.password,
      code: codes[0],
    })
    expect(setup.status).toBe(200)
    const newSecret: string = setup.body.secret
    expect(newSecret).not.toBe(oldSecret)

    // Until a code from the new app is confirmed, the old app is the one that signs in.
    advance(60_000)
    const session = (await client.get('/api/admin/session')).body
    expect(session.user.twoFactorEnabled).toBe(true)
    expect(session.mustSetUpTwoFactor).toBe(false)
    expect((await signIn(codeAt(newSecret, clock))).status).toBe(401)
    const oldCodeConfirms = await client.post('/api/admin/two-factor/enable', {
      code: codeAt(oldSecret, clock),
    })
    expect(oldCodeConfirms.status).toBe(400)
    expect((await signIn(codeAt(oldSecret, clock))).status).toBe(200)

    advance(60_000)
    const moved = await client.post('/api/admin/two-factor/enable', {
      code: codeAt(newSecret, clock),
    })
    expect(moved.status).toBe(200)
    expect(moved.body.recoveryCodes).toHaveLength(10)
    expect((await client.get('/api/admin/session')).body.user.twoFactorEnabled).toBe(true)
    // A new window for this address: the wrong codes above count against it.
    advance(5 * 60_000)
    expect((await signIn(codeAt(oldSecret, clock))).status).toBe(401)
    expect((await signIn(codes[1])).status).toBe(401)
    expect((await signIn(codeAt(newSecret, clock))).status).toBe(200)
    await ownerClient.put('/api/settings/security', {
      ...rules,
      requireTwoFactorForSuperAdmins: false,
    })
  })

  it('never shows the secret or recovery codes in lists, backups or the trail', async () => {
    const users = await ownerClient.get('/api/admin/users')
    expect(JSON.stringify(users.body)).not.toMatch(/totp|secret|recovery/i)
    const backup = await ownerClient.get('/api/maintenance/backup')
    expect(backup.status).toBe(200)
    expect(JSON.stringify(backup.body)).not.toMatch(/totp|code_hash|codeHash/i)
  })
})
