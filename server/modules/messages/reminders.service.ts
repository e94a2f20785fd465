import { and, between, inArray, isNotNull, isNull, not, sql } from 'drizzle-orm'
import type { ReminderKind } from '../../../common/messages'
import type { Db } from '../../db/client'
import { autoRenewals } from '../../db/schema/auto-renewals'
import { m3uLines } from '../../db/schema/m3u-lines'
import { messagePreferences } from '../../db/schema/message-preferences'
import { messageReminders } from '../../db/schema/message-reminders'
import { trialRequests } from '../../db/schema/trial-requests'
import { getPlatformSettings, getReminderSettings } from '../settings/settings.service'
import { queueMessageOnce } from './message-once'
import { ensureUnsubscribeToken } from './unsubscribe.service'

const minute = 60_000
const hour = 60
const day = 24 * hour

/**
 * How late a reminder may still go, in minutes: half its distance to the end (at least an hour,
 * at most 12), so a job that was down never sends the 7-day reminder 2 days before; the message
 * on expiry may go for a day.
 */
export function reminderWindowMinutes(offsetMinutes: number): number {
  if (offsetMinutes === 0) return day
  return Math.min(Math.max(offsetMinutes / 2, hour), 12 * hour)
}

function timeLeftText(offsetMinutes: number): string {
  const [count, unit] =
    offsetMinutes % day === 0 ? [offsetMinutes / day, 'day'] : [offsetMinutes / hour, 'hour']
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

type Candidate = {
  id: string
  email: string
  paidPlan: string | null
  periodEnd: Date
}

type Offset = { kind: ReminderKind; minutes: number }

/** The reminders due now for one person: past their moment, and not later than their window. */
function dueOffsets(periodEnd: Date, offsets: Offset[], now: Date): Offset[] {
  return offsets.filter(({ minutes }) => {
    const lateBy = (now.getTime() - (periodEnd.getTime() - minutes * minute)) / minute
    return lateBy >= 0 && lateBy <= reminderWindowMinutes(minutes)
  })
}

// The last reminders before a paid period ends (3 days, the last day) renew in one tap.
const oneTapFromMinutes = 3 * day
const offersOneTap = ({ kind, minutes }: Offset) =>
  kind === 'subscription_reminder' && minutes <= oneTapFromMinutes

/** Queues one reminder unless it was queued before (queueMessageOnce), once per period. */
async function queueReminderOnce(db: Db, person: Candidate, offset: Offset, now: Date) {
  return db.transaction(async (tx) => {
    await ensureUnsubscribeToken(tx, person.id, now)
    const key = {
      personId: person.id,
      kind: offset.kind,
      offsetMinutes: offset.minutes,
      periodEnd: person.periodEnd,
    }
    const message = {
      kind: offset.kind,
      recipient: person.email,
      trialRequestId: person.id,
      variables: {
        ...(person.paidPlan ? { planName: person.paidPlan } : {}),
        endAt: person.periodEnd.toISOString(),
        timeLeft: timeLeftText(offset.minutes),
        ...(offersOneTap(offset) ? { oneTap: 'true' } : {}),
      },
    }
    return queueMessageOnce(tx, key, message, now)
  })
}

// Whose subscription renews by itself: the renewal notice tells them instead (decision 0060).
const renewsAutomatically = sql`exists (select 1 from ${autoRenewals}
  where ${autoRenewals.trialRequestId} = ${trialRequests.id}
  and ${autoRenewals.autoRenew} and ${autoRenewals.status} <> 'off')`

// A person who pressed unsubscribe hears no more reminders.
const receivesReminders = sql`not exists (select 1 from ${messagePreferences}
  where ${messagePreferences.trialRequestId} = ${trialRequests.id}
  and ${messagePreferences.remindersStoppedAt} is not null)`

/** Paid subscriptions ending within the furthest offset, or ended within a day. */
async function subscriptionCandidates(db: Db, now: Date, aheadMinutes: number) {
  const rows = await db
    .select({
      id: trialRequests.id,
      email: trialRequests.email,
      paidPlan: trialRequests.paidPlan,
      periodEnd: trialRequests.subscriptionEndDate,
    })
    .from(trialRequests)
    .where(
      and(
        isNotNull(trialRequests.paidPlan),
        inArray(trialRequests.subscriptionStatus, ['active', 'expired']),
        between(
          trialRequests.subscriptionEndDate,
          new Date(now.getTime() - day * minute),
          new Date(now.getTime() + aheadMinutes * minute),
        ),
        receivesReminders,
        not(renewsAutomatically),
      ),
    )
  return rows.filter((row): row is Candidate => row.periodEnd !== null)
}

/** Trials whose line was made (a request never served hears nothing), ending likewise. */
async function trialCandidates(db: Db, now: Date, aheadMinutes: number): Promise<Candidate[]> {
  const { trialDurationHours } = await getPlatformSettings(db)
  const durationMs = trialDurationHours * hour * minute
  const rows = await db
    .select({
      id: trialRequests.id,
      email: trialRequests.email,
      paidPlan: trialRequests.paidPlan,
      createdAt: trialRequests.createdAt,
    })
    .from(trialRequests)
    .where(
      and(
        isNull(trialRequests.paidPlan),
        inArray(trialRequests.subscriptionStatus, ['trial', 'expired']),
        between(
          trialRequests.createdAt,
          new Date(now.getTime() - durationMs - day * minute),
          new Date(now.getTime() - durationMs + aheadMinutes * minute),
        ),
        sql`exists (select 1 from ${m3uLines} where ${m3uLines.trialRequestId} = ${trialRequests.id})`,
        receivesReminders,
      ),
    )
  return rows.map(({ createdAt, ...row }) => ({
    ...row,
    periodEnd: new Date(createdAt.getTime() + durationMs),
  }))
}

/**
 * The reminder pass (the jobs schedule and Expire now): queues each reminder before a trial or
 * subscription ends, and the message on expiry, once per period, skipping those gone stale.
 * Answers how many it queued.
 */
export async function queueDueReminders(db: Db, now: Date): Promise<number> {
  const settings = await getReminderSettings(db)
  const onExpiry: Offset[] = settings.sendsExpiryMessage
    ? [{ kind: 'expiry_notice', minutes: 0 }]
    : []
  const groups = [
    {
      offsets: [
        ...settings.subscriptionReminderDays.map((days) => ({
          kind: 'subscription_reminder' as const,
          minutes: days * day,
        })),
        ...onExpiry,
      ],
      candidates: subscriptionCandidates,
    },
    {
      offsets: [
        ...settings.trialReminderHours.map((hours) => ({
          kind: 'trial_reminder' as const,
          minutes: hours * hour,
        })),
        ...onExpiry,
      ],
      candidates: trialCandidates,
    },
  ]
  let queued = 0
  for (const { offsets, candidates } of groups) {
    const aheadMinutes = Math.max(0, ...offsets.map(({ minutes }) => minutes))
    for (const person of await candidates(db, now, aheadMinutes)) {
      for (const offset of dueOffsets(person.periodEnd, offsets, now)) {
        if (await queueReminderOnce(db, person, offset, now)) queued += 1
      }
    }
  }
  return queued
}

/**
 * Marks every reminder of these paid periods whose moment has passed, the message on expiry
 * included, as sent without sending it: history brought in by an import is told to nobody, not
 * even that an access ended long ago. Reminders still ahead go as usual. In the caller's
 * transaction, one statement.
 */
export async function passOverPastReminders(
  tx: Db,
  periods: { personId: string; periodEnd: Date }[],
  now: Date,
): Promise<void> {
  const settings = await getReminderSettings(tx)
  const offsets: Offset[] = [
    ...settings.subscriptionReminderDays.map((days) => ({
      kind: 'subscription_reminder' as const,
      minutes: days * day,
    })),
    { kind: 'expiry_notice', minutes: 0 },
  ]
  const passed = periods.flatMap(({ personId, periodEnd }) =>
    offsets
      .filter(({ minutes }) => periodEnd.getTime() - minutes * minute <= now.getTime())
      .map(({ kind, minutes }) => ({ personId, kind, minutes, end: periodEnd.toISOString() })),
  )
  if (passed.length === 0) return
  const column = (pick: (row: (typeof passed)[number]) => string | number) =>
    sql.param(passed.map(pick))
  await tx.execute(sql`insert into ${messageReminders}
      (trial_request_id, kind, offset_minutes, period_end, created_at)
    select person, kind, minutes, period_end, ${now.toISOString()}::timestamptz
    from unnest(${column((row) => row.personId)}::uuid[], ${column((row) => row.kind)}::text[],
      ${column((row) => row.minutes)}::int[], ${column((row) => row.end)}::timestamptz[])
      as passed(person, kind, minutes, period_end)
    on conflict do nothing`)
}
