import { sql } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { Db } from '../../db/client'
import type { OweLines } from '../m3u/line-owed'
import { passOverPastReminders } from '../messages/reminders.service'
import { recordImportedPayments } from '../payments/imported-payments'
import {
  applyImportedSubscriptions,
  recordImportedRenewals,
  type ImportedSubscription,
} from '../subscriptions/imported-subscriptions'
import { createImportedPeople } from '../trial-requests/imported-people'
import type { ImportPlan, PlannedPerson } from './payment-history-plan'

// Many rows per statement, and a progress report after each: fifty thousand rows are twenty.
const batchSize = 2500

/** Told how many of the planned payments are written, after each batch. */
export type WriteProgress = (written: number, total: number) => void

/** The person's subscription after their imported periods: active while the last runs on. */
function subscriptionAfter(person: PlannedPerson, now: Date): ImportedSubscription {
  const first = person.payments[0]!
  const last = person.payments.at(-1)!
  return {
    personId: person.id!,
    status: last.newEnd > now ? 'active' : 'expired',
    paidPlan: last.planName,
    end: last.newEnd,
    // A conversion sets the subscription's start and price: revenue of its month (decision 0004).
    conversion: first.isConversion
      ? { start: first.periodStart, price: formatCents(first.amountMinor) }
      : null,
  }
}

/** People in the file's order, in groups of about `batchSize` payments. */
function groupsOf(people: PlannedPerson[]): PlannedPerson[][] {
  const groups: PlannedPerson[][] = [[]]
  let size = 0
  for (const person of people) {
    if (size >= batchSize) {
      groups.push([])
      size = 0
    }
    groups.at(-1)!.push(person)
    size += person.payments.length
  }
  return groups
}

/** Creates the new people (`trial-requests`' command); a new person is planned once per key. */
async function createPeople(tx: Db, people: PlannedPerson[], now: Date) {
  const idOf = await createImportedPeople(
    tx,
    people.map((person) => ({
      firstName: person.row.firstName,
      lastName: person.row.lastName,
      email: person.row.email,
      emailKey: person.emailKey,
      plan: person.payments[0]!.planName,
      createdAt: person.payments[0]!.row.paidAt,
    })),
    now,
  )
  for (const person of people) person.id = idOf.get(person.emailKey)!
}

/**
 * Writes a planned import inside the caller's transaction: the new people, each person's
 * subscription after their periods, a renewal for every payment after the first paid one
 * (revenue of the month it was paid, like the conversion), and the payments, paid, with their
 * periods and no receipt number: history received elsewhere is not a receipt we issued. Nothing
 * is queued: no e-mail, and the reminders (the message on expiry included) whose moment has
 * passed are marked sent, so the reminder pass tells nobody of history. A customer whose period
 * runs on is owed a line with `oweLines` (the autopilot's: its login e-mail is the line's, sent
 * when it is made); without, the list says they need one. Written a group of people at a time,
 * each group's payments told to `onProgress`.
 */
export async function writePaymentHistory(
  tx: Db,
  plan: ImportPlan,
  {
    now,
    createdBy,
    onProgress,
    oweLines,
  }: {
    now: Date
    createdBy: string
    onProgress?: WriteProgress
    /** Set while the trial autopilot is on: the lines of customers whose period runs on. */
    oweLines?: OweLines | null
  },
): Promise<void> {
  const total = plan.people.reduce((sum, person) => sum + person.payments.length, 0)
  let written = 0
  for (const group of groupsOf(plan.people)) {
    await createPeople(
      tx,
      group.filter((person) => person.isNew),
      now,
    )
    // Each owner writes its own rows (decision 0046): the subscriptions, their renewals, the payments.
    const subscriptions = group.map((person) => subscriptionAfter(person, now))
    await applyImportedSubscriptions(tx, subscriptions, now)
    // A customer whose paid period runs on is owed a line as a paid one is (the autopilot's).
    await oweLines?.(
      tx,
      subscriptions.filter(({ status }) => status === 'active').map(({ personId }) => personId),
      now,
    )
    const planned = group.flatMap((person) =>
      person.payments.map((payment) => ({ personId: person.id!, payment })),
    )
    await recordImportedRenewals(
      tx,
      planned
        .filter(({ payment }) => !payment.isConversion)
        .map(({ personId, payment }) => ({
          trialRequestId: personId,
          paidPlan: payment.planName,
          months: payment.row.months,
          price: formatCents(payment.amountMinor),
          paidAt: payment.row.paidAt,
          previousEnd: payment.previousEnd,
          newEnd: payment.newEnd,
          createdBy,
        })),
      now,
    )
    await recordImportedPayments(
      tx,
      planned.map(({ personId, payment }) => ({
        trialRequestId: personId,
        planId: payment.planId,
        planName: payment.planName,
        months: payment.row.months,
        amountMinor: payment.amountMinor,
        currency: payment.row.currency,
        method: payment.row.method ?? 'other',
        reference: payment.row.reference ?? null,
        previousEnd: payment.previousEnd,
        newEnd: payment.newEnd,
        periodStart: payment.periodStart,
        paidAt: payment.row.paidAt,
        createdBy,
      })),
      now,
    )
    // History is told to nobody: its reminders and expiry messages already due are passed over.
    await passOverPastReminders(
      tx,
      group.map((person) => ({ personId: person.id!, periodEnd: person.payments.at(-1)!.newEnd })),
      now,
    )
    written += planned.length
    onProgress?.(written, total)
  }
}

/** One import at a time: the second waits, then finds the first's payments already imported. */
export async function holdImportLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-history-import'))`)
}
