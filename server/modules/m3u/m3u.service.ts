import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { createM3uLineInput, M3uLine } from '../../../common/m3u'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { HttpError } from '../../lib/http-error'
import { keyset } from '../../lib/keyset'
import { getPlatformSettings } from '../settings/settings.service'
import { SupplierError, type SupplierAdapter } from './supplier'

type M3uLineRow = typeof m3uLines.$inferSelect
const demoType = 99

function presentLine({ apiResponse: _apiResponse, ...row }: M3uLineRow): M3uLine {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

type M3uOrderOutcome = { line: M3uLine; isNew: boolean }

/** Commits what an order ended in; the route records it in the audit trail in that transaction. */
type CommitOutcome = (write: (tx: Db) => Promise<M3uOrderOutcome>) => Promise<M3uOrderOutcome>

async function findLine(db: Db, id: string): Promise<M3uLineRow | undefined> {
  const [row] = await db.select().from(m3uLines).where(eq(m3uLines.id, id))
  return row
}

/**
 * Buys a line on the supplier's panel and records it. Nothing is stored unless the supplier
 * sold the line; the API key is used for the call only. A repeat of the same requestId returns
 * the line already bought instead of buying another. No transaction is open during the panel
 * call: `commit` opens a short one for the outcome once the panel has answered.
 */
export async function createM3uLine(
  db: Db,
  supplier: SupplierAdapter | null,
  { apiKey, requestId, ...input }: z.output<typeof createM3uLineInput>,
  createdBy: string,
  now: Date,
  commit: CommitOutcome,
): Promise<M3uOrderOutcome> {
  if (!supplier) throw new HttpError(503, 'No supplier panel is configured (set SUPPLIER_API_URL).')
  const id = requestId ?? randomUUID()
  const existing = await findLine(db, id)
  if (existing) return commit(async () => ({ line: presentLine(existing), isNew: false }))

  const { maxConcurrentStreams } = await getPlatformSettings(db)
  let sold
  try {
    sold = await supplier.createLine({
      apiKey,
      packageId: input.packageId,
      months: input.subscriptionType === demoType ? null : input.subscriptionType,
      connections: maxConcurrentStreams,
      reference: id,
    })
  } catch (error) {
    if (error instanceof SupplierError) throw new HttpError(502, error.message)
    throw error
  }
  return commit(async (tx) => {
    const [row] = await tx
      .insert(m3uLines)
      .values({
        id,
        ...input,
        supplierId: sold.supplierId,
        m3uUrl: sold.m3uUrl,
        status: sold.status,
        apiResponse: sold.response,
        createdBy,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
    // Two submits of the same order racing: the second finds the first's row.
    const line = row ?? (await findLine(tx, id))!
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
