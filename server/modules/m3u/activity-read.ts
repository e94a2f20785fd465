import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { unnestedRows } from '../../db/insert-many'
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

/**
 * A page's entries of our lines, each kept once, and the cursor past the page, together: one
 * statement (atomic as it is), which finds our lines by the panel's ids itself.
 */
async function storePage(db: Db, entries: PanelActivity[], cursor: Cursor) {
  const page = unnestedRows(
    'page',
    {
      panelEntryId: lineActivity.panelEntryId,
      supplierId: m3uLines.supplierId,
      startedAt: lineActivity.startedAt,
      endedAt: lineActivity.endedAt,
      ip: lineActivity.ip,
      network: lineActivity.network,
      country: lineActivity.country,
      player: lineActivity.player,
      stream: lineActivity.stream,
    },
    entries.map((entry) => ({
      panelEntryId: entry.id.slice(0, 40),
      supplierId: entry.lineId,
      startedAt: entry.startedAt,
      endedAt: entry.endedAt,
      ip: entry.ip.slice(0, 45),
      network: networkOf(entry.ip).slice(0, 50),
      country: entry.country,
      player: entry.player.slice(0, 300),
      stream: entry.stream.slice(0, 200),
    })),
  )
  const panelIds = [...new Set(entries.map((entry) => entry.lineId))]
  // A round that lost its lease to another never moves the cursor back.
  await db.execute(sql`
    with stored as (
      insert into ${lineActivity} (panel_entry_id, line_id, started_at, ended_at, ip, network,
        country, player, stream)
      select page.panel_entry_id, line.id, page.started_at, page.ended_at, page.ip, page.network,
        page.country, page.player, page.stream
      from ${page} join ${m3uLines} line on line.supplier_id = page.supplier_id
        -- Only the page's own lines, rather than every line hashed again for each page.
        and line.supplier_id = any(${sql.param(panelIds)}::varchar[])
      on conflict (panel_entry_id) do nothing
    )
    update ${lineActivityReads} set
      from_day = ${cursor.fromDay},
      next_start = case when from_day = ${cursor.fromDay}
        then greatest(next_start, ${cursor.nextStart}) else ${cursor.nextStart} end
    where id = 1`)
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
        const pageFrom = (start: number) => {
          const reading = recorded.activityLogs(
            serverKey,
            { fromDay: cursor.fromDay, toDay, start },
            perRequest,
          )
          // Awaited later; a failure then ends the round, and is no unhandled one meanwhile.
          reading.catch(() => {})
          return reading
        }
        let reading = pageFrom(cursor.nextStart)
        for (let page = 1; ; page++) {
          const read = await reading
          const isMore = !read.isLast && page < pagesPerRound
          cursor.nextStart += read.entries.length
          // The panel answers the next page while this one is stored.
          if (isMore) reading = pageFrom(cursor.nextStart)
          await storePage(db, read.entries, cursor)
          entries += read.entries.length
          if (!isMore) break
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
