import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { notFound } from '../../lib/http-error'
import type { FoundDrift } from './drift-compare'

/**
 * Records differences found now (by a sync or a line's read-back), one row per kind and username:
 * a difference seen again keeps its first detection time and takes the newest values.
 */
export async function saveDrift(tx: Db, found: FoundDrift[], now: Date) {
  if (!found.length) return
  await tx
    .insert(supplierDrift)
    .values(found.map((drift) => ({ ...drift, detectedAt: now })))
    .onConflictDoUpdate({
      target: [supplierDrift.kind, supplierDrift.username],
      set: {
        lineId: sql`excluded.line_id`,
        panelLineId: sql`excluded.panel_line_id`,
        ours: sql`excluded.ours`,
        panel: sql`excluded.panel`,
      },
    })
}

/** A listed difference an admin acts on; gone (a sync or another admin settled it), a 404. */
export async function listedDrift(db: Db, driftId: string) {
  const [drift] = await db.select().from(supplierDrift).where(eq(supplierDrift.id, driftId))
  if (!drift)
    throw notFound('This difference is no longer listed. Sync again to see the current ones.')
  return drift
}
