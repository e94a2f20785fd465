import { desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { plans } from '../../db/schema/plans'
import { getPlatformSettings } from '../settings/settings.service'

/**
 * Screens a line for `planName` plays on at once: the plan's connections. A name no plan carries
 * (a custom request, "not sure yet", a plan since deleted) gets the Business Settings' default.
 * Names are matched without regard to case; an active plan wins over an inactive one of that name.
 */
export async function planConnections(db: Db, planName: string | null): Promise<number> {
  const name = planName?.trim()
  if (name) {
    const [plan] = await db
      .select({ maxConnections: plans.maxConnections })
      .from(plans)
      .where(eq(sql`lower(${plans.name})`, name.toLowerCase()))
      .orderBy(desc(plans.active), plans.sortOrder)
      .limit(1)
    if (plan) return plan.maxConnections
  }
  return (await getPlatformSettings(db)).maxConcurrentStreams
}

/**
 * Screens a person may play on at once, as every page and e-mail says it: their line's own limit
 * (ours, else what the panel last told us), or without one their plan's.
 */
export async function personScreens(
  db: Db,
  line: { maxConnections: number | null; panelMaxConnections: number | null } | null,
  planName: string | null,
): Promise<number> {
  return line?.maxConnections ?? line?.panelMaxConnections ?? (await planConnections(db, planName))
}
