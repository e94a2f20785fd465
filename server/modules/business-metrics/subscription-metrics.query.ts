import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { businessMetricState } from '../../db/schema/business-metric-months'

/** One month's sums as PostgreSQL keeps them: integer cents and counts, as text. */
export type MonthSums = {
  month: string
  mrr: string
  new_mrr: string
  expansion_mrr: string
  contraction_mrr: string
  churned_mrr: string
  reactivation_mrr: string
  paying: string
  paying_before: string
  churned: string
  gross_cash: string
  refunds: string
  recognised: string
  deferred: string
  trials_started: string
  trials_converted: string
}

/**
 * Makes sure the kept monthly sums are counted in `timeZone`. Triggers keep them as payments,
 * refunds and trials change (migration `business-metric-months`), in the zone they were built
 * in; the first read after the business time zone changes (or ever) rebuilds them all.
 */
export async function keepMonthsIn(db: Db, timeZone: string): Promise<void> {
  const [state] = await db.select().from(businessMetricState)
  if (state?.timeZone === timeZone) return
  await db.transaction(async (tx) => {
    await tx.execute(sql`select business_metric_rebuild(${timeZone})`)
  })
}

/**
 * The owner's numbers for `count` calendar months from `first` ("2025-01-01"), read from the
 * kept sums (definitions: common/business-metrics.ts, docs/payments.md §9): a few dozen rows
 * however long the history. Month 0 is the one before the range, whose end is every figure's
 * "month before"; deferred revenue at a month's end is all cash to date less refunds and revenue
 * earned to date.
 */
export async function monthSums(
  db: Db,
  { first, count }: { first: string; count: number },
): Promise<MonthSums[]> {
  const result = await db.execute(sql`
    with range as (
      select j, (${first}::date + make_interval(months => j - 1))::date as month
      from generate_series(0, ${count}::int) as j
    ),
    figures as (
      select r.j, r.month as range_month, m.mrr, m.new_mrr, m.expansion_mrr, m.contraction_mrr,
        m.churned_mrr, m.reactivation_mrr, m.paying, m.churned, m.gross_cash, m.refunds,
        m.recognised, m.trials_started, m.trials_converted,
        lag(coalesce(m.paying, 0)) over (order by r.j) as paying_before,
        (select coalesce(sum(e.gross_cash - e.refunds - e.recognised), 0)
          from business_metric_months e where e.month < (select month from range where j = 0))
        + sum(coalesce(m.gross_cash - m.refunds - m.recognised, 0)) over (order by r.j) as deferred
      from range r left join business_metric_months m on m.month = r.month
    )
    select to_char(f.range_month, 'YYYY-MM') as month,
      coalesce(f.mrr, 0)::text as mrr,
      coalesce(f.new_mrr, 0)::text as new_mrr,
      coalesce(f.expansion_mrr, 0)::text as expansion_mrr,
      coalesce(f.contraction_mrr, 0)::text as contraction_mrr,
      coalesce(f.churned_mrr, 0)::text as churned_mrr,
      coalesce(f.reactivation_mrr, 0)::text as reactivation_mrr,
      coalesce(f.paying, 0)::text as paying,
      f.paying_before::text as paying_before,
      coalesce(f.churned, 0)::text as churned,
      coalesce(f.gross_cash, 0)::text as gross_cash,
      coalesce(f.refunds, 0)::text as refunds,
      coalesce(f.recognised, 0)::text as recognised,
      f.deferred::text as deferred,
      coalesce(f.trials_started, 0)::text as trials_started,
      coalesce(f.trials_converted, 0)::text as trials_converted
    from figures f
    where f.j >= 1
    order by f.j
  `)
  return (result as unknown as { rows: MonthSums[] }).rows
}

/** MRR and paying customers at the instant `at` (business_metric_mrr_at), in cents and people. */
export async function figuresAt(db: Db, at: Date): Promise<{ mrr: number; paying: number }> {
  const result = await db.execute(
    sql`select mrr::text as mrr, paying from business_metric_mrr_at(${at.toISOString()}::timestamptz)`,
  )
  const [row] = (result as unknown as { rows: { mrr: string; paying: number }[] }).rows
  return { mrr: Number(row!.mrr), paying: Number(row!.paying) }
}
