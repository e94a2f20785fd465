import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/users'
import { createClient } from '../../test/http-client'
import { owner, startTestServer, type TestServer } from '../../test/test-server'

const owaspHash = /^scrypt\$131072\$8\$1\$/

// Other test servers hash at a low cost (seed-admin.ts); this one is built as start-up builds it.
// One database kind: the hash is made before the database sees it.
describe('password hashes made by a server built as start-up builds it', () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer('pglite', { productPasswordCost: true })
  })
  afterAll(() => server?.close())

  const storedHash = async (id: string) => {
    const [row] = await server.database.db
      .select({ password: users.password })
      .from(users)
      .where(eq(users.id, id))
    return row!.password
  }

  it("are at OWASP's scrypt cost, from the admin API and from a password change", async () => {
    const ownerClient = createClient(server.baseUrl)
    await ownerClient.login(owner.username, owner.password)
    const account = { username: 'cost.check', password: 'quiet-orchard-5821-lamp' }
    const created = await ownerClient.post('/api/admin/users', { ...account, role: 'admin' })
    expect(created.status).toBe(201)
    expect(await storedHash(created.body.id)).toMatch(owaspHash)

    const admin = createClient(server.baseUrl)
    await admin.login(account.username, account.password)
    const changed = await admin.post('/api/admin/password', {
      currentPassword: account.password,
      newPassword: 'copper-meadow-7734-kite',
    })
    expect(changed.status).toBe(204)
    expect(await storedHash(created.body.id)).toMatch(owaspHash)
  })
})
