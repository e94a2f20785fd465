import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../test/raw-request'
import { isMutation, walkRoutes, type WalkedRoute } from '../test/route-walk'
import { postgresOnly, useAdminServer } from '../test/test-server'

// A cross-site page can post the first three without a CORS preflight.
const wrongBodies = [
  { 'content-type': 'text/plain;charset=UTF-8', body: '{"role":"super_admin"}' },
  { 'content-type': 'application/x-www-form-urlencoded', body: 'a=1' },
  {
    'content-type': 'multipart/form-data; boundary=x',
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  },
  { 'content-type': undefined, body: 'abc' },
]
const refusal = { message: 'Send the body as JSON, with Content-Type: application/json' }
// A customer's route asks for the customer's session before any parsing, whoever else calls.
const customerRefusal = { status: 401, json: { message: 'Sign in to see your account' } }
// The payment history import takes its file as a multipart upload too (its own test covers it).
const takesUpload = (route: WalkedRoute, contentType: string | undefined) =>
  route.url === '/api/imports/payments' && contentType?.startsWith('multipart/form-data')

describe.each(postgresOnly)('request bodies other than JSON (%s)', (kind) => {
  const context = useAdminServer(kind)
  let mutations: WalkedRoute[]
  beforeAll(() => {
    // RFC 8058: a mail client's one-click unsubscribe is a form post (its own test covers it).
    const takesForms = (route: WalkedRoute) => route.url === '/api/unsubscribe/:token'
    mutations = walkRoutes(context.server.app).filter(
      (route) => isMutation(route) && !takesForms(route),
    )
  })

  /** Every mutation route × wrong body, sent with `headers`; lists answers that `expected` rejects. */
  async function findProblems(
    headers: Record<string, string>,
    expected: (route: WalkedRoute) => { status: number; json: unknown },
  ) {
    const problems: string[] = []
    for (const route of mutations) {
      for (const { 'content-type': contentType, body } of wrongBodies) {
        if (takesUpload(route, contentType)) continue
        const sent = contentType ? { ...headers, 'content-type': contentType } : headers
        const answer = await rawRequest(context.server.baseUrl, route.method, route.path, {
          headers: sent,
          body,
        })
        const { status, json } = expected(route)
        if (answer.status !== status || JSON.stringify(answer.json) !== JSON.stringify(json)) {
          problems.push(`${route.method} ${route.url} ${contentType} → ${answer.status}`)
        }
      }
    }
    return problems
  }

  it('refuses them with 415 on every mutation route for a signed-in admin', async () => {
    const headers = { cookie: context.admin.cookie!, origin: context.server.baseUrl }
    expect(mutations.length).toBeGreaterThan(30)
    const expected = (route: WalkedRoute) =>
      route.isCustomer ? customerRefusal : { status: 415, json: refusal }
    expect(await findProblems(headers, expected)).toEqual([])
    // The admin's session survived: no handler ran, not even logout.
    expect((await context.admin.get('/api/admin/session')).status).toBe(200)
  })

  it('refuses them anonymously: 415 on public routes, 401 before any parsing elsewhere', async () => {
    const expected = (route: WalkedRoute) =>
      route.isCustomer
        ? customerRefusal
        : route.isPublic
          ? { status: 415, json: refusal }
          : { status: 401, json: { message: 'Authentication required' } }
    expect(await findProblems({}, expected)).toEqual([])
  })

  it('runs a bodiless POST with no content type, and an empty body sent as JSON', async () => {
    expect((await context.admin.post('/api/maintenance/expire-now')).status).toBe(200)
    const answer = await rawRequest(context.server.baseUrl, 'POST', '/api/maintenance/expire-now', {
      headers: {
        cookie: context.admin.cookie!,
        origin: context.server.baseUrl,
        'content-type': 'application/json',
      },
      body: '',
    })
    expect(answer.status).toBe(200)
  })

  it('accepts the spec client’s PUT …/read with a JSON content type and no body', async () => {
    const answer = await rawRequest(
      context.server.baseUrl,
      'PUT',
      `/api/notifications/${randomUUID()}/read`,
      { headers: { 'content-type': 'application/json' }, body: '' },
    )
    expect(answer.status).not.toBe(415)
    expect(answer.status).toBeLessThan(500)
  })
})
