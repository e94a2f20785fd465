import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import {
  bouquetIdsOf,
  type createM3uLineInputFor,
  type M3uLine,
  type M3uSubscriptionType,
} from '../../../common/m3u'
import { addCalendarMonths } from '../../../common/subscription-renewals'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { keyset } from '../../lib/keyset'
import { getPlatformSettings } from '../settings/settings.service'
import { findLine, panelHoldsColumns, type M3uLineRow } from './line-changes'
import { linePassword, orderLineUsername, panelNotes } from './line-credentials'
import { redact } from './supplier'
import { ledgerPanel, requireKey, requirePanel, type SupplierAccess } from './supplier-access'

const demoType = 99
const hourMs = 60 * 60 * 1000

/** The form's view of a line; the panel login and the sync bookkeeping stay inside. */
function presentLine(row: M3uLineRow): M3uLine {
  const { id, supplierId, subscriptionType, packageId, m3uUrl, status, notes, createdBy } = row
  return {
    id,
    supplierId,
    subscriptionType,
    packageId,
    m3uUrl,
    status,
    notes,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

type M3uOrderOutcome = { line: M3uLine; isNew: boolean }

/** Commits what an order ended in; the command records it in the audit trail in that transaction. */
type CommitOutcome = (write: (tx: Db) => Promise<M3uOrderOutcome>) => Promise<M3uOrderOutcome>

export async function m3uLineExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: m3uLines.id }).from(m3uLines).where(eq(m3uLines.id, id))
  return row !== undefined
}

/** Months bought run in calendar months; the demo line ends after the settings' trial length. */
function lineExpiry(type: M3uSubscriptionType, now: Date, trialHours: number): Date {
  return type === demoType
    ? new Date(now.getTime() + trialHours * hourMs)
    : addCalendarMonths(now, type)
}

/**
 * Buys a line on the supplier's panel and records it. Its username and password derive from the
 * order's id (requestId), so a retry sends the same request and a line the panel made before its
 * answer was lost is found rather than bought again; a repeat of a recorded order returns its
 * line. Nothing is stored unless the panel sold the line; the API key serves the call only. No
 * transaction is open during the panel call: `commit` opens a short one once it has answered.
 */
export async function createM3uLine(
  access: SupplierAccess,
  { apiKey, requestId, ...input }: z.output<ReturnType<typeof createM3uLineInputFor>>,
  createdBy: string,
  commit: CommitOutcome,
): Promise<M3uOrderOutcome> {
  const { db } = access
  const panel = requirePanel(access)
  const key = requireKey(access, apiKey)
  const id = requestId ?? randomUUID()
  const existing = await findLine(db, eq(m3uLines.id, id))
  if (existing) return commit(async () => ({ line: presentLine(existing), isNew: false }))

  const now = access.now()
  const { maxConcurrentStreams, trialDurationHours } = await getPlatformSettings(db)
  const username = orderLineUsername(id)
  const password = linePassword(await access.passwordSecret(), id)
  const created = await ledgerPanel(access, panel, { actor: createdBy, lineId: id }).createLine(
    key,
    {
      username,
      password,
      expiresAt: lineExpiry(input.subscriptionType, now, trialDurationHours),
      maxConnections: maxConcurrentStreams,
      isTrial: input.subscriptionType === demoType,
      bouquetIds: bouquetIdsOf(input.packageId),
      notes: panelNotes(id, input.notes),
      contact: null,
    },
  )
  return commit(async (tx) => {
    const [row] = await tx
      .insert(m3uLines)
      .values({
        id,
        ...input,
        supplierId: created.id,
        // As the panel holds it, so that the sync knows the line for ours.
        username: created.username,
        password: created.password,
        expiresAt: created.expiresAt,
        isTrial: created.isTrial,
        maxConnections: created.maxConnections,
        ...panelHoldsColumns(created, now),
        m3uUrl: panel.playlistUrl(created.username, created.password),
        status: 'active',
        apiResponse: redact(created),
        createdBy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    // Two submits of the same order racing: the second finds the first's row.
    const line = row ?? (await findLine(tx, eq(m3uLines.id, id)))!
    return { line: presentLine(line), isNew: row !== undefined }
  })
}

export async function listM3uLines(db: Db, { limit, cursor }: { limit: number; cursor?: string }) {
  const pages = keyset(m3uLines, cursor, limit)
  const rows = await db
    .select()
    .from(m3uLines)
    .where(pages.after)
    .orderBy(desc(m3uLines.createdAt), desc(m3uLines.id))
    .limit(pages.fetchSize)
  const page = pages.page(rows)
  return { lines: page.rows.map(presentLine), nextCursor: page.nextCursor }
}
