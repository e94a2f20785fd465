/**
 * Business Center at scale: seeds 1,000,000 trial requests into PostgreSQL, then prints p50/p95
 * of the list page, searches, a status filter and revenue analytics over HTTP, next to the health
 * check measured in the same run as a baseline.
 *
 *   npx tsx bench/admin-scale/run.ts            (starts a throwaway PostgreSQL)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/admin-scale/run.ts
 */
import { measure, ms, printTable } from '../lib/measure'
import { withPostgresBench } from '../lib/postgres-bench'
import { seedTrialRequests } from './seed'

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000)
const targets = { list: 50, analytics: 100 }

await withPostgresBench(async ({ app, listen }) => {
  const seedStart = performance.now()
  await seedTrialRequests(app.db, rows)
  console.log(
    `Seeded ${rows.toLocaleString('en')} trial requests in ${((performance.now() - seedStart) / 1000).toFixed(0)} s\n`,
  )

  const { client, get } = await listen()

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
  process.exitCode = isOk ? 0 : 1
})
