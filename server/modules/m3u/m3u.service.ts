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

/**
 * Buys a line on the supplier's panel and records it. Nothing is stored unless the supplier
 * sold the line; the API key is used for the call only. A repeat of the same requestId returns
 * the line already bought instead of buying another.
 */
export async function createM3uLine(
  db: Db,
  supplier: SupplierAdapter | null,
  { apiKey, requestId, ...input }: z.output<typeof createM3uLineInput>,
  createdBy: string,
  now: Date,
): Promise<{ line: M3uLine; isNew: boolean }> {
  if (!supplier) throw new HttpError(503, 'No supplier panel is configured (set SUPPLIER_API_URL).')
  const id = requestId ?? randomUUID()
  const [existing] = await db.select().from(m3uLines).where(eq(m3uLines.id, id))
  if (existing) return { line: presentLine(existing), isNew: false }

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
  const [row] = await db
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
  const line = row ?? (await db.select().from(m3uLines).where(eq(m3uLines.id, id)))[0]!
  return { line: presentLine(line), isNew: row !== undefined }
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
