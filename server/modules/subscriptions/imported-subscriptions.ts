import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { subscriptionRenewals } from '../../db/schema/subscription-renewals'
import { trialRequests } from '../../db/schema/trial-requests'
import { insertMany } from '../../db/insert-many'

/** A person's subscription as their imported history leaves it. */
export type ImportedSubscription = {
  personId: string
  /** Active while the last imported period runs on. */
  status: 'active' | 'expired'
  paidPlan: string
  end: Date
  /** When the import's first payment converts them: the subscription's start and price. */
  conversion: { start: Date; price: string } | null
}

/** A renewal the import records: revenue of the month it was paid, like any other. */
export type ImportedRenewal = Omit<
  typeof subscriptionRenewals.$inferInsert,
  'id' | 'requestId' | 'createdAt'
>

const param = (values: (string | null)[]) => sql.param(values)
const time = (date: Date | null | undefined) => date?.toISOString() ?? null

/**
 * Sets the subscriptions an imported history leaves, one statement for many people: status,
 * paid plan and end; the start and price only for those the import converts.
 */
export async function applyImportedSubscriptions(
  tx: Db,
  subscriptions: ImportedSubscription[],
  now: Date,
): Promise<void> {
  if (subscriptions.length === 0) return
  const imported = sql`unnest(
    ${param(subscriptions.map((s) => s.personId))}::uuid[],
    ${param(subscriptions.map((s) => s.status))}::text[],
    ${param(subscriptions.map((s) => s.paidPlan))}::text[],
    ${param(subscriptions.map((s) => time(s.end)))}::timestamptz[],
    ${param(subscriptions.map((s) => time(s.conversion?.start)))}::timestamptz[],
    ${param(subscriptions.map((s) => s.conversion?.price ?? null))}::numeric[]
  ) as imported(id, status, paid_plan, end_date, start_date, price)`
  await tx
    .update(trialRequests)
    .set({
      subscriptionStatus: sql`imported.status`,
      paidPlan: sql`imported.paid_plan`,
      subscriptionEndDate: sql`imported.end_date`,
      subscriptionStartDate: sql`coalesce(imported.start_date, ${trialRequests.subscriptionStartDate})`,
      subscriptionPrice: sql`coalesce(imported.price, ${trialRequests.subscriptionPrice})`,
      updatedAt: now,
    })
    .from(imported)
    .where(sql`${trialRequests.id} = imported.id`)
}

/** Records imported renewals in one statement, created now. */
export async function recordImportedRenewals(
  tx: Db,
  renewals: ImportedRenewal[],
  now: Date,
): Promise<void> {
  await insertMany(
    tx,
    subscriptionRenewals,
    renewals.map((renewal) => ({ ...renewal, createdAt: now })),
  )
}
