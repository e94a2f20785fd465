import { and, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import type { RequestOutcome } from '../../../common/request-outcome'
import type { RequestOutcomeFilter } from '../../../common/trial-requests'
import type { Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { trialAutostarts } from '../../db/schema/trial-autostarts'
import { trialRequests } from '../../db/schema/trial-requests'
import { stillWaiting } from './trial-autopilot.service'

const autostartWhere = (condition: SQL | undefined) =>
  sql`exists (${sql`select 1 from ${trialAutostarts} where ${and(
    eq(trialAutostarts.personId, trialRequests.id),
    condition,
  )}`})`

// A line the panel refused to make: no panel id, and the panel's words kept.
const isFailedLine = and(isNull(m3uLines.supplierId), isNotNull(m3uLines.panelError))

const hasLine = sql`exists (${sql`select 1 from ${m3uLines} where ${eq(
  m3uLines.trialRequestId,
  trialRequests.id,
)}`})`

/** The list's condition for one outcome: a summary card's filter. */
export function outcomeCondition(outcome: RequestOutcomeFilter): SQL {
  switch (outcome) {
    case 'auto_sent':
      return autostartWhere(eq(trialAutostarts.status, 'started'))
    case 'waiting':
      // As the "Waiting for an admin" card counts them: held for an admin, or for the panel.
      return autostartWhere(stillWaiting)
    case 'failed':
      return or(
        autostartWhere(
          and(eq(trialAutostarts.status, 'queued'), isNotNull(trialAutostarts.lastError)),
        ),
        sql`exists (${sql`select 1 from ${m3uLines} where ${and(
          eq(m3uLines.trialRequestId, trialRequests.id),
          isFailedLine,
        )}`})`,
      )!
    case 'needs_line':
      return and(eq(trialRequests.subscriptionStatus, 'active'), sql`not ${hasLine}`)!
  }
}

/**
 * What happened to each request's line, by request id: read for one page of the list, two small
 * queries by key rather than joins in the list's own (which has two plans, see listTrialRequests).
 */
export async function outcomesOf(
  db: Db,
  requests: Pick<typeof trialRequests.$inferSelect, 'id' | 'subscriptionStatus'>[],
): Promise<Map<string, NonNullable<RequestOutcome>>> {
  const outcomes = new Map<string, NonNullable<RequestOutcome>>()
  const ids = requests.map(({ id }) => id)
  if (ids.length === 0) return outcomes
  const [autostarts, lines] = await Promise.all([
    db.select().from(trialAutostarts).where(inArray(trialAutostarts.personId, ids)),
    db
      .select({
        personId: m3uLines.trialRequestId,
        supplierId: m3uLines.supplierId,
        panelError: m3uLines.panelError,
      })
      .from(m3uLines)
      .where(inArray(m3uLines.trialRequestId, ids)),
  ])
  const autostartOf = new Map(autostarts.map((row) => [row.personId, row]))
  const lineOf = new Map(lines.map((row) => [row.personId, row]))
  for (const { id, subscriptionStatus } of requests) {
    const line = lineOf.get(id)
    const outcome =
      outcomeOf(autostartOf.get(id), line) ??
      // A paying customer is owed a line; nothing is making one (an imported customer's, say).
      (subscriptionStatus === 'active' && !line ? { kind: 'needs_line' as const } : null)
    if (outcome) outcomes.set(id, outcome)
  }
  return outcomes
}

function outcomeOf(
  autostart: typeof trialAutostarts.$inferSelect | undefined,
  line: { supplierId: string | null; panelError: string | null } | undefined,
): RequestOutcome {
  if (autostart?.status === 'started')
    return { kind: 'auto_sent', at: autostart.startedAt?.toISOString() ?? null }
  if (line?.supplierId) return { kind: 'sent' }
  if (autostart?.status === 'waiting') return { kind: 'waiting', reason: autostart.reason }
  if (autostart?.status === 'queued' && autostart.lastError)
    return { kind: 'failed', error: autostart.lastError }
  if (line?.panelError) return { kind: 'failed', error: line.panelError }
  if (autostart?.status === 'queued' || line) return { kind: 'starting' }
  return null
}

/** Trials (by their end: request plus the trial duration) and subscriptions ending in the window. */
export function endsWithin(days: number, now: Date, trialDurationHours: number): SQL {
  const until = new Date(now.getTime() + days * 24 * 60 * 60_000)
  const trialEnd = sql`${trialRequests.createdAt} + ${`${trialDurationHours} hours`}::interval`
  return or(
    and(
      eq(trialRequests.subscriptionStatus, 'trial'),
      sql`${trialEnd} > ${now.toISOString()}::timestamptz`,
      sql`${trialEnd} <= ${until.toISOString()}::timestamptz`,
    ),
    and(
      eq(trialRequests.subscriptionStatus, 'active'),
      gt(trialRequests.subscriptionEndDate, now),
      lte(trialRequests.subscriptionEndDate, until),
    ),
  )!
}

/** When a request's trial or subscription ends: a running trial by its duration. */
export function endOf(
  row: Pick<
    typeof trialRequests.$inferSelect,
    'subscriptionStatus' | 'createdAt' | 'subscriptionEndDate'
  >,
  trialDurationHours: number,
): string | null {
  if (row.subscriptionStatus === 'trial')
    return new Date(row.createdAt.getTime() + trialDurationHours * 60 * 60_000).toISOString()
  return row.subscriptionEndDate?.toISOString() ?? null
}
