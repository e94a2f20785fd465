import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { lineActivity, lineActivityReads } from '../../db/schema/line-activity'
import { m3uLines } from '../../db/schema/m3u-lines'
import { isUnclaimedAt, leaseUntil, whileRenewing } from '../../lib/lease'
import { networkOf } from './ip-networks'
import { PanelError, perRequest, type PanelActivity } from './panel'
import { computeSharing } from './line-sharing'
import { ledgerPanel, type SupplierAccess } from './supplier-access'

const day = 24 * 60 * 60 * 1000
/** Entries are kept this long: enough for a week's signals and a month's questions. */
export const activityKeptDays = 30
/** A first read goes back a week: the longest window the signals look at. */
const firstReadDays = 7
/** Pages read per round at most (1000 entries each); the next round goes on from there. */
const pagesPerRound = 50

/** The panel's day (YYYY-MM-DD) of a time; its time zone may differ, so ranges keep a day spare. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10)

type Cursor = { fromDay: string; nextStart: number }

/** The read's single row, claimed for a lease unless another process holds it. */
async function claimReads(db: Db, now: Date) {
  await db.insert(lineActivityReads).values({ id: 1 }).onConflictDoNothing()
  const [claimed] = await db
    .update(lineActivityReads)
    .set({ claimedUntil: leaseUntil(now) })
    .where(and(eq(lineActivityReads.id, 1), isUnclaimedAt(lineActivityReads.claimedUntil, now)))
    .returning()
  return claimed ?? null
}

/**
 * Where to read from: the day the last round read from and how far, or a week back at first.
 * Once the range spans more than eight days it starts again from yesterday's first entry, which
 * keeps what the panel filters small; the day or two read twice, about once a week, are kept once.
 */
function cursorAt(row: { fromDay: string | null; nextStart: number }, now: number): Cursor {
  if (!row.fromDay) return { fromDay: dayOf(now - firstReadDays * day), nextStart: 0 }
  if (row.fromDay < dayOf(now - (firstReadDays + 1) * day)) {
    return { fromDay: dayOf(now - day), nextStart: 0 }
  }
  return { fromDay: row.fromDay, nextStart: row.nextStart }
}

/** A page's entries of our lines, each kept once, and the cursor past the page, together. */
async function storePage(db: Db, entries: PanelActivity[], cursor: Cursor) {
  const panelIds = [...new Set(entries.map((entry) => entry.lineId))]
  await db.transaction(async (tx) => {
    const ours = panelIds.length
      ? await tx
          .select({ id: m3uLines.id, supplierId: m3uLines.supplierId })
          .from(m3uLines)
          .where(and(isNotNull(m3uLines.supplierId), inArray(m3uLines.supplierId, panelIds)))
      : []
    const lineOf = new Map(ours.map((line) => [line.supplierId!, line.id]))
    const rows = entries.flatMap((entry) => {
      const lineId = lineOf.get(entry.lineId)
      if (!lineId) return []
      return [
        {
          panelEntryId: entry.id.slice(0, 40),
          lineId,
          startedAt: entry.startedAt,
          endedAt: entry.endedAt,
          ip: entry.ip.slice(0, 45),
          network: networkOf(entry.ip).slice(0, 50),
          country: entry.country,
          player: entry.player.slice(0, 300),
          stream: entry.stream.slice(0, 200),
        },
      ]
    })
    for (let at = 0; at < rows.length; at += 500) {
      await tx
        .insert(lineActivity)
        .values(rows.slice(at, at + 500))
        .onConflictDoNothing()
    }
    // A round that lost its lease to another never moves the cursor back.
    await tx
      .update(lineActivityReads)
      .set({
        fromDay: cursor.fromDay,
        nextStart: sql`case when ${lineActivityReads.fromDay} = ${cursor.fromDay} then greatest(${lineActivityReads.nextStart}, ${cursor.nextStart}) else ${cursor.nextStart} end`,
      })
      .where(eq(lineActivityReads.id, 1))
  })
}

/**
 * Reads the panel's activity log from where the last round stopped (one process at a time,
 * under a lease), keeps our lines' entries once each, forgets those older than 30 days and
 * computes every line's sharing signals. Null when another process is reading or no server key
 * is set. A panel that fails ends the round; the signals are still computed from what is kept.
 */
export async function readActivityRound(access: SupplierAccess) {
  const { db, panel, serverKey } = access
  if (!panel || !serverKey) return null
  const startedAt = access.now()
  const claimed = await claimReads(db, startedAt)
  if (!claimed) return null
  const cursor = cursorAt(claimed, startedAt.getTime())
  const toDay = dayOf(startedAt.getTime() + day)
  const recorded = ledgerPanel(access, panel, { actor: 'system' })
  let entries = 0
  let lastError: string | null = null
  try {
    await whileRenewing(
      () =>
        db
          .update(lineActivityReads)
          .set({ claimedUntil: leaseUntil(access.now()) })
          .where(eq(lineActivityReads.id, 1)),
      (error) => access.log.warn({ err: error }, 'Could not renew the activity read; will retry'),
      async () => {
        for (let page = 0; page < pagesPerRound; page++) {
          const read = await recorded.activityLogs(
            serverKey,
            { fromDay: cursor.fromDay, toDay, start: cursor.nextStart },
            perRequest,
          )
          cursor.nextStart += read.entries.length
          await storePage(db, read.entries, cursor)
          entries += read.entries.length
          if (read.isLast) break
        }
      },
    )
  } catch (error) {
    if (!(error instanceof PanelError)) throw error
    lastError = error.message
  } finally {
    await db
      .update(lineActivityReads)
      .set({ claimedUntil: null, lastReadAt: access.now(), lastError })
      .where(eq(lineActivityReads.id, 1))
  }
  const now = access.now()
  await db
    .delete(lineActivity)
    .where(lt(lineActivity.endedAt, new Date(now.getTime() - activityKeptDays * day)))
  const flagged = await computeSharing(db, now)
  return { entries, flagged, error: lastError }
}
