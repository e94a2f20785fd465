import { eq, sql } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { insertMany } from '../../db/insert-many'
import { newSubscriptionId } from '../../lib/subscription-id'
import type { ImportPlan, PlannedPerson } from './payment-history-plan'

// Many rows per statement, and a progress report after each: fifty thousand rows are twenty.
const batchSize = 2500

/** Told how many of the planned payments are written, after each batch. */
export type WriteProgress = (written: number, total: number) => void

/** The person's subscription after their imported periods: active while the last runs on. */
function subscriptionAfter(person: PlannedPerson, now: Date) {
  const last = person.payments.at(-1)!
  return {
    subscriptionStatus: last.newEnd > now ? ('active' as const) : ('expired' as const),
    paidPlan: last.planName,
    subscriptionEndDate: last.newEnd,
    updatedAt: now,
  }
}

/** A conversion sets the subscription's start and price: revenue of its month (decision 0004). */
function conversionOf(person: PlannedPerson) {
  const first = person.payments[0]!
  return first.isConversion
    ? {
        subscriptionStartDate: first.periodStart,
        subscriptionPrice: formatCents(first.amountMinor),
      }
    : {}
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

/** Creates the new people, marked imported so that the trial cohorts leave them out. */
async function createPeople(tx: Db, people: PlannedPerson[], now: Date) {
  const created = await insertMany(
    tx,
    trialRequests,
    people.map((person) => {
      const first = person.payments[0]!
      return {
        firstName: person.row.firstName,
        lastName: person.row.lastName,
        name: `${person.row.firstName} ${person.row.lastName}`,
        email: person.row.email,
        emailKey: person.emailKey,
        plan: first.planName,
        subscriptionId: newSubscriptionId(),
        importedAt: now,
        createdAt: first.row.paidAt,
        ...subscriptionAfter(person, now),
        // A new person's first payment always converts them.
        subscriptionStartDate: first.periodStart,
        subscriptionPrice: formatCents(first.amountMinor),
      }
    }),
    ['id', 'emailKey'],
  )
  // A new person is planned once per e-mail key: the key finds their id.
  const idOf = new Map(created.map((row) => [row.emailKey, row.id]))
  for (const person of people) person.id = idOf.get(person.emailKey)!
}

/**
 * Writes a planned import inside the caller's transaction: the new people, each person's
 * subscription after their periods, a renewal for every payment after the first paid one
 * (revenue of the month it was paid, like the conversion), and the payments, paid, with their
 * periods and no receipt number: history received elsewhere is not a receipt we issued. Nothing
 * is queued: no e-mail, no panel line. Written a group of people at a time, each group's
 * payments told to `onProgress`.
 */
export async function writePaymentHistory(
  tx: Db,
  plan: ImportPlan,
  { now, createdBy, onProgress }: { now: Date; createdBy: string; onProgress?: WriteProgress },
): Promise<void> {
  const total = plan.people.reduce((sum, person) => sum + person.payments.length, 0)
  let written = 0
  for (const group of groupsOf(plan.people)) {
    await createPeople(
      tx,
      group.filter((person) => person.isNew),
      now,
    )
    for (const person of group.filter((candidate) => !candidate.isNew)) {
      await tx
        .update(trialRequests)
        .set({ ...subscriptionAfter(person, now), ...conversionOf(person) })
        .where(eq(trialRequests.id, person.id!))
    }
    const planned = group.flatMap((person) =>
      person.payments.map((payment) => ({ personId: person.id!, payment })),
    )
    await insertMany(
      tx,
      subscriptionRenewals,
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
          createdAt: now,
        })),
    )
    await insertMany(
      tx,
      payments,
      planned.map(({ personId, payment }) => ({
        trialRequestId: personId,
        planId: payment.planId,
        planName: payment.planName,
        months: payment.row.months,
        amountMinor: payment.amountMinor,
        listAmountMinor: payment.amountMinor,
        currency: payment.row.currency,
        provider: 'manual' as const,
        method: payment.row.method ?? 'other',
        reference: payment.row.reference ?? null,
        status: 'paid' as const,
        previousEnd: payment.previousEnd,
        newEnd: payment.newEnd,
        periodStart: payment.periodStart,
        paidAt: payment.row.paidAt,
        createdBy,
        // Listed among the person's payments when it was paid, not when it was imported.
        createdAt: payment.row.paidAt,
        updatedAt: now,
      })),
    )
    written += planned.length
    onProgress?.(written, total)
  }
}

/** One import at a time: the second waits, then finds the first's payments already imported. */
export async function holdImportLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-history-import'))`)
}
