import { desc, eq } from 'drizzle-orm'
import type { SupplierDrift, SupplierStatus } from '../../../common/person-lines'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { supplierDrift } from '../../db/schema/supplier-drift'
import { trialRequests } from '../../db/schema/trial-requests'
import { keyset } from '../../lib/keyset'
import { getSupplierSettings } from '../settings/settings.service'
import { creditsForecast, creditsShortReason } from './credits-forecast'
import { PanelError } from './panel'
import { ledgerPanel, noKeyMessage, noPanelMessage, type SupplierAccess } from './supplier-access'
import { readSupplierState } from './supplier-sync'

/** Whether the panel answers with the server's key, its credits (user_info) and the last sync. */
export async function readSupplierStatus(
  access: SupplierAccess,
  actor: string,
): Promise<SupplierStatus> {
  const state = await readSupplierState(access.db)
  const lastSyncAt = state?.lastSyncAt?.toISOString() ?? null
  const unreachable = (problem: string) => ({
    reachable: false,
    credits: null,
    lastSyncAt,
    creditAlert: false,
    dailySpend: null,
    daysLeft: null,
    problem,
  })
  if (!access.panel) return unreachable(noPanelMessage)
  if (!access.serverKey) return unreachable(noKeyMessage)
  let credits: number | null
  try {
    credits = await ledgerPanel(access, access.panel, { actor }).credits(access.serverKey)
  } catch (error) {
    if (error instanceof PanelError) return unreachable(error.message)
    throw error
  }
  const settings = await getSupplierSettings(access.db)
  const forecast = await creditsForecast(access.db, credits, access.now())
  return {
    reachable: true,
    credits,
    lastSyncAt,
    creditAlert: creditsShortReason(credits, forecast, settings) !== null,
    ...forecast,
    problem: null,
  }
}

/** The last sync's differences, a page at a time in the list convention, each with its person. */
export async function listDrift(db: Db, { limit, cursor }: { limit: number; cursor?: string }) {
  const pages = keyset({ createdAt: supplierDrift.detectedAt, id: supplierDrift.id }, cursor, limit)
  const rows = await db
    .select({
      id: supplierDrift.id,
      drift: supplierDrift,
      personId: trialRequests.id,
      personName: trialRequests.name,
    })
    .from(supplierDrift)
    .leftJoin(m3uLines, eq(m3uLines.id, supplierDrift.lineId))
    .leftJoin(trialRequests, eq(trialRequests.id, m3uLines.trialRequestId))
    .where(pages.after)
    .orderBy(desc(supplierDrift.detectedAt), desc(supplierDrift.id))
    .limit(pages.fetchSize)
  const page = pages.page(rows, (row) => row.drift.detectedAt)
  const drift: SupplierDrift[] = page.rows.map(
    ({ drift: { panelLineId: _panelLineId, detectedAt, ...row }, personId, personName }) => ({
      ...row,
      person: personId && personName !== null ? { id: personId, name: personName } : null,
      ours: row.ours ?? null,
      panel: row.panel ?? null,
      detectedAt: detectedAt.toISOString(),
    }),
  )
  return { drift, nextCursor: page.nextCursor }
}
