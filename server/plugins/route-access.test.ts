import { randomBytes } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { insertBlogPost } from '../test/blog-fixtures'
import { pathSpellings } from '../test/path-spellings'
import { rawRequest, type RawResponse } from '../test/raw-request'
import { walkRoutes, type WalkedRoute } from '../test/route-walk'
import { postgresOnly, useAdminServer } from '../test/test-server'
import { insertTrialRequest } from '../test/trial-fixtures'

// Admin-only records carry this word; no anonymous answer may ever contain it.
const secret = `secret${randomBytes(6).toString('hex')}`

const bodyFor = (method: string) =>
  ['POST', 'PUT', 'PATCH'].includes(method)
    ? { headers: { 'content-type': 'application/json' }, body: '{}' }
    : {}

/**
 * A refusal that carries nothing but the error contract: a 4xx with JSON `{ message, issues? }`
 * (HEAD: no body). `/api/support-tickets/` reaches the public ticket route with an empty id.
 */
function isBareRefusal(method: string, answer: RawResponse): boolean {
  if (answer.status < 400 || answer.status >= 500) return false
  if (method === 'HEAD') return answer.text === ''
  const json = answer.json as Record<string, unknown> | undefined
  return json !== undefined && Object.keys(json).every((key) => ['message', 'issues'].includes(key))
}

/** The build's hashed files are served alike: one of them stands for all. */
function oneAssetPerMethod(routes: WalkedRoute[]): WalkedRoute[] {
  const seen = new Set<string>()
  return routes.filter((route) => {
    if (!route.url.startsWith('/assets/')) return true
    if (seen.has(route.method)) return false
    seen.add(route.method)
    return true
  })
}

describe.each(postgresOnly)('access decided on the matched route (%s)', (kind) => {
  // The sports service is asked nothing real: a closed local port makes it answer an empty list.
  const context = useAdminServer(kind, { env: { SPORTS_API_BASE: 'http://127.0.0.1:9' } })
  let routes: WalkedRoute[]
  const anonymous = (method: string, path: string) =>
    rawRequest(context.server.baseUrl, method, path, bodyFor(method))

  beforeAll(async () => {
    routes = walkRoutes(context.server.app)
    const plan = { name: `Hidden plan ${secret}`, price: '9.99', active: false }
    expect((await context.admin.post('/api/plans', plan)).status).toBe(201)
    await insertBlogPost(context.server.app.db, { title: `Draft ${secret}`, published: false })
    await insertTrialRequest(context.server.app.db, { firstName: secret })
  })

  it('walks every kind of route: admin, public, static files, the socket', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`)
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/admin/users',
        'GET /api/trial-requests/export.csv',
        'GET /api/payments/export.csv',
        'GET /api/plans',
        'GET /sitemap.xml',
        'GET /ws',
      ]),
    )
    expect(routes.filter((route) => !route.isPublic).length).toBeGreaterThan(50)
  })

  it('refuses anonymous callers on every admin route, however the path is spelled', async () => {
    const problems: string[] = []
    for (const route of routes.filter((candidate) => !candidate.isPublic)) {
      const spellings = pathSpellings(route.path)
      const answers = await Promise.all(spellings.map((path) => anonymous(route.method, path)))
      answers.forEach((answer, index) => {
        const path = spellings[index]!
        const seen = `${route.method} ${path} → ${answer.status} ${answer.text.slice(0, 80)}`
        if (index === 0 && answer.status !== 401) problems.push(`expected 401: ${seen}`)
        if (!isBareRefusal(route.method, answer)) problems.push(`not a bare refusal: ${seen}`)
        if (answer.text.includes(secret)) problems.push(`leaked admin data: ${seen}`)
      })
    }
    expect(problems).toEqual([])
  })

  it('answers public routes the same under every spelling, without admin data', async () => {
    const problems: string[] = []
    for (const route of oneAssetPerMethod(routes.filter((candidate) => candidate.isPublic))) {
      const spellings = pathSpellings(route.path)
      const answers = await Promise.all(spellings.map((path) => anonymous(route.method, path)))
      const plain = answers[0]!
      answers.forEach((answer, index) => {
        const seen = `${route.method} ${spellings[index]} → ${answer.status}`
        const isSuccess = answer.status >= 200 && answer.status < 300
        if (answer.status >= 500) problems.push(`server error: ${seen}`)
        if (isSuccess && (answer.status !== plain.status || answer.text !== plain.text)) {
          problems.push(`differs from the plain spelling: ${seen}`)
        }
        if (answer.text.includes(secret)) problems.push(`leaked admin data: ${seen}`)
      })
    }
    expect(problems).toEqual([])
    // Hundreds of requests; each odd spelling of a file is a server-rendered 404 page.
  }, 120_000)

  it('makes no account from the reported attack, POST /%61pi/admin/users', async () => {
    const intruder = { username: 'intruder', password: 'copper-lantern-9931', role: 'super_admin' }
    const answer = await rawRequest(context.server.baseUrl, 'POST', '/%61pi/admin/users', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(intruder),
    })
    expect(answer.status).toBe(401)
    const admins = (await context.admin.get('/api/admin/users')).body as { username: string }[]
    expect(admins.map((admin) => admin.username)).not.toContain('intruder')
  })

  it.each([
    '/%61pi/trial-requests/export.csv',
    '/%61pi/payments/export.csv',
    '/%61pi/payments',
    '/%61pi/audit-log',
    '/%61pi/m3u-lines',
  ])('refuses the reported read %s with 401', async (path) => {
    const answer = await rawRequest(context.server.baseUrl, 'GET', path)
    expect(answer.status).toBe(401)
    expect(answer.json).toEqual({ message: 'Authentication required' })
  })

  it('gives a signed-in admin the same route under an encoded spelling', async () => {
    const answer = await rawRequest(context.server.baseUrl, 'GET', '/%61pi/admin/users', {
      headers: { cookie: context.admin.cookie! },
    })
    expect(answer.status).toBe(200)
  })
})
