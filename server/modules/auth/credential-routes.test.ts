import { eq } from 'drizzle-orm'
import { Secret } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { newPassword } from '../../../common/admin-users'
import { users } from '../../db/schema/users'
import { createClient } from '../../test/http-client'
import { seedAdmin } from '../../test/seed-admin'
import { postgresOnly, startTestServer, type TestServer } from '../../test/test-server'
import { undeclaredCredentialRoutes } from './credential-attempts'
import { credentialFieldsOf } from './credential-fields'

type Route = TestServer['app']['routeList'][number]
const nameOf = ({ method, route }: Route) => `${method} ${route.url}`
const shapeOf = (route: Route) =>
  (route.route.schema?.body as { _zod?: { def: { shape?: Record<string, z.ZodType> } } })?._zod?.def
    .shape ?? {}

/** A wrong guess for each field a credential route takes; a field not named here fails the test. */
function wrongBody(route: Route, username: string): Record<string, string> {
  const values: Record<string, string> = {
    username,
    password: 'not-the-password-at-all',
    currentPassword: 'not-the-password-at-all',
    newPassword: 'a-fresh-long-passphrase-9',
    code: '000000',
  }
  return Object.fromEntries(
    Object.keys(shapeOf(route)).map((field) => {
      if (!(field in values)) throw new Error(`No wrong value for ${field} of ${nameOf(route)}`)
      return [field, values[field]!]
    }),
  )
}

describe.each(postgresOnly)('every route that checks a password or code on %s', (kind) => {
  let server: TestServer
  let routes: Route[]
  const credentialRoutes = () => routes.filter(({ route }) => route.config?.checksCredentials)

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { TRUST_PROXY: '1' } })
    routes = server.app.routeList
  })
  afterAll(() => server.close())

  it('is declared: a password or code field in the body means checksCredentials', () => {
    expect(undeclaredCredentialRoutes(server.app)).toEqual([])
    const withCredentialFields = routes.filter(
      ({ route }) => credentialFieldsOf(route.schema?.body).length > 0,
    )
    expect(withCredentialFields.map(nameOf).sort()).toEqual(credentialRoutes().map(nameOf).sort())
    // The detection finds what is there today, so it is not an empty list that passes anything.
    expect(credentialRoutes().map(nameOf)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'POST /api/admin/password',
        'POST /api/admin/two-factor/setup',
        'POST /api/admin/two-factor/enable',
        'POST /api/admin/two-factor/recovery-codes',
        'POST /api/admin/two-factor/disable',
      ]),
    )
  })

  it('has no password field outside the known schemas (a new password, or one to check)', () => {
    const stray = routes.flatMap((route) =>
      Object.entries(shapeOf(route))
        .filter(([name]) => /pass(word|code|phrase)|otp|^code$/i.test(name))
        .filter(
          ([name, field]) =>
            field !== newPassword && !credentialFieldsOf(route.route.schema?.body).includes(name),
        )
        .map(([name]) => `${nameOf(route)} ${name}`),
    )
    // A discount's code is what customers type at checkout, not a secret of an account.
    const notSecrets = ['POST /api/discounts code', 'PUT /api/discounts/:id code']
    expect(stray.filter((field) => !notSecrets.includes(field))).toEqual([])
  })

  it('counts 8 wrong tries sent at once before checking any: 5 are checked, 3 answer 429', async () => {
    const problems: string[] = []
    for (const [index, route] of credentialRoutes().entries()) {
      const admin = { username: `guessed${index}`, password: 'the-right-long-passphrase' }
      const { id } = await seedAdmin(server.app.db, admin)
      const ip = `10.50.${index}.1`
      const client = createClient(server.baseUrl, { 'x-forwarded-for': ip })
      await client.login(admin.username, admin.password)
      // Where the route changes a second factor that is on (or confirms one being set up), the
      // account is in that state, so each guess reaches the password or code check.
      await server.app.db
        .update(users)
        .set({ totpSecret: new Secret().base32, totpPendingSecret: new Secret().base32 })
        .where(eq(users.id, id))
      if (route.route.url.endsWith('/setup') || route.route.url.endsWith('/enable')) {
        await server.app.db.update(users).set({ totpSecret: null }).where(eq(users.id, id))
      }
      const body = wrongBody(route, admin.username)
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => client.request(route.method, route.route.url, body)),
      )
      const statuses = answers.map((answer) => answer.status)
      const refused = answers.filter((answer) => answer.status === 429)
      const checked = statuses.filter((status) => status === 400 || status === 401)
      if (checked.length !== 5 || refused.length !== 3) {
        problems.push(`${nameOf(route)} answered ${statuses.sort().join(' ')}`)
      }
      for (const answer of refused) {
        expect(answer.body.message).toMatch(
          /^Too many failed login attempts\. Try again in \d+ minutes?\.$/,
        )
        expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
      }
    }
    expect(problems).toEqual([])
  }, 60_000)
})
