import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { payments } from '../../db/schema/payments'
import { plans } from '../../db/schema/plans'

export type Plan = typeof plans.$inferSelect

async function planById(db: Db, id: string | null): Promise<Plan | undefined> {
  if (!id) return undefined
  const [plan] = await db.select().from(plans).where(eq(plans.id, id))
  return plan
}

/**
 * The plan a person's next period is charged for: the one scheduled for it, else the one they
 * last paid for, else their subscription's plan by name (a subscription recorded by an admin).
 */
export async function renewalPlanOf(
  db: Db,
  person: { id: string; paidPlan: string | null; scheduledPlanId: string | null },
): Promise<Plan | undefined> {
  const scheduled = await planById(db, person.scheduledPlanId)
  if (scheduled) return scheduled
  const [last] = await db
    .select({ planId: payments.planId })
    .from(payments)
    .where(
      and(
        eq(payments.trialRequestId, person.id),
        eq(payments.status, 'paid'),
        isNotNull(payments.planId),
      ),
    )
    .orderBy(desc(payments.paidAt))
    .limit(1)
  const paid = await planById(db, last?.planId ?? null)
  if (paid?.name === person.paidPlan || (paid && !person.paidPlan)) return paid
  if (!person.paidPlan) return undefined
  const [named] = await db
    .select()
    .from(plans)
    .where(eq(plans.name, person.paidPlan))
    .orderBy(desc(plans.active))
    .limit(1)
  return named
}
