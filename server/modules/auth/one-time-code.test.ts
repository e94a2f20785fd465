import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users'
import { hashPassword } from '../../lib/passwords'
import { createClient } from '../../test/http-client'
import { seedAdmin, testPasswordCost } from '../../test/seed-admin'
import { postgresOnly, owner, startTestServer, type TestServer } from '../../test/test-server'
import { makeOneTimeCode, oneTimeCodeLifetimeMs } from './one-time-code'

describe.each(postgresOnly)('signing in with a one-time code on %s', (kind) => {
  let server: TestServer
  let clock = new Date('2026-11-29T10:00:00Z')

  /** A super admin as a restore leaves them: a code for a password, valid from now. */
  async function restoredAdmin(username: string) {
    const code = makeOneTimeCode()
    const { id } = await seedAdmin(server.app.db, { username, password: code, role: 'super_admin' })
    await server.app.db
      .update(users)
      .set({
        password: await hashPassword(code, testPasswordCost),
        passwordCodeExpiresAt: new Date(clock.getTime() + oneTimeCodeLifetimeMs),
      })
      .where(eq(users.id, id))
    return { id, code }
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock })
  })
  afterAll(() => server.close())

  it('makes codes of 100 random bits, easy to read out', () => {
    const codes = new Set(Array.from({ length: 50 }, makeOneTimeCode))
    expect(codes.size).toBe(50)
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/)
  })

  it('gives one session to two sign-ins racing with the same code', async () => {
    const { code } = await restoredAdmin('racing-rita')
    const attempts = await Promise.all(
      [1, 2].map(() =>
        createClient(server.baseUrl).post('/api/admin/login', {
          username: 'racing-rita',
          password: code,
        }),
      ),
    )
    expect(attempts.map(({ status }) => status).sort()).toEqual([200, 401])
  })

  it('refuses a code past its 24 hours', async () => {
    const { code } = await restoredAdmin('late-lars')
    clock = new Date(clock.getTime() + oneTimeCodeLifetimeMs)
    const late = await createClient(server.baseUrl).post('/api/admin/login', {
      username: 'late-lars',
      password: code,
    })
    expect(late).toMatchObject({
      status: 401,
      body: { message: 'This one-time code has expired: ask a super admin for a new password' },
    })
  })

  it('keeps the new-password route to sessions opened with a code', async () => {
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    const refused = await admin.post('/api/admin/new-password', { newPassword: 'calm-river-8812' })
    expect(refused.status).toBe(409)
  })

  it("sets another account's password only: not one's own, not an unknown one", async () => {
    const admin = createClient(server.baseUrl)
    const me = await admin.login(owner.username, owner.password)
    const own = await admin.put(`/api/admin/users/${me.body.user.id}/password`, {
      password: 'calm-river-8812',
    })
    expect(own).toMatchObject({ status: 400 })
    const unknown = await admin.put(
      '/api/admin/users/00000000-0000-4000-8000-000000000000/password',
      { password: 'calm-river-8812' },
    )
    expect(unknown.status).toBe(404)
  })
})
