import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import {
  autopilotStatsDays,
  untrustedReason,
  type AutopilotStats,
  type PersonAutostart,
} from '../../../common/trial-autopilot'
import type { TrialTrust } from '../../../common/trial-requests'
import { queryRows, type Db } from '../../db/client'
import { m3uLines } from '../../db/schema/m3u-lines'
import { outboxMessages } from '../../db/schema/outbox-messages'
import { trialAutostarts } from '../../db/schema/trial-autostarts'
import { trialRequests } from '../../db/schema/trial-requests'
import { notFound } from '../../lib/http-error'
import { isClaimAttempt, isUnclaimedAt } from '../../lib/lease'
import { getPlatformSettings, getTrialTrustSettings } from '../settings/settings.service'

export type AutostartRow = typeof trialAutostarts.$inferSelect

const day = 24 * 60 * 60 * 1000

/**
 * In the new request's transaction, while Start trials automatically is on: a trusted request is
 * queued for the job, one that did not pass the trust rules waits for an admin, saying why.
 * Answers that reason (null when queued or when the autopilot is off).
 */
export async function queueAutostart(
  tx: Db,
  personId: string,
  trust: TrialTrust,
  now: Date,
): Promise<string | null> {
  const { autoStartTrials } = await getPlatformSettings(tx)
  if (!autoStartTrials) return null
  const reason = trust.isFlagged
    ? untrustedReason(trust.score, (await getTrialTrustSettings(tx)).flagBelowScore)
    : null
  await tx.insert(trialAutostarts).values({
    personId,
    status: reason ? 'waiting' : 'queued',
    reason,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  })
  return reason
}

/**
 * Claims the queued request due first that no other process holds: the row lock with SKIP LOCKED
 * keeps two processes off one row, and the lease (`until`, renewed while its line is being made)
 * off it afterwards; a lapsed lease is a process that died, and the row is due again.
 */
export async function claimDueAutostart(
  db: Db,
  now: Date,
  until: Date,
): Promise<AutostartRow | undefined> {
  const due = db
    .select({ personId: trialAutostarts.personId })
    .from(trialAutostarts)
    .where(
      and(
        eq(trialAutostarts.status, 'queued'),
        lte(trialAutostarts.nextAttemptAt, now),
        isUnclaimedAt(trialAutostarts.claimedUntil, now),
      ),
    )
    .orderBy(trialAutostarts.nextAttemptAt)
    .limit(1)
    .for('update', { skipLocked: true })
  const [row] = await db
    .update(trialAutostarts)
    .set({ claimedUntil: until, attempts: sql`${trialAutostarts.attempts} + 1`, updatedAt: now })
    .where(inArray(trialAutostarts.personId, due))
    .returning()
  return row
}

/** Only a claim that is still this one (no later try took the row over) is renewed or recorded. */
const isSameClaim = (claimed: AutostartRow) =>
  isClaimAttempt(
    [trialAutostarts.personId, claimed.personId],
    [trialAutostarts.attempts, claimed.attempts],
  )

/** Extends the lease of a request this process is still starting. */
export async function renewAutostart(db: Db, claimed: AutostartRow, until: Date): Promise<void> {
  await db
    .update(trialAutostarts)
    .set({ claimedUntil: until })
    .where(and(isSameClaim(claimed), eq(trialAutostarts.status, 'queued')))
}

export type AutostartOutcome =
  | { status: 'started' }
  | { status: 'skipped'; reason: string }
  /** Tried again at `retryAt`, with the panel's (or our) words. */
  | { status: 'retry'; error: string; retryAt: Date }

/** Records how a claimed try went, only while the claim is still this one's. */
export async function recordAutostart(
  db: Db,
  claimed: AutostartRow,
  outcome: AutostartOutcome,
  now: Date,
): Promise<void> {
  const changes =
    outcome.status === 'started'
      ? { status: 'started' as const, startedAt: now, lastError: null }
      : outcome.status === 'skipped'
        ? { status: 'skipped' as const, reason: outcome.reason }
        : { lastError: outcome.error, nextAttemptAt: outcome.retryAt }
  await db
    .update(trialAutostarts)
    .set({ ...changes, claimedUntil: null, updatedAt: now })
    .where(isSameClaim(claimed))
}

/** A request's autopilot state for its admin view; null when the autopilot never took it. */
export async function getPersonAutostart(db: Db, personId: string): Promise<PersonAutostart> {
  const [[person], { autoStartTrials }] = await Promise.all([
    db
      .select({ row: trialAutostarts })
      .from(trialRequests)
      .leftJoin(trialAutostarts, eq(trialAutostarts.personId, trialRequests.id))
      .where(eq(trialRequests.id, personId)),
    getPlatformSettings(db),
  ])
  if (!person) throw notFound('Trial request not found')
  const { row } = person
  if (!row) return null
  return {
    status: row.status,
    reason: row.reason,
    lastError: row.status === 'queued' ? row.lastError : null,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'queued' ? row.nextAttemptAt.toISOString() : null,
    startedAt: row.startedAt?.toISOString() ?? null,
    isOn: autoStartTrials,
  }
}

/**
 * Whether the autopilot is making this request's line, so its login is on its way by e-mail:
 * what the visitor is told on sending the form. (The autopilot skips one an admin got to first,
 * but then the login goes out all the same.)
 */
export async function isLoginOnItsWay(db: Db, personId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: trialAutostarts.status })
    .from(trialAutostarts)
    .where(eq(trialAutostarts.personId, personId))
  return row?.status === 'queued' || row?.status === 'started'
}

/** Still waiting: on trial, not rejected, and no admin has made the line meanwhile. */
export const stillWaiting = sql`${trialAutostarts.status} in ('queued', 'waiting')
  and ${trialRequests.subscriptionStatus} = 'trial' and ${trialRequests.status} <> 'Rejected'
  and not exists (select 1 from ${m3uLines} where ${m3uLines.trialRequestId} = ${trialAutostarts.personId}
    and ${m3uLines.supplierId} is not null)`

/** How many trials the autopilot started lately, how many wait, and how fast logins went out. */
export async function getAutopilotStats(db: Db, now: Date): Promise<AutopilotStats> {
  const since = new Date(now.getTime() - autopilotStatsDays * day)
  const firstLoginSent = db
    .select({ sentAt: sql<Date>`min(${outboxMessages.sentAt})`.as('sent_at') })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.trialRequestId, trialAutostarts.personId),
        eq(outboxMessages.kind, 'line_login'),
        isNotNull(outboxMessages.sentAt),
      ),
    )
  const isRecentStart = sql`${trialAutostarts.status} = 'started' and ${trialAutostarts.startedAt} >= ${since.toISOString()}::timestamptz`
  const [[figures], { autoStartTrials }] = await Promise.all([
    queryRows<{ started: number; waiting: number; median: number | null }>(
      db,
      sql`select count(*) filter (where ${isRecentStart})::int as started,
        count(*) filter (where ${stillWaiting})::int as waiting,
        percentile_cont(0.5) within group (
          order by extract(epoch from (login.sent_at - ${trialRequests.createdAt}))
        ) filter (where ${isRecentStart} and login.sent_at is not null) as median
      from ${trialAutostarts}
      join ${trialRequests} on ${trialRequests.id} = ${trialAutostarts.personId}
      left join lateral (${firstLoginSent}) login on true`,
    ),
    getPlatformSettings(db),
  ])
  return {
    isOn: autoStartTrials,
    started: figures?.started ?? 0,
    waiting: figures?.waiting ?? 0,
    medianSecondsToLogin: figures?.median === null ? null : Math.round(Number(figures!.median)),
  }
}
