import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { planTemplates } from '../../common/plans'
import { webDistDir } from '../lib/app-root'
import { seedPlanTemplates } from '../modules/plans/plans.service'
import { decodedBody, getEncoded, type EncodedResponse } from '../test/encoded-get'
import { createClient } from '../test/http-client'
import { postgresOnly, owner, startTestServer, type TestServer } from '../test/test-server'

// Pages render from this shell whether or not the web app is built.
const pageTemplate =
  '<!doctype html><html><head><!--head--></head><body><div id="root"></div></body></html>'
const browser = 'gzip, deflate, br, zstd'
const indexPath = join(webDistDir, 'index.html')
const hasBuild = existsSync(indexPath)

describe.each(postgresOnly)('compressed answers on %s', (kind) => {
  let server: TestServer
  let adminCookie: string
  beforeAll(async () => {
    server = await startTestServer(kind, { pageTemplate })
    await seedPlanTemplates(server.app.db, planTemplates)
    const admin = createClient(server.baseUrl)
    await admin.login(owner.username, owner.password)
    adminCookie = admin.cookie!
  })
  afterAll(() => server.close())

  /** The same path asked plainly, for gzip and the way a browser asks. */
  async function inEachEncoding(path: string, headers: Record<string, string> = {}) {
    const url = `${server.baseUrl}${path}`
    const [plain, gzip, br] = await Promise.all([
      getEncoded(url, headers),
      getEncoded(url, { ...headers, 'accept-encoding': 'gzip' }),
      getEncoded(url, { ...headers, 'accept-encoding': browser }),
    ])
    return { plain, gzip, br }
  }

  function expectSameBytes({ plain, gzip, br }: Record<string, EncodedResponse>) {
    expect(plain!.status).toBe(200)
    expect(plain!.headers['content-encoding']).toBeUndefined()
    expect(gzip!.headers['content-encoding']).toBe('gzip')
    expect(br!.headers['content-encoding']).toBe('br')
    for (const compressed of [gzip!, br!]) {
      expect(compressed.headers.vary).toContain('accept-encoding')
      expect(compressed.body.length).toBeLessThan(plain!.body.length)
      expect(decodedBody(compressed).equals(plain!.body)).toBe(true)
    }
  }

  it.each([
    ['public plans, kept in memory', '/api/plans'],
    ['the landing HTML', '/'],
  ])('sends %s in gzip and brotli that decode to the plain bytes', async (_, path) => {
    const answers = await inEachEncoding(path)
    expect(answers.plain.body.length).toBeGreaterThan(1024)
    expectSameBytes(answers)
    // Whatever the encoding, caches must tell the answers apart, and the policy still applies.
    expect(answers.plain.headers.vary).toContain('accept-encoding')
    expect(answers.br.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it.each(['/', '/api/plans'])(
    'sends %s in fewer bytes once its smallest brotli copy is made, decoding the same',
    async (path) => {
      const url = `${server.baseUrl}${path}`
      const asBrowser = () => getEncoded(url, { 'accept-encoding': browser })
      // An admin's change: the next visitor gets it made anew, with the quick copy.
      await server.app.publicContent.changed('plans')
      const quick = await asBrowser()
      await expect
        .poll(async () => (await asBrowser()).body.length, { timeout: 10_000 })
        .toBeLessThan(quick.body.length)
      const smallest = await asBrowser()
      expect(smallest.headers['content-encoding']).toBe('br')
      expect(smallest.headers['content-length']).toBe(String(smallest.body.length))
      expect(smallest.headers.etag).toBe(quick.headers.etag)
      expect(decodedBody(smallest).equals(decodedBody(quick))).toBe(true)
    },
  )

  it('compresses an admin list on the fly', async () => {
    const answers = await inEachEncoding('/api/plans', { cookie: adminCookie })
    expectSameBytes(answers)
    expect(answers.br.headers['content-security-policy']).toContain("script-src 'self'")
  })

  it('sends small bodies and 304s as they are', async () => {
    const health = await getEncoded(`${server.baseUrl}/api/health`, { 'accept-encoding': browser })
    expect(health.status).toBe(200)
    expect(health.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' })

    const plans = await getEncoded(`${server.baseUrl}/api/plans`, { 'accept-encoding': browser })
    const notModified = await getEncoded(`${server.baseUrl}/api/plans`, {
      'accept-encoding': browser,
      'if-none-match': plans.headers.etag!,
    })
    expect(notModified.status).toBe(304)
    expect(notModified.headers['content-encoding']).toBeUndefined()
    expect(notModified.body.length).toBe(0)
  })

  // `npm test` builds before the unit tests; without a build this fails rather than skips.
  it('sends built files precompressed, cached for a year', async () => {
    expect(hasBuild, 'dist/web is missing: run `npm run build` first').toBe(true)
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(
      readFileSync(indexPath, 'utf8'),
    )![1]!
    const onDisk = (suffix = '') => readFileSync(join(webDistDir, `${script}${suffix}`))
    const answers = await inEachEncoding(script)
    expectSameBytes(answers)
    expect(answers.plain.body.equals(onDisk())).toBe(true)
    // The build's copies go out as they are: nothing is compressed per request.
    expect(answers.br.body.equals(onDisk('.br'))).toBe(true)
    expect(answers.gzip.body.equals(onDisk('.gz'))).toBe(true)
    for (const answer of Object.values(answers)) {
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(answer.headers.vary).toContain('accept-encoding')
    }
    // The copies are not files of the site in their own right.
    expect((await getEncoded(`${server.baseUrl}${script}.br`)).status).toBe(404)
  })
})
