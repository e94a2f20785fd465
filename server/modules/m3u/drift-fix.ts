import { eq } from 'drizzle-orm'
import type { DriftFixResult, DriftKeep } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { notFound } from '../../lib/http-error'
import { changeLines, findLine } from './line-changes'
import { listedDrift } from './drift-store'
import type { CommitOutcome } from './line-outcome'
import { pushLine } from './line-push'
import { keepPanelSide } from './drift-keep-panel'
import { makeLineOnPanel } from './person-lines.service'
import { ledgerPanel, requireKey, requirePanel, type SupplierAccess } from './supplier-access'

/**
 * Moves a paid subscription's end to the expiry its line keeps, in the caller's transaction:
 * `subscriptions`' command (followPanelExpiry), handed down by the app, since `subscriptions`
 * imports `m3u` and not the other way round (decision 0046).
 */
export type MoveSubscriptionEnd = (tx: Db, personId: string, end: Date, now: Date) => Promise<void>

export type FixOptions = {
  apiKey?: string
  actor: string
  commit: CommitOutcome
  moveSubscriptionEnd: MoveSubscriptionEnd
}

/** Whether the panel now holds ours; if not, why (the change stays recorded and is retried). */
export type FixResult = DriftFixResult

const fixed: FixResult = { isFixed: true, problem: null, subscriptionEnd: null }

/** Puts one difference right the way the admin chose: ours pushed, or the panel's kept here. */
export async function fixDrift(
  access: SupplierAccess,
  driftId: string,
  keep: DriftKeep,
  options: FixOptions,
): Promise<FixResult> {
  return keep === 'panel'
    ? keepPanelSide(access, driftId, options)
    : putDriftRight(access, driftId, options)
}

/**
 * Puts one difference right, ours → panel (`keep: 'ours'`): our expiry and enabled state pushed again, our line
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
  const drift = await listedDrift(access.db, driftId)
  const removeDrift = (tx: Db) => tx.delete(supplierDrift).where(eq(supplierDrift.id, driftId))
  const keptOurs = { kind: drift.kind, keep: 'ours' as const }

  if (drift.kind === 'unknown_on_panel') {
    // Listed before our line under that username was known made (created, or checking with the
    // panel): it is ours, and the retry job records it. Never disabled as a stranger's.
    if (await findLine(access.db, eq(m3uLines.username, drift.username))) {
      await options.commit(drift.id, removeDrift, { outcome: 'skipped', drift: keptOurs })
      return fixed
    }
    await ledgerPanel(access, panel, { actor: options.actor }).disableLine(key, drift.panelLineId!)
    await options.commit(drift.id, removeDrift, { outcome: 'completed', drift: keptOurs })
    return fixed
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
          { ...details, drift: keptOurs },
        ),
    })
    return fixed
  }

  await access.db.transaction((tx) => changeLines(tx, eq(m3uLines.id, lineId), {}, access.now()))
  const commit: CommitOutcome = (entityId, write, details) =>
    options.commit(entityId, write, { ...details, drift: keptOurs })
  const { outcome, line } = await pushLine(access, lineId, { ...options, commit, apiKey: key })
  if (outcome === 'pending') return { ...fixed, isFixed: false, problem: line.panelError }
  const current = await findLine(access.db, eq(m3uLines.id, lineId))
  return { ...fixed, isFixed: current?.pushedRevision === current?.revision }
}
