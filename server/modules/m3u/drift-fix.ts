import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { notFound } from '../../lib/http-error'
import { changeLines, findLine } from './line-changes'
import type { CommitOutcome } from './line-outcome'
import { pushLine } from './line-push'
import { makeLineOnPanel } from './person-lines.service'
import { ledgerPanel, requireKey, requirePanel, type SupplierAccess } from './supplier-access'

type FixOptions = { apiKey?: string; actor: string; commit: CommitOutcome }

/** Whether the panel now holds ours; if not, why (the change stays recorded and is retried). */
export type FixResult = { isFixed: boolean; problem: string | null }

/**
 * Puts one difference right, ours → panel: our expiry and enabled state pushed again, our line
 * made again on the panel where it went missing, a line we do not know disabled there (one that
 * turns out to be ours is left alone).
 */
export async function putDriftRight(
  access: SupplierAccess,
  driftId: string,
  options: FixOptions,
): Promise<FixResult> {
  const panel = requirePanel(access)
  const key = requireKey(access, options.apiKey)
  const [drift] = await access.db.select().from(supplierDrift).where(eq(supplierDrift.id, driftId))
  if (!drift)
    throw notFound('This difference is no longer listed. Sync again to see the current ones.')
  const removeDrift = (tx: Db) => tx.delete(supplierDrift).where(eq(supplierDrift.id, driftId))

  if (drift.kind === 'unknown_on_panel') {
    // Listed before our line under that username was known made (created, or checking with the
    // panel): it is ours, and the retry job records it. Never disabled as a stranger's.
    if (await findLine(access.db, eq(m3uLines.username, drift.username))) {
      await options.commit(drift.id, removeDrift, { outcome: 'skipped' })
      return { isFixed: true, problem: null }
    }
    await ledgerPanel(access, panel, { actor: options.actor }).disableLine(key, drift.panelLineId!)
    await options.commit(drift.id, removeDrift, { outcome: 'completed' })
    return { isFixed: true, problem: null }
  }

  const lineId = drift.lineId!
  if (drift.kind === 'missing_on_panel') {
    // Made again under the same login: the intent is the line as we hold it, with no panel id.
    const [intent] = await access.db
      .update(m3uLines)
      .set({ supplierId: null, status: 'creating', claimedUntil: null, updatedAt: access.now() })
      .where(eq(m3uLines.id, lineId))
      .returning()
    if (!intent) throw notFound('This line no longer exists.')
    await makeLineOnPanel(access, intent, {
      ...options,
      apiKey: key,
      commit: (entityId, write, details) =>
        options.commit(
          entityId,
          async (tx) => {
            const made = await write(tx)
            await removeDrift(tx)
            return made
          },
          details,
        ),
    })
    return { isFixed: true, problem: null }
  }

  await access.db.transaction((tx) => changeLines(tx, eq(m3uLines.id, lineId), {}, access.now()))
  const { outcome, line } = await pushLine(access, lineId, { ...options, apiKey: key })
  if (outcome === 'pending') return { isFixed: false, problem: line.panelError }
  const current = await findLine(access.db, eq(m3uLines.id, lineId))
  return { isFixed: current?.pushedRevision === current?.revision, problem: null }
}
