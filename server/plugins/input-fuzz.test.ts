import { randomInt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createClient } from '../test/http-client'
import { malformedBodies, malformedJsonValues, malformedUrlValues } from '../test/malformed-inputs'
import { rawRequest } from '../test/raw-request'
import { walkRoutes, type WalkedRoute } from '../test/route-walk'
import { openSocket } from '../test/socket-client'
import { databaseKinds, startTestServer, type TestServer } from '../test/test-server'

// Valid bodies of the public and sign-in writes: the fuzz breaks one field at a time, so the
// bad value gets past the obvious checks and reaches deep into the route.
const trialRequest = {
  firstName: 'Fuzz',
  lastName: 'Tester',
  email: 'fuzz@example.com',
  plan: 'Starter Monthly',
  telegram: '@fuzz',
  whatsapp: '+441234567890',
}
const validBodies: Record<string, Record<string, unknown>> = {
  'POST /api/trial-requests': trialRequest,
  'POST /api/support-tickets': {
    customerName: 'Fuzz Tester',
    customerEmail: 'fuzz@example.com',
    subject: 'Help',
    description: 'It does not work',
    priority: 'medium',
  },
  'POST /api/chat-messages': {
    ticketId: '6f1c2f5e-7a3b-4d7e-9c1a-2b3c4d5e6f70',
    message: 'Hi',
    senderType: 'customer',
  },
  'POST /api/admin/login': { username: 'owner', password: 'whatever-password' },
}

const isFuzzed = (route: WalkedRoute) => route.isPublic || route.url.startsWith('/api/admin/')

describe.each(databaseKinds)('malformed input on %s', (kind) => {
  let server: TestServer
  let routes: WalkedRoute[]
  const sent: { what: string; status: number }[] = []

  beforeAll(async () => {
    // Each request from its own address, so rate limits do not stop the fuzz at the door.
    server = await startTestServer(kind, {
      env: { TRUST_PROXY: '1', SPORTS_API_BASE: 'http://127.0.0.1:9' },
    })
    routes = walkRoutes(server.app).filter(
      (route) => isFuzzed(route) && route.url.startsWith('/api/') && route.method !== 'HEAD',
    )
  })
  afterAll(() => server.close())

  async function send(method: string, path: string, body?: string) {
    const headers: Record<string, string> = {
      'x-forwarded-for': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
      origin: server.baseUrl,
    }
    if (body !== undefined) headers['content-type'] = 'application/json'
    const answer = await rawRequest(server.baseUrl, method, path, { headers, body })
    sent.push({
      what: `${method} ${path.slice(0, 80)} ${body?.slice(0, 60) ?? ''}`,
      status: answer.status,
    })
    return answer
  }

  it('answers every malformed body, parameter and query without a 5xx', async () => {
    for (const route of routes) {
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method)
      const hasParams = route.url.includes(':')
      for (const value of malformedUrlValues) {
        if (hasParams)
          await send(route.method, route.url.replace(/:\w+/g, value), hasBody ? '{}' : undefined)
        for (const key of [
          'limit',
          'cursor',
          'key',
          'ticketId',
          'q',
          'status',
          'scope',
          'lastOnly',
        ]) {
          await send(route.method, `${route.path}?${key}=${value}`, hasBody ? '{}' : undefined)
        }
      }
      if (!hasBody) continue
      for (const body of malformedBodies) await send(route.method, route.path, body)
      const valid = validBodies[`${route.method} ${route.url}`] ?? { name: 'x' }
      for (const field of Object.keys(valid)) {
        for (const value of malformedJsonValues) {
          const body = JSON.stringify({ ...valid, [field]: null }).replace(
            `"${field}":null`,
            `"${field}":${value}`,
          )
          await send(route.method, route.path, body)
        }
      }
    }
    for (const value of malformedUrlValues) await send('GET', `/blog/${value}`)
    expect(sent.length).toBeGreaterThanOrEqual(300)
    const serverErrors = sent.filter(({ status }) => status >= 500 || status === 0)
    expect(serverErrors).toEqual([])
  }, 300_000)

  it('answers a socket frame carrying NUL with an error frame, keeping the socket open', async () => {
    const socket = await openSocket(server.baseUrl)
    socket.send('{"type":"identify","role":"customer","key":"\\u0000"}')
    const refusal = await socket.waitFor((frame) => frame.type === 'error')
    expect(refusal).toMatchObject({
      message: 'key contains a control character that is not allowed',
    })
    socket.send({ type: 'identify', role: 'customer', key: '6f1c2f5e-7a3b-4d7e-9c1a-2b3c4d5e6f70' })
    await socket.waitFor((frame) => frame.type === 'auth:failed')
    socket.close()
  })

  it('names the field of a NUL character and stays healthy afterwards', async () => {
    const answer = await send(
      'POST',
      '/api/trial-requests',
      JSON.stringify({ ...trialRequest, firstName: 'a\u0000b' }),
    )
    expect(answer.status).toBe(400)
    expect(answer.json).toMatchObject({ issues: [{ path: 'firstName' }] })
    expect((await createClient(server.baseUrl).get('/api/health')).status).toBe(200)
    const accepted = await createClient(server.baseUrl, { 'x-forwarded-for': '10.9.9.9' }).post(
      '/api/trial-requests',
      {
        ...validBodies['POST /api/trial-requests'],
        email: 'after-fuzz@example.com',
        telegram: '@afterfuzz',
        whatsapp: '+441234567891',
        clientRequestId: undefined,
      },
    )
    expect(accepted.status).toBe(201)
  })
})
