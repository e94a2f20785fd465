import { asc, eq } from 'drizzle-orm'
import { profitMargin, type Plan, type PlanValues } from '../../../common/plans'
import { toCents } from '../../../common/money'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema/plans'
import { notFound } from '../../lib/http-error'
import { claimSetting } from '../settings/settings-commands'

type PlanRow = typeof plans.$inferSelect

export function presentPlan(row: PlanRow): Plan {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }
}

/** A plan as anyone but an admin sees it: what we pay for it and earn on it left out. */
export function publicPlan(plan: Plan): Plan {
  const { costPerMonth: _cost, profitMargin: _margin, ...shown } = plan
  return shown
}

/** The row to store for validated plan values, with the margin computed here, never trusted. */
export function planRow(values: PlanValues) {
  const margin = profitMargin(
    toCents(values.price) ?? 0,
    toCents(values.costPerMonth) ?? 0,
    values.billingPeriod,
  )
  return { ...values, description: values.description ?? null, profitMargin: margin }
}

/** Plans in public order (sortOrder, then price); only active ones unless `includeInactive`. */
export async function listPlans(
  db: Db,
  { includeInactive }: { includeInactive: boolean },
): Promise<Plan[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(includeInactive ? undefined : eq(plans.active, true))
    .orderBy(asc(plans.sortOrder), asc(plans.price), asc(plans.name))
  return rows.map(presentPlan)
}

const seededKey = 'seed.plan-templates'

/**
 * A fresh install gets the twelve templates so the site is never empty. Recorded in settings,
 * so plans an admin later deletes are not brought back.
 */
export async function seedPlanTemplates(db: Db, templates: PlanValues[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimSetting(tx, seededKey, true))) return
    const [existing] = await tx.select({ id: plans.id }).from(plans).limit(1)
    if (existing) return
    await tx.insert(plans).values(templates.map(planRow))
  })
}

export async function createPlan(db: Db, values: PlanValues, now: Date): Promise<Plan> {
  const [row] = await db
    .insert(plans)
    .values({ ...planRow(values), createdAt: now, updatedAt: now })
    .returning()
  return presentPlan(row!)
}

export async function updatePlan(db: Db, id: string, values: PlanValues, now: Date): Promise<Plan> {
  const [row] = await db
    .update(plans)
    .set({ ...planRow(values), updatedAt: now })
    .where(eq(plans.id, id))
    .returning()
  if (!row) throw notFound('Plan not found')
  return presentPlan(row)
}

export async function deletePlan(db: Db, id: string): Promise<void> {
  const rows = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id })
  if (!rows.length) throw notFound('Plan not found')
}
