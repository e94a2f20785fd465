import { desc, eq, sql } from 'drizzle-orm'
import type { CompensationProgress } from '../../../common/compensations'
import type { Db } from '../../db/client'
import { compensationItems, compensations } from '../../db/schema/compensations'
import { notFound } from '../../lib/http-error'

/** How far a compensation has gone: its subscriptions done, failed at the panel, skipped. */
export async function compensationProgress(db: Db, id: string): Promise<CompensationProgress> {
  const [row] = await db.select().from(compensations).where(eq(compensations.id, id))
  if (!row) throw notFound('Compensation not found')
  const counts = await db
    .select({ state: compensationItems.state, count: sql<number>`count(*)::int` })
    .from(compensationItems)
    .where(eq(compensationItems.compensationId, id))
    .groupBy(compensationItems.state)
  const countOf = (state: string) => counts.find((entry) => entry.state === state)?.count ?? 0
  return {
    id: row.id,
    status: row.finishedAt ? 'finished' : 'running',
    days: row.days,
    activeAt: row.activeAt.toISOString(),
    note: row.note,
    notify: row.notify,
    total: row.total,
    done: countOf('done'),
    failed: countOf('failed'),
    skipped: countOf('skipped'),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/** The five latest compensations, newest first, each with its progress. */
export async function recentCompensations(db: Db): Promise<CompensationProgress[]> {
  const recent = await db
    .select({ id: compensations.id })
    .from(compensations)
    .orderBy(desc(compensations.createdAt), desc(compensations.id))
    .limit(5)
  return Promise.all(recent.map(({ id }) => compensationProgress(db, id)))
}
