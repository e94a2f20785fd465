import type { DriftKind, PanelLineState } from '../../../common/person-lines'
import { isOrderLine, type PanelLine } from './panel'

/** One of our lines as the reconciliation compares it. */
export type OurLine = {
  id: string
  supplierId: string
  username: string | null
  expiresAt: Date | null
  isEnabled: boolean
  /** A change waits to be pushed: the panel is about to change, not out of step. */
  isPending: boolean
}

export type FoundDrift = {
  lineId: string | null
  panelLineId: string | null
  username: string
  kind: DriftKind
  ours: PanelLineState | null
  panel: PanelLineState | null
}

// The panel keeps whole seconds.
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null)

const stateOf = (line: { expiresAt: Date | null; isEnabled: boolean }): PanelLineState => ({
  expiresAt: line.expiresAt?.toISOString() ?? null,
  isEnabled: line.isEnabled,
})

/** The panel's line for each of ours (by our id): by the panel's id, failing that by username. */
export function matchLines(ours: OurLine[], panelLines: PanelLine[]): Map<string, PanelLine> {
  const byId = new Map(panelLines.map((line) => [line.id, line]))
  const byUsername = new Map(panelLines.map((line) => [line.username, line]))
  const seen = new Map<string, PanelLine>()
  for (const line of ours) {
    const found =
      byId.get(line.supplierId) ?? (line.username ? byUsername.get(line.username) : undefined)
    if (found) seen.set(line.id, found)
  }
  return seen
}

/** One of our lines the panel has no id of yet for us: being created, or checking with it. */
export type UnmadeLine = { id: string; username: string; password: string | null; notes: string }

/**
 * The panel's lines that are ours but not yet recorded made (by our line's id): same username and
 * the order's password or notes. They are not unknown to us; the retry job records them.
 */
export function matchUnmade(unmade: UnmadeLine[], panelLines: PanelLine[]) {
  const byUsername = new Map(panelLines.map((line) => [line.username, line]))
  const held = new Map<string, PanelLine>()
  for (const line of unmade) {
    const found = byUsername.get(line.username) ?? null
    if (isOrderLine(found, { password: line.password ?? '', notes: line.notes })) {
      held.set(line.id, found)
    }
  }
  return held
}

/**
 * Where our lines and the panel's differ: a line matched by the panel's id (or, failing that, by
 * username) whose expiry or enabled state differs; ours missing on the panel; the panel's unknown
 * here (but for those `unmade`: ours, not recorded made yet). A line with a change still to push
 * is compared only for being there.
 */
export function findDrift(
  ours: OurLine[],
  panelLines: PanelLine[],
  seen: Map<string, PanelLine> = matchLines(ours, panelLines),
  unmade: Map<string, PanelLine> = new Map(),
): FoundDrift[] {
  const matched = new Set([...unmade.values()].map((line) => line.id))
  const drift: FoundDrift[] = []

  for (const line of ours) {
    const found = seen.get(line.id)
    const username = line.username ?? found?.username ?? line.supplierId
    const entry = { lineId: line.id, username, ours: stateOf(line) }
    if (!found) {
      drift.push({ ...entry, panelLineId: line.supplierId, kind: 'missing_on_panel', panel: null })
      continue
    }
    matched.add(found.id)
    if (line.isPending) continue
    const panel = { panelLineId: found.id, panel: stateOf(found) }
    if (line.expiresAt && seconds(line.expiresAt) !== seconds(found.expiresAt)) {
      drift.push({ ...entry, ...panel, kind: 'expiry' })
    }
    if (line.isEnabled !== found.isEnabled) drift.push({ ...entry, ...panel, kind: 'enabled' })
  }

  for (const line of panelLines) {
    if (matched.has(line.id)) continue
    drift.push({
      lineId: null,
      panelLineId: line.id,
      username: line.username,
      kind: 'unknown_on_panel',
      ours: null,
      panel: stateOf(line),
    })
  }
  return drift
}
