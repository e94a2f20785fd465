import { eq, sql } from 'drizzle-orm'
import { formatCents } from '../../../common/money'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { newSubscriptionId } from '../../lib/subscription-id'
import type { ImportPlan, PlannedPerson } from './payment-history-plan'

// Many rows per statement: a year of history for thousands of people stays a few statements.
const batchSize = 1000

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += batchSize) await insert(rows.slice(i, i + batchSize))
}

/** The person's subscription after their imported periods: active while the last runs on. */
function subscriptionAfter(person: PlannedPerson, now: Date) {
  const last = person.payments.at(-1)!
  const first = person.payments[0]!
  return {
    subscriptionStatus: last.newEnd > now ? ('active' as const) : ('expired' as const),
    paidPlan: last.planName,
    subscriptionEndDate: last.newEnd,
    updatedAt: now,
    // A conversion sets the subscription's start and price: revenue of its month (decision 0004).
    ...(first.isConversion
      ? {
          subscriptionStartDate: first.periodStart,
          subscriptionPrice: formatCents(first.amountMinor),
        }
      : {}),
  }
}

/**
 * Writes a planned import inside the caller's transaction: the new people (marked imported, so
 * the trial cohorts leave them out), each person's subscription after their periods, a renewal
 * for every payment after the first paid one (revenue of the month it was paid, like the
 * conversion), and the payments, paid, with their periods and no receipt number: history
 * received elsewhere is not a receipt we issued. Nothing is queued: no e-mail, no panel line.
 */
export async function writePaymentHistory(
  tx: Db,
  plan: ImportPlan,
  { now, createdBy }: { now: Date; createdBy: string },
): Promise<void> {
  const created = plan.people.filter((person) => person.isNew)
  await insertInBatches(created, async (batch) => {
    const ids = await tx
      .insert(trialRequests)
      .values(
        batch.map((person) => ({
          firstName: person.row.firstName,
          lastName: person.row.lastName,
          name: `${person.row.firstName} ${person.row.lastName}`,
          email: person.row.email,
          emailKey: person.emailKey,
          plan: person.payments[0]!.planName,
          subscriptionId: newSubscriptionId(),
          importedAt: now,
          createdAt: person.payments[0]!.row.paidAt,
          ...subscriptionAfter(person, now),
        })),
      )
      .returning({ id: trialRequests.id })
    batch.forEach((person, i) => (person.id = ids[i]!.id))
  })
  for (const person of plan.people.filter((candidate) => !candidate.isNew)) {
    await tx
      .update(trialRequests)
      .set(subscriptionAfter(person, now))
      .where(eq(trialRequests.id, person.id!))
  }
  const planned = plan.people.flatMap((person) =>
    person.payments.map((payment) => ({ personId: person.id!, payment })),
  )
  const renewals = planned.filter(({ payment }) => !payment.isConversion)
  await insertInBatches(renewals, (batch) =>
    tx.insert(subscriptionRenewals).values(
      batch.map(({ personId, payment }) => ({
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
    ),
  )
  await insertInBatches(planned, (batch) =>
    tx.insert(payments).values(
      batch.map(({ personId, payment }) => ({
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
    ),
  )
}

/** One import at a time: the second waits, then finds the first's payments already imported. */
export async function holdImportLock(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment-history-import'))`)
}
