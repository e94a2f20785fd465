import { describe, expect, it } from 'vitest'
import { openSocket } from '../test/socket-client'
import { postgresOnly, useAdminServer } from '../test/test-server'

type Case = { origin: string | ((baseUrl: string) => string); isSameSite: boolean }

// A write any signed-in admin may try: refused as cross-site with 403, or else read (a 400 for
// the missing fields), and the /ws handshake of the same admin under the same headers.
async function tryWrite(baseUrl: string, headers: Record<string, string>) {
  const response = await fetch(new URL('/api/admin/users', baseUrl), {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  })
  return { status: response.status, body: (await response.json()) as { message: string } }
}

async function tryHandshake(baseUrl: string, headers: Record<string, string>) {
  try {
    const socket = await openSocket(baseUrl, headers.cookie, headers)
    socket.close()
    return 'upgraded'
  } catch (error) {
    return (error as Error).message
  }
}

const sites: [string, Record<string, string>, Record<string, string>, [string, Case][]][] = [
  [
    'an https PUBLIC_URL',
    { PUBLIC_URL: 'https://shop.example' },
    {},
    [
      ['the right origin', { origin: 'https://shop.example', isSameSite: true }],
      [
        'the right origin with its default port',
        { origin: 'https://shop.example:443', isSameSite: true },
      ],
      ['the wrong scheme', { origin: 'http://shop.example', isSameSite: false }],
      ['the wrong port', { origin: 'https://shop.example:8443', isSameSite: false }],
      [
        'the address it listens on, not PUBLIC_URL',
        { origin: (baseUrl) => baseUrl, isSameSite: false },
      ],
      ['a null origin', { origin: 'null', isSameSite: false }],
    ],
  ],
  [
    'no PUBLIC_URL, behind a TLS proxy',
    { TRUST_PROXY: '1' },
    { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shop.example' },
    [
      ['the right origin', { origin: 'https://shop.example', isSameSite: true }],
      ['the wrong scheme', { origin: 'http://shop.example', isSameSite: false }],
      ['the wrong port', { origin: 'https://shop.example:8443', isSameSite: false }],
      ['a null origin', { origin: 'null', isSameSite: false }],
    ],
  ],
  [
    'no PUBLIC_URL, reached directly',
    {},
    {},
    [
      ['the right origin', { origin: (baseUrl) => baseUrl, isSameSite: true }],
      [
        'the wrong scheme',
        { origin: (baseUrl) => baseUrl.replace('http:', 'https:'), isSameSite: false },
      ],
      [
        'the wrong port',
        { origin: (baseUrl) => baseUrl.replace(/:\d+$/, ':1'), isSameSite: false },
      ],
      ['a null origin', { origin: 'null', isSameSite: false }],
    ],
  ],
]

describe.each(postgresOnly)('the same-origin check on %s', (kind) => {
  describe.each(sites)('with %s', (_, env, proxyHeaders, cases) => {
    const context = useAdminServer(kind, { env })

    function headersFor({ origin }: Case) {
      const { server, admin } = context
      return {
        ...proxyHeaders,
        cookie: admin.cookie!,
        origin: typeof origin === 'string' ? origin : origin(server.baseUrl),
      }
    }

    it.each(cases)('takes writes from %s only if it is the site', async (_, test) => {
      const { status, body } = await tryWrite(context.server.baseUrl, headersFor(test))
      if (test.isSameSite) {
        expect(status).toBe(400)
      } else {
        expect({ status, body }).toEqual({
          status: 403,
          body: { message: 'Cross-site request refused' },
        })
      }
    })

    it.each(cases)('opens an admin socket from %s only if it is the site', async (_, test) => {
      expect(await tryHandshake(context.server.baseUrl, headersFor(test))).toBe(
        test.isSameSite ? 'upgraded' : 'Unexpected server response: 403',
      )
    })
  })
})

// Without an Origin a browser still tells where a request comes from; other clients tell nothing.
const fetchSites: [string, Record<string, string>, boolean][] = [
  ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }, true],
  ['Sec-Fetch-Site none (typed by the user)', { 'sec-fetch-site': 'none' }, true],
  ['no Sec-Fetch-Site (not a browser)', {}, true],
  ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }, false],
  ['Sec-Fetch-Site same-site (a sibling subdomain)', { 'sec-fetch-site': 'same-site' }, false],
]

describe.each(postgresOnly)('a request without Origin on %s', (kind) => {
  const context = useAdminServer(kind, { env: { PUBLIC_URL: 'https://shop.example' } })

  it.each(fetchSites)('with %s is taken only from our site', async (_, fetchSite, isOurs) => {
    const { server, admin } = context
    const headers = { ...fetchSite, cookie: admin.cookie! }
    const { status } = await tryWrite(server.baseUrl, headers)
    expect(status).toBe(isOurs ? 400 : 403)
    expect(await tryHandshake(server.baseUrl, headers)).toBe(
      isOurs ? 'upgraded' : 'Unexpected server response: 403',
    )
  })
})
