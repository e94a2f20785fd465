import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type Db } from '../../db/client'
import { auditLog } from '../../db/schema/audit-log'
import { users } from '../../db/schema/users'
import { createClient } from '../../test/http-client'
import { startProcessesOnPostgres } from '../../test/processes-on-postgres'
import { owner, startTestServer } from '../../test/test-server'

/**
 * Eight creates at once, spread over `baseUrls`, of `twin{round}` or `TWIN{round}`, each with its
 * own password: exactly one account results, with one audit entry, signed into by either spelling.
 * (Each create hashes a password at OWASP's cost, a second or more here: the rounds are few.)
 */
async function expectOneTwin(baseUrls: string[], round: number, db: Db) {
  const owners = await Promise.all(
    baseUrls.map(async (url) => {
      const client = createClient(url)
      await client.login(owner.username, owner.password)
      return client
    }),
  )
  const attempts = Array.from({ length: 8 }, (_, i) => ({
    username: i % 2 ? `TWIN${round}` : `twin${round}`,
    password: `violet-harbour-${round}-${i}x`,
  }))
  const answers = await Promise.all(
    attempts.map((account, i) => owners[i % owners.length]!.post('/api/admin/users', account)),
  )

  expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(7).fill(409)])
  for (const answer of answers.filter((answer) => answer.status === 409)) {
    expect(answer.body).toEqual({ message: 'Username already exists' })
  }
  const winner = answers.findIndex((answer) => answer.status === 201)
  const { id } = answers[winner]!.body
  const lower = `twin${round}`
  const accounts = await db.select({ id: users.id }).from(users).where(eq(users.usernameKey, lower))
  expect(accounts).toEqual([{ id }])
  const entries = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'admin_user.create'), eq(auditLog.entityId, id)))
  expect(entries).toHaveLength(1)

  for (const [i, username] of [lower, lower.toUpperCase()].entries()) {
    const login = await createClient(baseUrls[i % baseUrls.length]!).login(
      username,
      attempts[winner]!.password,
    )
    expect(login.body.user.id).toBe(id)
  }
}

describe('concurrent creates of one username in two spellings on PGlite', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  it('make one account; the others answer 409', async () => {
    await expectOneTwin([server.baseUrl], 1, server.app.db)
  }, 60_000)
})

describe('concurrent creates of one username across two processes on one PostgreSQL', () => {
  const urls: string[] = []
  let stop = async () => {}
  let database: Database

  beforeAll(async () => {
    const started = await startProcessesOnPostgres(2)
    urls.push(...started.servers.map((server) => server.url))
    stop = started.stop
    database = await openDatabase({ kind: 'postgres', url: started.database.url })
  }, 120_000)
  afterAll(async () => {
    await database?.close()
    await stop()
  })

  // Before the index, 5 rounds in 15 made two accounts.
  it('make one account; the others answer 409', async () => {
    for (const round of [1, 2]) await expectOneTwin(urls, round, database.db)
  }, 120_000)
})
