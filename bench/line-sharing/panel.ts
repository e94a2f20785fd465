/**
 * The bench's supplier panel, in a process of its own as a real panel is on a machine of its own:
 * the fake XUI.ONE panel with BENCH_LINES lines of the reseller's and BENCH_ENTRIES activity-log
 * entries over the last day (one line in ten watched from a new network on every visit, the
 * others from home). Prints `{ apiUrl, apiKey }` as one line once it listens; runs until its
 * input closes (its parent ended).
 *
 *   Started by run.ts: node --import tsx bench/line-sharing/panel.ts
 */
import type { ScriptedActivity } from '../../server/test/fake-panel-activity'
import { startFakeSupplier } from '../../server/test/fake-supplier'

const lineCount = Number(process.env.BENCH_LINES)
const entryCount = Number(process.env.BENCH_ENTRIES)
const hour = 60 * 60 * 1000

const supplier = await startFakeSupplier()
supplier.makeOnPanel(Array.from({ length: lineCount }, (_, index) => `slbench${index}`))
const panelLines = supplier.lines
// Whole seconds, as the panel keeps them; every entry ended within the last day.
const now = Math.floor(Date.now() / 1000) * 1000
const entries: ScriptedActivity[] = Array.from({ length: entryCount }, (_, index) => {
  const lineIndex = index % panelLines.length
  const visit = Math.floor(index / panelLines.length)
  const isShared = lineIndex % 10 === 0
  const ip = isShared
    ? `10.${visit}.${lineIndex % 250}.${(lineIndex >> 8) % 250}`
    : `192.168.${lineIndex % 250}.${(lineIndex >> 8) % 250}`
  const endedAt = new Date(now - ((index * 7919) % (20 * hour)))
  return {
    lineId: panelLines[lineIndex]!.id,
    ip,
    country: 'DE',
    userAgent: 'TiviMate/4.7.0',
    startedAt: new Date(endedAt.getTime() - hour),
    endedAt,
  }
})
supplier.viewers.addActivity(entries)

console.log(JSON.stringify({ apiUrl: supplier.apiUrl, apiKey: supplier.apiKey }))
process.stdin.resume()
process.stdin.on('end', () => void supplier.close().then(() => process.exit(0)))
