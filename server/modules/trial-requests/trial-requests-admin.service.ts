import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  conversionRate,
  subscriptionStatuses,
  type TrialRequest,
  type TrialRequestStats,
  type trialRequestListQuery,
  type trialRequestStatusInput,
  type updateTrialRequestInput,
} from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { subscriptionStatusCounts } from '../../db/schema/subscription-status-counts'
import { searchText, trialRequests } from '../../db/schema/trial-requests'
import { plans } from '../../db/schema/plans'
import { invalidField, notFound } from '../../lib/http-error'
import { keyset } from '../../lib/keyset'
import type { TrialRequestListItem } from '../../../common/request-outcome'
import { getPlatformSettings } from '../settings/settings.service'
import { endOf, endsWithin, outcomeCondition, outcomesOf } from './request-outcomes'
import { presentTrialRequest, type TrialRequestRow } from './trial-requests.service'

type ListQuery = z.output<typeof trialRequestListQuery>

/** LIKE wildcards in the search text are matched literally. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

const subscriptionIdPattern = /^sub-[a-z0-9]{8}$/i
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Searches that name one exact key go straight to its unique or b-tree index. */
function exactMatch(q: string): SQL | undefined {
  if (subscriptionIdPattern.test(q)) return eq(trialRequests.subscriptionId, q.toUpperCase())
  if (emailPattern.test(q)) return sql`lower(${trialRequests.email}) = ${q.toLowerCase()}`
  return undefined
}

/** What "ends within" is measured from: now, and how long a trial runs. */
export type ListClock = { now: Date; trialDurationHours: number }

export function listFilter(
  {
    q,
    status,
    stage,
    endsWithinDays,
    outcome,
  }: Pick<ListQuery, 'q' | 'status' | 'stage'> &
    Partial<Pick<ListQuery, 'endsWithinDays' | 'outcome'>>,
  clock?: ListClock,
): SQL | undefined {
  return and(
    status === 'all' ? undefined : eq(trialRequests.subscriptionStatus, status),
    stage ? eq(trialRequests.status, stage) : undefined,
    q ? (exactMatch(q) ?? sql`${searchText(trialRequests)} like ${likePattern(q)}`) : undefined,
    endsWithinDays && clock
      ? endsWithin(endsWithinDays, clock.now, clock.trialDurationHours)
      : undefined,
    outcome ? outcomeCondition(outcome) : undefined,
  )
}

// How many of the newest rows a search reads in date order before asking the trigram index.
const recentWindow = 5000

/**
 * A page of requests, newest first, filtered by status and a search over the contact fields.
 * A frequent term fills its page from the newest rows at once; a rare one is found through the
 * trigram index. Neither plan alone is fast for both, so a search tries the first, then the second.
 */
export async function listTrialRequests(
  db: Db,
  query: ListQuery,
  now: Date,
): Promise<{ requests: TrialRequestListItem[]; nextCursor: string | null }> {
  const pages = keyset(trialRequests, query.cursor, query.limit)
  const newestFirst = [desc(trialRequests.createdAt), desc(trialRequests.id)]
  const { trialDurationHours } = await getPlatformSettings(db)
  const clock = { now, trialDurationHours }
  const pageOf = async (rows: TrialRequestRow[]) => {
    const page = pages.page(rows)
    const outcomes = await outcomesOf(db, page.rows)
    return {
      requests: page.rows.map((row) => ({
        ...presentTrialRequest(row),
        endsAt: endOf(row, trialDurationHours),
        outcome: outcomes.get(row.id) ?? null,
      })),
      nextCursor: page.nextCursor,
    }
  }

  if (query.q && !exactMatch(query.q)) {
    const recent = db
      .select()
      .from(trialRequests)
      .where(and(listFilter({ ...query, q: undefined }, clock), pages.after))
      .orderBy(...newestFirst)
      .limit(recentWindow)
      .as('recent')
    const found = await db
      .select()
      .from(recent)
      .where(sql`${searchText(recent)} like ${likePattern(query.q)}`)
      .orderBy(desc(recent.createdAt), desc(recent.id))
      .limit(pages.fetchSize)
    if (found.length === pages.fetchSize) return pageOf(found)
  }

  const rows = await db
    .select()
    .from(trialRequests)
    .where(and(listFilter(query, clock), pages.after))
    .orderBy(...newestFirst)
    .limit(pages.fetchSize)
  return pageOf(rows)
}

/** The four stat cards: totals by subscription status and the conversion rate. */
export async function trialRequestStats(db: Db): Promise<TrialRequestStats> {
  const rows = await db.select().from(subscriptionStatusCounts)
  const by = Object.fromEntries(subscriptionStatuses.map((status) => [status, 0])) as Record<
    (typeof subscriptionStatuses)[number],
    number
  >
  for (const row of rows) by[row.status] = row.count
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  return { total, ...by, conversionRate: conversionRate(by.active, total) }
}

async function updateRow(db: Db, id: string, changes: Partial<TrialRequestRow>, now: Date) {
  const [row] = await db
    .update(trialRequests)
    .set({ ...changes, updatedAt: now })
    .where(eq(trialRequests.id, id))
    .returning()
  if (!row) throw notFound('Trial request not found')
  return presentTrialRequest(row)
}

/** Changes the trial plan (one of the plans that exist) or the admin's notes. */
export async function updateTrialRequest(
  db: Db,
  id: string,
  changes: z.output<typeof updateTrialRequestInput>,
  now: Date,
): Promise<TrialRequest> {
  if (changes.plan !== undefined) {
    const [plan] = await db
      .select({ name: plans.name })
      .from(plans)
      .where(sql`lower(${plans.name}) = ${changes.plan.toLowerCase()}`)
      .limit(1)
    if (!plan) throw invalidField('plan', 'Plan must be one of the plans')
    return updateRow(db, id, { ...changes, plan: plan.name }, now)
  }
  return updateRow(db, id, changes, now)
}

export function setTrialRequestStatus(
  db: Db,
  id: string,
  { status }: z.output<typeof trialRequestStatusInput>,
  now: Date,
): Promise<TrialRequest> {
  return updateRow(db, id, { status }, now)
}

export async function deleteTrialRequest(db: Db, id: string): Promise<void> {
  const rows = await db
    .delete(trialRequests)
    .where(eq(trialRequests.id, id))
    .returning({ id: trialRequests.id })
  if (!rows.length) throw notFound('Trial request not found')
}
