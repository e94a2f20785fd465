import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { databaseKinds, owner, startTestServer, type TestServer } from '../../test/test-server'
import { rekeyUsernames } from './username-key'

// Every other way of writing `mini`: upper case, a dotted capital I (U+0130, which SQL lower()
// folds to i), full-width letters, combining marks, a dotless i.
const spellings = ['MINI', 'mİni', 'minİ', 'mİnİ', 'ｍｉｎｉ', 'mi\u0301ni', 'mi\u0307ni', 'mını']

describe.each(databaseKinds)('one account, one lock, whatever the spelling, on %s', (kind) => {
  let server: TestServer
  let ownerClient: ReturnType<typeof createClient>
  const clock = new Date('2026-11-01T10:00:00Z')
  const mini = { username: 'mini', password: 'copper-kettle-passphrase' }
  const miss = { username: 'miss', password: 'silver-lantern-passphrase' }
  let ip = 0
  // A new address for each try: only the account's own limit is at work.
  const fromNewAddress = () =>
    createClient(server.baseUrl, { 'x-forwarded-for': `10.60.0.${++ip}` })

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock, env: { TRUST_PROXY: '1' } })
    ownerClient = createClient(server.baseUrl)
    await ownerClient.login(owner.username, owner.password)
    // Seeded at a low hash cost: the tests below sign in some forty times.
    for (const account of [mini, miss]) await seedAdmin(server.app.db, account)
  })
  afterAll(() => server.close())

  it('creates usernames only from a-z, digits and . _ @ -, and refuses a second spelling', async () => {
    for (const username of [
      'mİni',
      'ｍｉｎｉ',
      'miß',
      'mi\u0301ni',
      'jose\u0301',
      'ada lovelace',
    ]) {
      const answer = await ownerClient.post('/api/admin/users', { ...mini, username })
      expect(answer.status).toBe(400)
      expect(answer.body.issues).toEqual([
        {
          path: 'username',
          message:
            'Username may only contain the letters a to z, digits and . _ @ - (no spaces or accents)',
        },
      ])
    }
    const twin = await ownerClient.post('/api/admin/users', { ...mini, username: 'MINI' })
    expect(twin.status).toBe(409)
  })

  it('signs every spelling in to the account it folds to, and to no other', async () => {
    for (const username of spellings) {
      const answer = await fromNewAddress().post('/api/admin/login', { ...mini, username })
      expect(answer.status, username).toBe(200)
      expect(answer.body.user.username).toBe('mini')
    }
    // `ß` folds to `ss`: `miß` is miss, never mini.
    const missSpelled = await fromNewAddress().post('/api/admin/login', {
      ...miss,
      username: 'miß',
    })
    expect(missSpelled.body.user.username).toBe('miss')
    const notMini = await fromNewAddress().post('/api/admin/login', { ...mini, username: 'miß' })
    expect(notMini.status).toBe(401)
  })

  it('locks every spelling once mini is locked, right password or not', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const username = spellings[attempt % spellings.length]!
      const answer = await fromNewAddress().post('/api/admin/login', {
        username,
        password: 'not-the-password',
      })
      expect(answer.status).toBe(401)
    }
    for (const username of ['mini', ...spellings]) {
      const answer = await fromNewAddress().post('/api/admin/login', { ...mini, username })
      expect(answer.status, username).toBe(429)
      expect(answer.body.message).toMatch(/^Too many failed login attempts/)
    }
    // miss has a lock of its own, which `miß` shares and mini's does not touch.
    const missSpelled = await fromNewAddress().post('/api/admin/login', {
      ...miss,
      username: 'MIß',
    })
    expect(missSpelled.status).toBe(200)
  })

  it('keeps accounts named before the rule signing in, re-keyed at start-up, the oldest by its name', async () => {
    // As the migration leaves names with an accent: only their ASCII letters folded. The newer
    // one goes in first, so only ordering by age makes the older one keep its name.
    const jose = { username: 'José', password: 'olive-grove-passphrase' }
    const plainJose = { username: 'Jose', password: 'cork-oak-passphrase' }
    const newer = await seedAdmin(server.app.db, plainJose)
    // Out of the way while the second is seeded with today's key; both keys are set below.
    await server.app.db
      .update(users)
      .set({ usernameKey: 'set-below' })
      .where(eq(users.id, newer.id))
    const older = await seedAdmin(server.app.db, jose)
    for (const [{ id }, usernameKey, createdAt] of [
      [older, 'josé', '2025-01-01T00:00:00Z'],
      [newer, 'jose', '2025-02-01T00:00:00Z'],
    ] as const) {
      await server.app.db
        .update(users)
        .set({ usernameKey, createdAt: new Date(createdAt) })
        .where(eq(users.id, id))
    }
    await rekeyUsernames(server.app.db, server.app.log)
    for (const username of ['José', 'jose', 'JOSE\u0301']) {
      const answer = await fromNewAddress().post('/api/admin/login', { ...jose, username })
      expect(answer.body.user?.id, username).toBe(older.id)
    }
    const renamed = `Jose-${newer.id.slice(0, 8)}`
    const answer = await fromNewAddress().post('/api/admin/login', {
      ...plainJose,
      username: renamed,
    })
    expect(answer.body.user).toMatchObject({ id: newer.id, username: renamed })
  })

  it('gives a two-factor account no fresh code guesses under another spelling', async () => {
    const kiri = { username: 'kiri', password: 'amber-harbour-passphrase' }
    await seedAdmin(server.app.db, kiri)
    const client = createClient(server.baseUrl, { 'x-forwarded-for': '10.61.0.1' })
    await client.login(kiri.username, kiri.password)
    const setup = await client.post('/api/admin/two-factor/setup', { password: kiri.password })
    const secret = Secret.fromBase32(setup.body.secret)
    const code = new TOTP({ secret }).generate({ timestamp: clock.getTime() })
    expect((await client.post('/api/admin/two-factor/enable', { code })).status).toBe(200)

    const guesses = ['kiri', 'KIRI', 'kİri', 'ｋｉｒｉ', 'ki\u0301ri', 'kırı']
    const answers = []
    for (let attempt = 0; attempt < 12; attempt++) {
      const username = guesses[attempt % guesses.length]!
      answers.push(
        await fromNewAddress().post('/api/admin/login', { ...kiri, username, code: '000000' }),
      )
    }
    // The right password with a wrong code counts against the account in every spelling.
    expect(answers.map((answer) => answer.status)).toEqual([...Array(10).fill(401), 429, 429])
  })
})
