import { and, eq, inArray, notInArray } from 'drizzle-orm'
import type { DriftKind } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { findDrift } from './drift-compare'
import { saveDrift } from './drift-store'
import type { M3uLineRow } from './line-changes'
import type { PanelHeld } from './line-events'
import type { PanelLine } from './panel'

/** What the panel holds of a line, as it answered get_line. */
export const heldOf = (line: PanelLine): PanelHeld => ({
  expiresAt: line.expiresAt,
  isEnabled: line.isEnabled,
  isTrial: line.isTrial,
  password: line.password,
  maxConnections: line.maxConnections,
})

// The kinds one line's read-back can show; `unknown_on_panel` is a listing's, never a line's.
const lineKinds: DriftKind[] = ['expiry', 'enabled', 'missing_on_panel']

/**
 * Marks at once where the panel's word on a line, read back after a change (null: it holds none),
 * differs from ours, as the next sync would; and clears the line's marks it no longer bears out.
 * A line with a newer change still to push is not compared: the panel is about to change.
 */
export async function markLineDrift(tx: Db, line: M3uLineRow, read: PanelLine | null, now: Date) {
  const ours = {
    id: line.id,
    supplierId: line.supplierId!,
    username: line.username,
    expiresAt: line.expiresAt,
    isEnabled: line.isEnabled,
    isPending: line.revision > line.pushedRevision,
  }
  const found = findDrift([ours], read ? [read] : [])
  const kinds = found.map((drift) => drift.kind)
  await tx
    .delete(supplierDrift)
    .where(
      and(
        eq(supplierDrift.lineId, line.id),
        inArray(supplierDrift.kind, lineKinds),
        kinds.length ? notInArray(supplierDrift.kind, kinds) : undefined,
      ),
    )
  await saveDrift(tx, found, now)
}
