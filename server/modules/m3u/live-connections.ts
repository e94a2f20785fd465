import { eq } from 'drizzle-orm'
import type { LineConnections } from '../../../common/line-watch'
import { m3uLines } from '../../db/schema/m3u-lines'
import type { PanelConnection } from './panel'
import { ledgerPanel, operationDeadline, type SupplierAccess } from './supplier-access'

/** The panel is asked who watches at most this often per process, whoever asks meanwhile. */
export const liveReadEveryMs = 60_000

type Reading = { readAt: Date; byLine: Map<string, PanelConnection[]> }
type ProcessReading = { last: Reading | null; triedAt: Date | null; reading: Promise<void> | null }

const readings = new WeakMap<SupplierAccess, ProcessReading>()

/** Asks the panel once: the reading replaces the last, or (no answer) the last stays. */
async function readPanel(access: SupplierAccess, state: ProcessReading) {
  if (!access.panel || !access.serverKey) return
  const panel = ledgerPanel(access, access.panel, { actor: 'system' })
  try {
    const connections = await panel.liveConnections(access.serverKey, operationDeadline(access))
    const byLine = new Map<string, PanelConnection[]>()
    for (const connection of connections) {
      byLine.set(connection.lineId, [...(byLine.get(connection.lineId) ?? []), connection])
    }
    state.last = { readAt: access.now(), byLine }
  } catch (error) {
    access.log.warn({ err: error }, 'Could not read live connections; the last reading stays')
  }
}

/**
 * This process's reading of who watches every line of ours: read from the panel when asked and
 * the last attempt is a minute old, once however many ask at the same time.
 */
async function currentReading(access: SupplierAccess): Promise<Reading | null> {
  let state = readings.get(access)
  if (!state) {
    state = { last: null, triedAt: null, reading: null }
    readings.set(access, state)
  }
  const now = access.now()
  const isDue = !state.triedAt || now.getTime() - state.triedAt.getTime() >= liveReadEveryMs
  if (isDue && !state.reading) {
    state.triedAt = now
    const current = state
    state.reading = readPanel(access, current).finally(() => (current.reading = null))
  }
  await state.reading
  return state.last
}

/**
 * Who watches a person's line now, newest first; null when the person has no line. The screens
 * are the line's plan's, else what the panel holds, else one.
 */
export async function personConnections(
  access: SupplierAccess,
  personId: string,
): Promise<LineConnections | null> {
  const [line] = await access.db
    .select({
      supplierId: m3uLines.supplierId,
      maxConnections: m3uLines.maxConnections,
      panelMaxConnections: m3uLines.panelMaxConnections,
    })
    .from(m3uLines)
    .where(eq(m3uLines.trialRequestId, personId))
  if (!line) return null
  const reading = await currentReading(access)
  const connections = (line.supplierId && reading?.byLine.get(line.supplierId)) || []
  return {
    readAt: reading?.readAt.toISOString() ?? null,
    maxConnections: line.maxConnections ?? line.panelMaxConnections ?? 1,
    connections: [...connections]
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())
      .map(({ stream, player, ip, country, startedAt }) => ({
        stream,
        player,
        ip,
        country,
        startedAt: startedAt.toISOString(),
      })),
  }
}
