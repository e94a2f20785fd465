import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../../test/http-client'
import {
  databaseKinds,
  owner,
  postgresOnly,
  startTestServer,
  type TestServer,
} from '../../test/test-server'

const wrongLogin = (server: TestServer, headers: Record<string, string>, username = 'owner') =>
  createClient(server.baseUrl, headers).post('/api/admin/login', {
    username,
    password: 'not-the-password',
  })

// The counters are bumped on the database, where PostgreSQL's connections race and PGlite's one
// does not: both kinds. What is counted is the attempt, not its hash, so the tests' cheap one.
describe.each(databaseKinds)('login limits under concurrency on %s', (kind) => {
  let server: TestServer
  const clock = new Date('2026-11-01T10:00:00Z')

  beforeAll(async () => {
    server = await startTestServer(kind, { now: () => clock, env: { TRUST_PROXY: '1' } })
  })
  afterAll(() => server.close())

  it('checks at most 5 of 40 wrong passwords sent at once from one address', async () => {
    // One account per attempt: on PostgreSQL the address's and the account's counters are bumped
    // on two connections, so with one shared account the two orders differ and the account's
    // limit of 10 could refuse an attempt the address's limit of 5 lets through.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        wrongLogin(server, { 'x-forwarded-for': '10.40.0.1' }, `guess${i}`),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    // Every attempt is counted before its password is checked: only the first five get a check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(5)
    expect(statuses.filter((status) => status === 429)).toHaveLength(35)
  })

  it('checks at most 10 of 40 wrong passwords for one account sent at once from 40 addresses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        wrongLogin(server, { 'x-forwarded-for': `10.41.0.${i}` }, 'Victim'),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(10)
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
    // The account's count is shared whatever the spelling of its name.
    const locked = await wrongLogin(server, { 'x-forwarded-for': '10.41.1.1' }, 'VICTIM')
    expect(locked.status).toBe(429)
  })
})

// The hashing queue is the process's, whatever its database: PostgreSQL alone.
describe.each(postgresOnly)('a burst of sign-ins on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    // The product's cost: the burst must outlast the hashing queue, as it would in production.
    server = await startTestServer(kind, { env: { TRUST_PROXY: '1' }, productPasswordCost: true })
  })
  afterAll(() => server.close())

  // Up to eighteen password checks, two at a time, at OWASP's scrypt cost: a loaded 2-core
  // machine has taken more than the default 30 s over them.
  it(
    'refuses a burst beyond the hashing queue at once with 503, and signs in afterwards',
    { timeout: 120_000 },
    async () => {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          wrongLogin(server, { 'x-forwarded-for': `10.42.${i}.1` }, `burst${i}`),
        ),
      )
      const refused = answers.filter((answer) => answer.status === 503)
      expect(refused.length).toBeGreaterThan(0)
      expect(refused[0]!.headers.get('retry-after')).toBe('5')
      expect(refused[0]!.body.message).toBe(
        'Too many sign-in attempts at once. Try again in a few seconds.',
      )
      expect(answers.every((answer) => [401, 503].includes(answer.status))).toBe(true)
      const login = await createClient(server.baseUrl, { 'x-forwarded-for': '10.43.0.1' }).post(
        '/api/admin/login',
        owner,
      )
      expect(login.status).toBe(200)
    },
  )
})

describe.each(postgresOnly)('client addresses behind a proxy on %s', (kind) => {
  const clock = new Date('2026-11-01T10:00:00Z')

  it.each([
    ['a hop count', '1'],
    ['the proxy address', '127.0.0.1'],
    ['true (one hop)', 'true'],
  ])(
    'with TRUST_PROXY as %s, a spoofed leftmost entry does not change the address',
    async (_, trust) => {
      const lines: string[] = []
      const server = await startTestServer(kind, {
        now: () => clock,
        env: { TRUST_PROXY: trust, LOG_LEVEL: 'warn' },
        logStream: (line) => lines.push(line),
      })
      try {
        // The client sends its own X-Forwarded-For; our proxy appends the address it saw.
        for (let attempt = 0; attempt < 5; attempt++) {
          const answer = await wrongLogin(server, {
            'x-forwarded-for': `198.51.100.${attempt}, 203.0.113.7`,
          })
          expect(answer.status).toBe(401)
        }
        const locked = await createClient(server.baseUrl, {
          'x-forwarded-for': '198.51.100.99, 203.0.113.7',
        }).post('/api/admin/login', owner)
        expect(locked.status).toBe(429)
        const other = await createClient(server.baseUrl, {
          'x-forwarded-for': '203.0.113.8',
        }).post('/api/admin/login', owner)
        expect(other.status).toBe(200)
        const warned = lines.some((line) =>
          line.includes('TRUST_PROXY=true is read as one proxy hop'),
        )
        expect(warned).toBe(trust === 'true')
      } finally {
        await server.close()
      }
    },
  )

  it('without TRUST_PROXY ignores X-Forwarded-For entirely', async () => {
    const server = await startTestServer(kind, { now: () => clock })
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        await wrongLogin(server, { 'x-forwarded-for': `198.51.100.${attempt}` })
      }
      const locked = await createClient(server.baseUrl, {
        'x-forwarded-for': '203.0.113.9',
      }).post('/api/admin/login', owner)
      expect(locked.status).toBe(429)
    } finally {
      await server.close()
    }
  })
})
