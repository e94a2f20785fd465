import { and, asc, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { SharedLine, SharingEvidence, SharingReason } from '../../../common/line-sharing'
import { sharingDismissDays } from '../../../common/line-sharing'
import type { Db } from '../../db/client'
import { lineActivity, lineSharing } from '../../db/schema/line-activity'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialRequests } from '../../db/schema/trial-requests'
import { csvCell } from '../../lib/csv-export'
import { notFound } from '../../lib/http-error'
import { olderThan } from '../../lib/keyset'

const hour = 60 * 60 * 1000
const day = 24 * hour

/** The flag's rule: networks in 24 hours over twice the screens, or more than two countries. */
const isOverNetworks = sql`${lineSharing.networks24h} > 2 * ${lineSharing.screens}`
const isOverCountries = sql`${lineSharing.countries24h} > 2`

/**
 * Every line's signals from its activity of the last 7 days (one statement, however many lines):
 * distinct addresses, networks and countries over 24 hours and 7 days, and the flag. A line that
 * stays flagged keeps the time it was first flagged; one with no activity left is cleared. Answers
 * how many lines are flagged.
 */
export async function computeSharing(db: Db, now: Date): Promise<number> {
  const since24h = new Date(now.getTime() - day)
  const since7d = new Date(now.getTime() - 7 * day)
  const recent = sql`a.ended_at >= ${since24h}::timestamptz`
  await db.execute(sql`
    insert into ${lineSharing} as s (line_id, screens, ips_24h, networks_24h, countries_24h,
      ips_7d, networks_7d, countries_7d, is_flagged, flagged_at, computed_at)
    select c.line_id, c.screens, c.ips_24h, c.networks_24h, c.countries_24h,
      c.ips_7d, c.networks_7d, c.countries_7d, c.is_flagged,
      case when c.is_flagged then ${now}::timestamptz end, ${now}::timestamptz
    from (
      select a.line_id, coalesce(l.max_connections, l.panel_max_connections, 1) as screens,
        count(distinct a.ip) filter (where ${recent}) as ips_24h,
        count(distinct a.network) filter (where ${recent}) as networks_24h,
        count(distinct a.country) filter (where ${recent}) as countries_24h,
        count(distinct a.ip) as ips_7d,
        count(distinct a.network) as networks_7d,
        count(distinct a.country) as countries_7d,
        (count(distinct a.network) filter (where ${recent})
            > 2 * coalesce(l.max_connections, l.panel_max_connections, 1)
          or count(distinct a.country) filter (where ${recent}) > 2) as is_flagged
      from ${lineActivity} a join ${m3uLines} l on l.id = a.line_id
      where a.ended_at >= ${since7d}::timestamptz
      group by a.line_id, l.max_connections, l.panel_max_connections
    ) c
    on conflict (line_id) do update set
      screens = excluded.screens, ips_24h = excluded.ips_24h,
      networks_24h = excluded.networks_24h, countries_24h = excluded.countries_24h,
      ips_7d = excluded.ips_7d, networks_7d = excluded.networks_7d,
      countries_7d = excluded.countries_7d, is_flagged = excluded.is_flagged,
      flagged_at = case when not excluded.is_flagged then null
        else coalesce(s.flagged_at, excluded.flagged_at) end,
      computed_at = excluded.computed_at`)
  // Lines with nothing left in the week: no signal, no flag (a dismissal is kept).
  await db
    .update(lineSharing)
    .set({
      ips24h: 0,
      networks24h: 0,
      countries24h: 0,
      ips7d: 0,
      networks7d: 0,
      countries7d: 0,
      isFlagged: false,
      flaggedAt: null,
      computedAt: now,
    })
    .where(sql`${lineSharing.computedAt} < ${now}`)
  const [{ flagged } = { flagged: 0 }] = await db
    .select({ flagged: sql<number>`count(*)::int` })
    .from(lineSharing)
    .where(eq(lineSharing.isFlagged, true))
  return flagged
}

/**
 * Dismissed within its 30 days, and its evidence not doubled since: networks and countries both
 * below twice what they were when it was dismissed.
 */
const isDismissedNow = (now: Date) =>
  sql<boolean>`coalesce(${lineSharing.dismissedUntil} > ${now}
    and ${lineSharing.networks24h} < 2 * ${lineSharing.dismissedNetworks}
    and ${lineSharing.countries24h} < 2 * ${lineSharing.dismissedCountries}, false)`

export type SharingFilter = {
  reason?: SharingReason
  includeDismissed: boolean
  q?: string
}

function filterOf(filter: SharingFilter, now: Date): SQL {
  const search = filter.q
    ? or(
        ilike(m3uLines.username, `%${filter.q}%`),
        ilike(sql`${trialRequests.firstName} || ' ' || ${trialRequests.lastName}`, `%${filter.q}%`),
      )
    : undefined
  return and(
    eq(lineSharing.isFlagged, true),
    filter.reason === 'networks' ? isOverNetworks : undefined,
    filter.reason === 'countries' ? isOverCountries : undefined,
    filter.includeDismissed ? undefined : sql`not ${isDismissedNow(now)}`,
    search,
  )!
}

const listColumns = (now: Date) => ({
  lineId: lineSharing.lineId,
  flaggedAt: lineSharing.flaggedAt,
  username: m3uLines.username,
  personId: m3uLines.trialRequestId,
  firstName: trialRequests.firstName,
  lastName: trialRequests.lastName,
  screens: lineSharing.screens,
  ips24h: lineSharing.ips24h,
  networks24h: lineSharing.networks24h,
  countries24h: lineSharing.countries24h,
  ips7d: lineSharing.ips7d,
  networks7d: lineSharing.networks7d,
  countries7d: lineSharing.countries7d,
  isDismissed: isDismissedNow(now),
  dismissedUntil: lineSharing.dismissedUntil,
  offeredAt: lineSharing.offeredAt,
})

/** The list's order, newest flag first: the keyset its pages and CSV batches go by. */
export const sharingOrder = { createdAt: lineSharing.flaggedAt, id: lineSharing.lineId }

/** Flagged lines the filter picks, newest flag first, `after` a keyset position. */
export function flaggedLines(db: Db, filter: SharingFilter, now: Date, limit: number, after?: SQL) {
  return db
    .select(listColumns(now))
    .from(lineSharing)
    .innerJoin(m3uLines, eq(m3uLines.id, lineSharing.lineId))
    .leftJoin(trialRequests, eq(trialRequests.id, m3uLines.trialRequestId))
    .where(and(filterOf(filter, now), after))
    .orderBy(desc(lineSharing.flaggedAt), desc(lineSharing.lineId))
    .limit(limit)
}

type ListRow = Awaited<ReturnType<typeof flaggedLines>>[number]

/** Where each line was watched from in the last 24 hours: by network, country and player. */
export async function sharingEvidence(
  db: Db,
  lineIds: string[],
  now: Date,
): Promise<Map<string, SharingEvidence[]>> {
  const byLine = new Map<string, SharingEvidence[]>()
  if (lineIds.length === 0) return byLine
  const rows = await db
    .select({
      lineId: lineActivity.lineId,
      network: lineActivity.network,
      country: lineActivity.country,
      player: lineActivity.player,
      firstSeenAt: sql<Date>`min(${lineActivity.startedAt})`.mapWith(lineActivity.startedAt),
      lastSeenAt: sql<Date>`max(${lineActivity.endedAt})`.mapWith(lineActivity.endedAt),
      connections: sql<number>`count(*)::int`,
    })
    .from(lineActivity)
    .where(
      and(
        inArray(lineActivity.lineId, lineIds),
        gte(lineActivity.endedAt, new Date(now.getTime() - day)),
      ),
    )
    .groupBy(lineActivity.lineId, lineActivity.network, lineActivity.country, lineActivity.player)
    .orderBy(asc(lineActivity.network), asc(sql`min(${lineActivity.startedAt})`))
  for (const { lineId, firstSeenAt, lastSeenAt, ...place } of rows) {
    byLine.set(lineId, [
      ...(byLine.get(lineId) ?? []),
      { ...place, firstSeenAt: firstSeenAt.toISOString(), lastSeenAt: lastSeenAt.toISOString() },
    ])
  }
  return byLine
}

/** A row of the list as the API answers it, with its evidence. */
export function presentSharedLine(row: ListRow, evidence: SharingEvidence[]): SharedLine {
  const reasons: SharingReason[] = []
  if (row.networks24h > 2 * row.screens) reasons.push('networks')
  if (row.countries24h > 2) reasons.push('countries')
  return {
    lineId: row.lineId,
    username: row.username,
    personId: row.personId,
    personName: row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim(),
    screens: row.screens,
    ips24h: row.ips24h,
    networks24h: row.networks24h,
    countries24h: row.countries24h,
    ips7d: row.ips7d,
    networks7d: row.networks7d,
    countries7d: row.countries7d,
    reasons,
    flaggedAt: row.flaggedAt!.toISOString(),
    isDismissed: Boolean(row.isDismissed),
    dismissedUntil: row.dismissedUntil?.toISOString() ?? null,
    offeredAt: row.offeredAt?.toISOString() ?? null,
    evidence,
  }
}

/**
 * Keeps a flagged line off the list for 30 days, unless its networks or countries double: the
 * evidence as it stands is kept to compare with.
 */
export async function dismissSharing(db: Db, lineId: string, actor: string, now: Date) {
  const [dismissed] = await db
    .update(lineSharing)
    .set({
      dismissedUntil: new Date(now.getTime() + sharingDismissDays * day),
      dismissedNetworks: sql`greatest(${lineSharing.networks24h}, 1)`,
      dismissedCountries: sql`greatest(${lineSharing.countries24h}, 1)`,
      dismissedBy: actor,
    })
    .where(and(eq(lineSharing.lineId, lineId), eq(lineSharing.isFlagged, true)))
    .returning({ lineId: lineSharing.lineId })
  if (!dismissed) throw notFound('This line is not flagged as likely shared')
}

/** An erased person's viewers: the addresses their line was watched from, and its signals. */
export async function forgetLineViewers(tx: Db, lineId: string) {
  await tx.delete(lineActivity).where(eq(lineActivity.lineId, lineId))
  await tx.delete(lineSharing).where(eq(lineSharing.lineId, lineId))
}

const csvColumns = [
  ['username', 'Line'],
  ['personName', 'Person'],
  ['screens', 'Screens'],
  ['networks24h', 'Networks (24 h)'],
  ['countries24h', 'Countries (24 h)'],
  ['ips24h', 'Addresses (24 h)'],
  ['networks7d', 'Networks (7 days)'],
  ['countries7d', 'Countries (7 days)'],
  ['ips7d', 'Addresses (7 days)'],
  ['reasons', 'Reasons'],
  ['flaggedAt', 'Flagged'],
  ['dismissedUntil', 'Dismissed until'],
  ['offeredAt', 'Offered'],
] as const

const csvBatch = 1000

/** The flagged lines the filter picks, as CSV rows (the header first), in batches of a keyset. */
export async function* sharingCsvRows(db: Db, filter: SharingFilter, now: Date) {
  yield csvColumns.map(([, header]) => header)
  let after: SQL | undefined
  for (;;) {
    const batch = await flaggedLines(db, filter, now, csvBatch, after)
    for (const row of batch) {
      const line = presentSharedLine(row, [])
      const cells = { ...line, reasons: line.reasons.join(' ') }
      yield csvColumns.map(([key]) => csvCell(cells[key]))
    }
    if (batch.length < csvBatch) return
    const last = batch.at(-1)!
    after = olderThan(sharingOrder, { createdAt: last.flaggedAt!, id: last.lineId })
  }
}
