/**
 * Sharing signals at scale: 20,000 of our lines on the fake XUI.ONE panel and 100,000 entries in
 * its activity log over the last day (one line in ten watched from seven networks), read through
 * the reseller API by the real reading rounds into a throwaway PostgreSQL (or BENCH_DATABASE_URL's
 * server), storing each entry once and computing every line's flags. Prints the time of the read
 * with its flags, and of computing the flags alone again.
 * Target (issue 45): under 10 s. It exits non-zero when the read and flags miss it.
 *
 *   [BENCH_LINES=20000 BENCH_ENTRIES=100000] npx tsx bench/line-sharing/run.ts
 */
import { count } from 'drizzle-orm'
import { lineActivity } from '../../server/db/schema/line-activity'
import { m3uLines } from '../../server/db/schema/m3u-lines'
import { readActivityRound } from '../../server/modules/m3u/activity-read'
import { computeSharing } from '../../server/modules/m3u/line-sharing'
import { createXuiPanel } from '../../server/modules/m3u/xui-panel'
import type { SupplierAccess } from '../../server/modules/m3u/supplier-access'
import { startFakeSupplier } from '../../server/test/fake-supplier'
import type { ScriptedActivity } from '../../server/test/fake-panel-activity'
import { withPostgresBench } from '../lib/postgres-bench'

const lineCount = Number(process.env.BENCH_LINES ?? 20_000)
const entryCount = Number(process.env.BENCH_ENTRIES ?? 100_000)
const targetS = 10
const hour = 60 * 60 * 1000

const seconds = (since: number) => (performance.now() - since) / 1000

await withPostgresBench(async ({ app }) => {
  const supplier = await startFakeSupplier()
  try {
    const usernames = Array.from({ length: lineCount }, (_, index) => `slbench${index}`)
    supplier.makeOnPanel(usernames)
    const panelLines = supplier.lines
    for (let at = 0; at < panelLines.length; at += 1000) {
      await app.db.insert(m3uLines).values(
        panelLines.slice(at, at + 1000).map((line) => ({
          supplierId: line.id,
          username: line.username,
          subscriptionType: 1,
          packageId: '1',
          m3uUrl: `${supplier.origin}/get.php?username=${line.username}`,
          maxConnections: 2,
        })),
      )
    }
    // Whole seconds, as the panel keeps them; every entry ended within the last day.
    const now = Math.floor(Date.now() / 1000) * 1000
    const entries: ScriptedActivity[] = Array.from({ length: entryCount }, (_, index) => {
      const line = panelLines[index % panelLines.length]!
      const lineIndex = index % panelLines.length
      const visit = Math.floor(index / panelLines.length)
      // One line in ten is watched from a new network on every visit; the others from home.
      const isShared = lineIndex % 10 === 0
      const ip = isShared
        ? `10.${visit}.${lineIndex % 250}.${(lineIndex >> 8) % 250}`
        : `192.168.${lineIndex % 250}.${(lineIndex >> 8) % 250}`
      const endedAt = new Date(now - ((index * 7919) % (20 * hour)))
      return {
        lineId: line.id,
        ip,
        country: 'DE',
        userAgent: 'TiviMate/4.7.0',
        startedAt: new Date(endedAt.getTime() - hour),
        endedAt,
      }
    })
    supplier.viewers.addActivity(entries)

    const access: SupplierAccess = {
      db: app.db,
      panel: createXuiPanel({ apiUrl: supplier.apiUrl, timeoutMs: 30_000 }),
      serverKey: supplier.apiKey,
      timeoutMs: 30_000,
      passwordSecret: async () => 'bench',
      now: () => new Date(),
      log: app.log,
      bus: app.bus,
    }
    const readStart = performance.now()
    let read = 0
    let flagged = 0
    for (;;) {
      const round = await readActivityRound(access)
      if (!round) throw new Error('Another reader holds the lease')
      if (round.error) throw new Error(round.error)
      read += round.entries
      flagged = round.flagged
      if (round.entries === 0 || read >= entryCount) break
    }
    const readS = seconds(readStart)
    const [{ stored } = { stored: 0 }] = await app.db.select({ stored: count() }).from(lineActivity)
    const computeStart = performance.now()
    await computeSharing(app.db, new Date())
    const computeS = seconds(computeStart)

    console.log(
      `Read ${read.toLocaleString('en')} activity-log entries for ${lineCount.toLocaleString('en')} lines ` +
        `(${Number(stored).toLocaleString('en')} stored), ${flagged.toLocaleString('en')} lines flagged likely shared`,
    )
    console.log(`Read, stored and flagged in ${readS.toFixed(2)} s (target < ${targetS} s)`)
    console.log(`Flags computed again alone in ${computeS.toFixed(2)} s`)
    if (readS >= targetS) process.exitCode = 1
  } finally {
    await supplier.close()
  }
})
