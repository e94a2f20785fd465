/**
 * Public reads at speed: requests per second of the built server for the plans, the blog list,
 * the sports events and the landing HTML, each next to a bare node:http server sending the same
 * bytes (captured from ours first) in the same run, on PGlite and on PostgreSQL; how long the
 * landing takes when made anew after an admin's change; then what the landing page's scripts
 * and stylesheets weigh on the wire. Prints PASS/FAIL against the targets.
 *
 *   npx tsx bench/public/run.ts                   the build in this checkout (npm run build)
 *   npx tsx bench/public/run.ts --root ../other   another checkout's build, e.g. a baseline
 */
import autocannon from 'autocannon'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import pg from 'pg'
import { leagues } from '../../common/sports'
import { decodedBody, getEncoded } from '../../server/test/encoded-get'
import { fakeEvent, startFakeSportsApi } from '../../server/test/fake-sports-api'
import { freePort } from '../../server/test/free-port'
import { createClient } from '../../server/test/http-client'
import { startPostgresCluster } from '../../server/test/postgres-cluster'
import { stopServerProcess, waitForHealth } from '../../server/test/server-process'
import { benchOwner, benchRoot, startBenchServer } from '../lib/bench-server'
import { htmlReferences, landingDownloads } from '../lib/landing-assets'
import { printTable } from '../lib/measure'
import type { CapturedAnswer } from './bare-server'

const root = benchRoot()
// Issue 12: each public read at least half a bare server's rate; the landing's downloads.
const targets = { ratio: 0.5, jsBytes: 100_000, cssBytes: 20_000 }
const routes = {
  '/api/plans': '/api/plans',
  'blog list': '/api/blog-posts?published=true&limit=24',
  '/api/sports/events': '/api/sports/events?scope=landing',
  'landing HTML': '/',
}
// What a browser sends; the bare server answers whatever ours answered to it.
const requestHeaders = { 'accept-encoding': 'gzip, deflate, br, zstd' }
const connections = 32
const rounds = 7
const roundSeconds = 1.5
const remadeSamples = 15

/** Requests per second over `amount` requests at fixed concurrency; any failure stops the run. */
async function rate(url: string, amount: number): Promise<number> {
  // A run ends on a sampling tick (1 s by default): a short one keeps the timing exact.
  const result = await autocannon({
    url,
    connections,
    amount,
    headers: requestHeaders,
    sampleInt: 10,
  })
  const failed = result.errors + result.timeouts + result.non2xx
  if (failed > 0) throw new Error(`${url}: ${failed} of ${result.requests.total} requests failed`)
  return result.requests.total / result.duration
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** Ours and the bare server in alternating rounds, so that a busy machine slows both alike. */
async function compare(ours: string, bare: string) {
  // Warm-up, and a probe that sizes each round to about `roundSeconds`.
  const probe = Math.max(await rate(ours, 500), await rate(bare, 500))
  const amount = Math.min(50_000, Math.max(1000, Math.round(probe * roundSeconds)))
  const results = { ours: [] as number[], bare: [] as number[] }
  for (let i = 0; i < rounds; i++) {
    // Who goes first alternates: a busy moment early in a round then hits each side alike.
    const order = i % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const)
    for (const side of order) results[side].push(await rate(side === 'ours' ? ours : bare, amount))
  }
  return { ours: median(results.ours), bare: median(results.bare) }
}

async function startBareServer(answers: CapturedAnswer[]) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bare-'))
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers))
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/public/bare-server.ts', join(dir, 'answers.json'), String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await new Promise((resolve) => child.stdout.once('data', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      child.kill()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

// Varied words, so that the posts compress like prose rather than like one repeated line.
const vocabulary = (
  'match league stream goal season final replay channel kickoff studio highlight fixture ' +
  'derby playoff coach keeper striker referee stadium broadcast weekend tonight screen device ' +
  'family plan trial picture sound subtitle schedule preview interview analysis'
).split(' ')
let seed = 7
const words = (count: number) =>
  Array.from({ length: count }, () => {
    seed = (seed * 48271) % 2147483647
    return vocabulary[seed % vocabulary.length]
  }).join(' ')

type AdminClient = ReturnType<typeof createClient>

async function seedPosts(admin: AdminClient) {
  for (let i = 1; i <= 24; i++) {
    await admin.post('/api/blog-posts', {
      title: `Streaming guide ${i}: ${words(4)}`,
      excerpt: words(20),
      content: `${words(150)}\n${words(150)}`,
      tags: ['guides', 'sports'],
      published: true,
    })
  }
}

/**
 * The landing for the visitor who asks first after an admin's change (the server renders and
 * compresses it) and for one a moment later, once its smallest brotli copy has been made in the
 * background: median ms and bytes on the wire. A draft post forgets the pages showing posts
 * without changing what they show.
 */
async function landingRemade(baseUrl: string, admin: AdminClient) {
  const timed = async () => {
    const start = performance.now()
    const { body } = await getEncoded(`${baseUrl}/`, requestHeaders)
    return { ms: performance.now() - start, bytes: body.length }
  }
  const first: { ms: number; bytes: number }[] = []
  const later: { ms: number; bytes: number }[] = []
  for (let i = 1; i <= remadeSamples; i++) {
    const draft = { title: `Draft ${i}`, excerpt: words(20), content: words(150), tags: [] }
    const { status } = await admin.post('/api/blog-posts', { ...draft, published: false })
    if (status !== 201) throw new Error(`creating a draft answered ${status}`)
    const made = await timed()
    first.push(made)
    let kept = await timed()
    for (let tries = 0; kept.bytes >= made.bytes && tries < 100; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
      kept = await timed()
    }
    later.push(await timed())
  }
  const medianOf = (samples: typeof first, key: 'ms' | 'bytes') =>
    median(samples.map((sample) => sample[key]))
  return {
    first: { ms: medianOf(first, 'ms'), bytes: medianOf(first, 'bytes') },
    later: { ms: medianOf(later, 'ms'), bytes: medianOf(later, 'bytes') },
  }
}

/**
 * The landing's scripts and stylesheets as they travel, compressed or not; a stylesheet inlined
 * in the HTML counts as its brotli copy would.
 */
async function landingWire(baseUrl: string) {
  const page = decodedBody(await getEncoded(`${baseUrl}/`, requestHeaders)).toString('utf8')
  const inlineCss = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(([, css]) => css).join('')
  const files = await landingDownloads(htmlReferences(page), async (path) => {
    const response = await getEncoded(`${baseUrl}/${path}`, requestHeaders)
    return { content: decodedBody(response), wire: response.body.length }
  })
  const total = (kind: string) =>
    files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.wire, 0)
  return { js: total('js'), css: total('css') + brotliCompressSync(inlineCss).length }
}

async function measure(label: string, env: Record<string, string>) {
  const { server, baseUrl } = await startBenchServer(env, 'built', root)
  let bare: Awaited<ReturnType<typeof startBareServer>> | null = null
  try {
    await waitForHealth(baseUrl, server)
    const admin = createClient(baseUrl)
    await admin.login(benchOwner.username, benchOwner.password)
    await seedPosts(admin)
    const captured: CapturedAnswer[] = []
    for (const path of Object.values(routes)) {
      const response = await getEncoded(`${baseUrl}${path}`, requestHeaders)
      const headers = Object.fromEntries(
        Object.entries(response.headers).filter(
          ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
        ),
      ) as Record<string, string>
      headers['content-length'] = String(response.body.length)
      const body = response.body.toString('base64')
      captured.push({ path, status: response.status, headers, body })
    }
    bare = await startBareServer(captured)
    const rows: string[][] = []
    let isOk = true
    for (const [name, path] of Object.entries(routes)) {
      const result = await compare(`${baseUrl}${path}`, `${bare.url}${path}`)
      const ratio = result.ours / result.bare
      isOk &&= ratio >= targets.ratio
      const bytes = captured.find((answer) => answer.path === path)!.headers['content-length']!
      rows.push([
        name,
        `${bytes} B`,
        result.ours.toFixed(0),
        result.bare.toFixed(0),
        `${ratio.toFixed(2)}×`,
        ratio >= targets.ratio ? 'PASS' : 'FAIL',
      ])
    }
    console.log(`\n${label}: requests/s, ${connections} connections, median of ${rounds} rounds\n`)
    printTable(
      ['route', 'on the wire', 'ours', 'bare node:http', 'ratio', `≥ ${targets.ratio}×`],
      rows,
    )
    const { first, later } = await landingRemade(baseUrl, admin)
    console.log(
      `\nLanding HTML after an admin's change, median of ${remadeSamples}: the first visitor ` +
        `${first.ms.toFixed(1)} ms (${first.bytes} B), a later one ${later.ms.toFixed(1)} ms ` +
        `(${later.bytes} B)`,
    )
    return { isOk, wire: await landingWire(baseUrl) }
  } finally {
    bare?.stop()
    await stopServerProcess(server)
  }
}

const sportsApi = await startFakeSportsApi()
for (const league of Object.values(leagues)) {
  const events = Array.from({ length: 5 }, (_, i) =>
    fakeEvent(
      `${league.id}${i}`,
      league.name,
      new Date(Date.now() + i * 86_400_000).toISOString().slice(0, 10),
    ),
  )
  sportsApi.leagues.set(league.id, { events })
}
const common = { SPORTS_API_BASE: sportsApi.baseUrl }
const dataDir = mkdtempSync(join(tmpdir(), 'bench-public-'))
const cluster = await startPostgresCluster()
try {
  console.log(
    `Server: ${root}/dist/server/main.js; load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  const onPglite = await measure('PGlite', { ...common, DATA_DIR: dataDir })
  const admin = new pg.Client(cluster.adminUrl)
  await admin.connect()
  await admin.query('create database bench_public')
  await admin.end()
  const databaseUrl = cluster.adminUrl.replace(/\/postgres$/, '/bench_public')
  const onPostgres = await measure('PostgreSQL', { ...common, DATABASE_URL: databaseUrl })

  const { js, css } = onPglite.wire
  const within = (bytes: number, limit: number) => (bytes <= limit ? 'PASS' : 'FAIL')
  console.log('\nLanding (/) downloads on the wire, as a browser asks (brotli when offered)\n')
  printTable(
    ['kind', 'bytes', 'target', ''],
    [
      [
        'JavaScript',
        `${(js / 1000).toFixed(1)} kB`,
        `≤ ${targets.jsBytes / 1000} kB`,
        within(js, targets.jsBytes),
      ],
      [
        'CSS',
        `${(css / 1000).toFixed(1)} kB`,
        `≤ ${targets.cssBytes / 1000} kB`,
        within(css, targets.cssBytes),
      ],
    ],
  )
  const isOk = onPglite.isOk && onPostgres.isOk && js <= targets.jsBytes && css <= targets.cssBytes
  console.log(`\n${isOk ? 'PASS' : 'FAIL'}`)
  process.exitCode = isOk ? 0 : 1
} finally {
  await cluster.stop()
  await sportsApi.close()
  rmSync(dataDir, { recursive: true, force: true })
}
