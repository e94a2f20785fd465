/**
 * Business Center at scale: seeds 1,000,000 trial requests into PostgreSQL, then prints p50/p95
 * of the list page, searches, a status filter and revenue analytics over HTTP, next to the health
 * check measured in the same run as a baseline.
 *
 *   npx tsx bench/admin-scale/run.ts            (starts a throwaway PostgreSQL)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/admin-scale/run.ts
 */
import pg from 'pg'
import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/client'
import { bootstrapAdmin } from '../../server/modules/admins/bootstrap-admin'
import { createClient } from '../../server/test/http-client'
import { startPostgresCluster } from '../../server/test/postgres-cluster'
import { measure, ms, printTable } from '../lib/measure'
import { seedTrialRequests } from './seed'

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000)
const targets = { list: 50, analytics: 100 }
const owner = { username: 'bench', password: 'measured-quietly-2026' }

const cluster = process.env.BENCH_DATABASE_URL ? null : await startPostgresCluster()
const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster!.adminUrl
const name = `bench_${Date.now()}`
const admin = new pg.Client(adminUrl)
await admin.connect()
await admin.query(`create database ${name}`)
const url = new URL(adminUrl)
url.pathname = `/${name}`

try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    ADMIN_USERNAME: owner.username,
    ADMIN_PASSWORD: owner.password,
  })
  const database = await openDatabase(config.database)
  const app = await buildApp({ config, database })
  await bootstrapAdmin(app.db, config, app.log)

  const seedStart = performance.now()
  await seedTrialRequests(app.db, rows)
  console.log(
    `Seeded ${rows.toLocaleString('en')} trial requests in ${((performance.now() - seedStart) / 1000).toFixed(0)} s\n`,
  )

  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  const client = createClient(baseUrl)
  await client.login(owner.username, owner.password)
  const get = (path: string) => async () => {
    const response = await client.get(path)
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`)
  }

  const cases: [string, string, number | null][] = [
    ['baseline: health check', '/api/health', null],
    ['list, first page', '/api/trial-requests?limit=50', targets.list],
    ['list, page 100 (cursor)', '', targets.list],
    ['search: one person by email', '/api/trial-requests/search?q=user123457%40', targets.list],
    ['search: subscription id', '/api/trial-requests/search?q=sub-0001e241', targets.list],
    ['search: common text', '/api/trial-requests/search?q=example', targets.list],
    ['search: 1 in 1000 (telegram)', '/api/trial-requests/search?q=%40tg4000', targets.list],
    ['filter: expired', '/api/trial-requests?status=expired&limit=50', targets.list],
    ['stat cards', '/api/trial-requests/stats', targets.list],
    ['revenue analytics', '/api/revenue-analytics', targets.analytics],
  ]
  // A deep page: follow the cursor 99 times, then measure the 100th page.
  let cursor: string | null = null
  for (let page = 0; page < 99; page++) {
    const response: { headers: Headers } = await client.get(
      `/api/trial-requests?limit=50${cursor ? `&cursor=${cursor}` : ''}`,
    )
    cursor = response.headers.get('x-next-cursor')
  }
  cases[2]![1] = `/api/trial-requests?limit=50&cursor=${cursor}`

  const results: string[][] = []
  let baseline = 0
  let isOk = true
  for (const [label, path, target] of cases) {
    const { p50, p95 } = await measure(get(path), { runs: label.startsWith('revenue') ? 100 : 200 })
    if (target === null) baseline = p95
    const meets = target === null ? '' : p95 <= target ? `≤ ${target} ms ✓` : `> ${target} ms ✗`
    if (target !== null && p95 > target) isOk = false
    results.push([label, ms(p50), ms(p95), `${(p95 / baseline).toFixed(1)}×`, meets])
  }
  printTable(['endpoint', 'p50', 'p95', 'p95 vs baseline', 'target'], results)
  await app.close()
  await database.close()
  process.exitCode = isOk ? 0 : 1
} finally {
  await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
  await cluster?.stop()
}
