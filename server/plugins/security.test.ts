import { createHash } from 'node:crypto'
import { themeInitScript } from '../../common/theme-init'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { owner, startTestServer, type TestServer } from '../test/test-server'

// Every admin-only endpoint so far; later areas add theirs.
const adminRoutes = [
  ['GET', '/api/admin/session'],
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users'],
  ['DELETE', '/api/admin/users/00000000-0000-4000-8000-000000000000'],
] as const

describe('the API boundary', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('pglite')
  })
  afterAll(() => server.close())

  it.each(adminRoutes)('refuses anonymous %s %s with 401', async (method, path) => {
    const response = await createClient(server.baseUrl).request(
      method,
      path,
      method === 'GET' ? undefined : {},
    )
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ message: 'Authentication required' })
  })

  it('answers health checks without a session', async () => {
    const response = await createClient(server.baseUrl).get('/api/health')
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ status: 'ok' })
  })

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await createClient(server.baseUrl).get('/api/does-not-exist')
    expect(response.status).toBe(404)
    expect(response.body).toEqual({ message: 'Route GET /api/does-not-exist not found' })
  })

  it('answers malformed JSON with a 400, not a 500', async () => {
    const response = await fetch(new URL('/api/admin/login', server.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ message: expect.any(String) })
  })

  it('refuses writes from another origin, even with a valid session', async () => {
    const client = createClient(server.baseUrl)
    await client.login(owner.username, owner.password)
    const response = await fetch(new URL('/api/admin/users', server.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        cookie: client.cookie!,
      },
      body: JSON.stringify({ username: 'evil-admin', password: 'evil-password' }),
    })
    expect(response.status).toBe(403)
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' })
    const admins = (await client.get('/api/admin/users')).body as { username: string }[]
    expect(admins.map((admin) => admin.username)).not.toContain('evil-admin')
  })

  it('sends security headers with a CSP that allows no inline script but the theme script', async () => {
    const response = await fetch(new URL('/api/health', server.baseUrl))
    const csp = response.headers.get('content-security-policy')!
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!
    const themeHash = createHash('sha256').update(themeInitScript).digest('base64')
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${themeHash}'`)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})
