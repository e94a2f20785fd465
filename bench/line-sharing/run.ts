/**
 * Sharing signals at scale: 20,000 of our lines on the fake XUI.ONE panel and 100,000 entries in
 * its activity log over the last day (one line in ten watched from seven networks), read through
 * the reseller API by the real reading rounds into a throwaway PostgreSQL (or BENCH_DATABASE_URL's
 * server), storing each entry once and computing every line's flags. Five runs (BENCH_RUNS), each
 * from an empty log; each run also times, as its baseline, reading the same pages from the panel
 * alone (nothing stored), and computing the flags alone again. Prints every run, the median and
 * the spread (fastest–slowest).
 * Target (issue 45): under 10 s. It exits non-zero when the median read with its flags misses it.
 *
 *   [BENCH_LINES=20000 BENCH_ENTRIES=100000 BENCH_RUNS=5] npx tsx bench/line-sharing/run.ts
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { count, sql } from 'drizzle-orm'
import { queryRows } from '../../server/db/client'
import { insertMany } from '../../server/db/insert-many'
import { lineActivity, lineActivityReads, lineSharing } from '../../server/db/schema/line-activity'
import { m3uLines } from '../../server/db/schema/m3u-lines'
import { readActivityRound } from '../../server/modules/m3u/activity-read'
import { computeSharing } from '../../server/modules/m3u/line-sharing'
import { createXuiPanel } from '../../server/modules/m3u/xui-panel'
import type { SupplierAccess } from '../../server/modules/m3u/supplier-access'
import { printTable } from '../lib/measure'
import { loadAverage, processCpuMs } from '../lib/process-cpu'
import { withPostgresBench } from '../lib/postgres-bench'

const lineCount = Number(process.env.BENCH_LINES ?? 20_000)
const entryCount = Number(process.env.BENCH_ENTRIES ?? 100_000)
const runs = Number(process.env.BENCH_RUNS ?? 5)
const targetS = 10
const day = 24 * 60 * 60 * 1000
const panelScript = new URL('./panel.ts', import.meta.url)

const seconds = (since: number) => (performance.now() - since) / 1000
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

/** The panel in a process of its own (panel.ts), as a real one runs elsewhere; once it listens. */
async function startPanelProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(panelScript)], {
    env: { ...process.env, BENCH_LINES: String(lineCount), BENCH_ENTRIES: String(entryCount) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  const [ready] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(([code]) => Promise.reject(new Error(`The bench's panel exited (${code})`))),
  ])) as [string]
  const { apiUrl, apiKey } = JSON.parse(ready) as { apiUrl: string; apiKey: string }
  const stop = async () => {
    child.stdin.end()
    await exited
  }
  return { pid: child.pid!, apiUrl, apiKey, stop }
}

const supplier = await startPanelProcess()
try {
  await withPostgresBench(async ({ app }) => {
    const panel = createXuiPanel({ apiUrl: supplier.apiUrl, timeoutMs: 30_000 })
    // Our lines are the panel's, read through its API as a sync reads them.
    const panelLines = await panel.listLines(supplier.apiKey)
    const origin = new URL(supplier.apiUrl).origin
    await insertMany(
      app.db,
      m3uLines,
      panelLines.map((line) => ({
        supplierId: line.id,
        username: line.username,
        subscriptionType: 1,
        packageId: '1',
        m3uUrl: `${origin}/get.php?username=${line.username}`,
        maxConnections: 2,
      })),
    )
    // Statistics, as autovacuum keeps them for lines that came over months rather than at once.
    await app.db.execute(sql`analyze ${m3uLines}`)

    const access: SupplierAccess = {
      db: app.db,
      panel,
      serverKey: supplier.apiKey,
      timeoutMs: 30_000,
      passwordSecret: async () => 'bench',
      now: () => new Date(),
      log: app.log,
      bus: app.bus,
    }

    /** Baseline: every page the rounds read, from the panel alone, nothing stored. */
    async function readPanelAlone() {
      const range = { fromDay: dayOf(Date.now() - 7 * day), toDay: dayOf(Date.now() + day) }
      let read = 0
      for (;;) {
        const page = await panel.activityLogs(supplier.apiKey, { ...range, start: read })
        read += page.entries.length
        if (page.isLast) return read
      }
    }

    /** The real rounds from an empty log until every entry is read: read, stored and flagged. */
    async function readRounds() {
      let read = 0
      let flagged = 0
      for (;;) {
        const round = await readActivityRound(access)
        if (!round) throw new Error('Another reader holds the lease')
        if (round.error) throw new Error(round.error)
        read += round.entries
        flagged = round.flagged
        if (round.entries === 0 || read >= entryCount) return { read, flagged }
      }
    }

    /** CPU seconds of this process (the app and its panel client share its thread). */
    const ownCpu = () => {
      const { user, system } = process.cpuUsage()
      return (user + system) / 1e6
    }
    /** CPU seconds of the database's backends serving this database (null when not on this machine). */
    async function databaseCpu() {
      const backends = await queryRows<{ pid: number }>(
        app.db,
        sql`select pid from pg_stat_activity where datname = current_database()`,
      )
      const used = backends.map(({ pid }) => [pid, processCpuMs(pid)] as const)
      return used.some(([, ms]) => ms === null) ? null : new Map(used as [number, number][])
    }
    /** Wall-clock and CPU seconds of `work`, the CPU less sensitive to what else runs. */
    async function timed<T>(work: () => Promise<T>) {
      const databaseBefore = await databaseCpu()
      const panelBefore = processCpuMs(supplier.pid) ?? NaN
      const ownBefore = ownCpu()
      const start = performance.now()
      const result = await work()
      const wall = seconds(start)
      const own = ownCpu() - ownBefore
      const panelProcess = ((processCpuMs(supplier.pid) ?? NaN) - panelBefore) / 1000
      const databaseAfter = await databaseCpu()
      const database =
        databaseBefore && databaseAfter
          ? [...databaseAfter].reduce(
              (sum, [pid, ms]) => sum + ms - (databaseBefore.get(pid) ?? 0),
              0,
            ) / 1000
          : NaN
      return { result, wall, own, database, panel: panelProcess }
    }

    const forget = () =>
      app.db.execute(sql`truncate ${lineActivity}, ${lineSharing}, ${lineActivityReads}`)

    const rows: string[][] = []
    const measured = { panel: [] as number[], rounds: [] as number[], flags: [] as number[] }
    const cpu = { own: [] as number[], database: [] as number[], panel: [] as number[] }
    let last = { read: 0, flagged: 0, stored: 0 }
    for (let run = 1; run <= runs; run++) {
      await forget()
      const panel = await timed(readPanelAlone)
      const rounds = await timed(readRounds)
      const flags = await timed(() => computeSharing(app.db, new Date()))
      const [{ stored } = { stored: 0 }] = await app.db
        .select({ stored: count() })
        .from(lineActivity)
      const { read, flagged } = rounds.result
      if (panel.result !== entryCount || read !== entryCount || stored !== entryCount) {
        throw new Error(`Run ${run} read ${panel.result} / ${read} and stored ${stored} entries`)
      }
      last = { read, flagged, stored }
      measured.panel.push(panel.wall)
      measured.rounds.push(rounds.wall)
      measured.flags.push(flags.wall)
      cpu.own.push(rounds.own)
      cpu.database.push(rounds.database)
      cpu.panel.push(rounds.panel)
      rows.push([
        String(run),
        panel.wall.toFixed(2),
        rounds.wall.toFixed(2),
        `${rounds.own.toFixed(2)} + ${rounds.database.toFixed(2)} + ${rounds.panel.toFixed(2)}`,
        flags.wall.toFixed(2),
        String(loadAverage() ?? ''),
      ])
    }

    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b)
      const middle = Math.floor(sorted.length / 2)
      return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
    }
    const spread = (values: number[]) =>
      `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`
    console.log(
      `${last.read.toLocaleString('en')} activity-log entries for ${lineCount.toLocaleString('en')} lines ` +
        `(${last.stored.toLocaleString('en')} stored), ${last.flagged.toLocaleString('en')} lines flagged likely shared, ` +
        `${runs} runs from an empty log\n`,
    )
    printTable(
      [
        'run',
        'baseline: panel pages alone (s)',
        'read, stored and flagged (s)',
        'its CPU: ours + database + panel (s)',
        'flags alone (s)',
        'load',
      ],
      [
        ...rows,
        [
          'median',
          median(measured.panel).toFixed(2),
          median(measured.rounds).toFixed(2),
          `${median(cpu.own).toFixed(2)} + ${median(cpu.database).toFixed(2)} + ${median(cpu.panel).toFixed(2)}`,
          median(measured.flags).toFixed(2),
          '',
        ],
        [
          'spread',
          spread(measured.panel),
          spread(measured.rounds),
          `${spread(cpu.own)} + ${spread(cpu.database)} + ${spread(cpu.panel)}`,
          spread(measured.flags),
          '',
        ],
      ],
    )
    const result = median(measured.rounds)
    console.log(
      `\nRead, stored and flagged: median ${result.toFixed(2)} s (target < ${targetS} s) ${result < targetS ? '✓' : '✗'}`,
    )
    if (result >= targetS) process.exitCode = 1
  })
} finally {
  await supplier.stop()
}
