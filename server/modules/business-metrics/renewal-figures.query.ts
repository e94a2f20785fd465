import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** One month's renewal figures, counts as text. */
export type RenewalMonth = {
  month: string
  failed: string
  recovered: string
  involuntary: string
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/**
 * Renewals by calendar month of `zone`, read afresh (a few rows, like "MRR now"):
 * - failed: renewals that ended unpaid (`failed`), in the month of the end they would have
 *   continued, the month their customer's churn shows;
 * - recovered: renewals paid after at least one declined attempt, in the month paid;
 * - involuntary: of the month's churned people (the kept sums), those with a failed renewal of an
 *   end in that month: their card failed, they did not choose to go.
 */
export async function renewalMonths(
  db: Db,
  { first, count }: { first: string; count: number },
  zone: string,
): Promise<RenewalMonth[]> {
  const result = await db.execute(sql`
    with range as (
      select (${first}::date + make_interval(months => j))::date as month
      from generate_series(0, ${count}::int - 1) as j
    ),
    failed as (
      select p.trial_request_id as person,
        date_trunc('month', p.renews_period_end at time zone ${zone})::date as month
      from payments p
      where p.kind = 'renewal' and p.status = 'failed' and p.renews_period_end is not null
    )
    select to_char(r.month, 'YYYY-MM') as month,
      (select count(*) from failed f where f.month = r.month)::text as failed,
      (select count(*) from payments p
        where p.kind = 'renewal' and p.paid_at is not null
          and date_trunc('month', p.paid_at at time zone ${zone})::date = r.month
          and exists (select 1 from renewal_attempts a
            where a.payment_id = p.id and a.outcome = 'declined'))::text as recovered,
      (select count(*) from business_metric_person_months m
        where m.month = r.month and m.churned > 0
          and exists (select 1 from failed f where f.person = m.person and f.month = r.month)
      )::text as involuntary
    from range r
    order by r.month
  `)
  return rowsOf<RenewalMonth>(result)
}

/**
 * Automatic renewals due in the 30 days after `now`: auto-renewing subscriptions whose end falls
 * in them, each at its renewal plan's price (the plan scheduled for the next period, else the
 * plan last paid for). The amount sums those in `currency`, the figures' one; a renewal in
 * another currency is counted but not summed (the figures assume one currency).
 */
export async function upcomingRenewals(
  db: Db,
  now: Date,
  currency: string,
): Promise<{ count: number; amountMinor: number }> {
  const until = new Date(now.getTime() + 30 * 24 * 3_600_000)
  const result = await db.execute(sql`
    select count(*)::int as count,
      coalesce(sum(round(pl.price * 100)) filter (where upper(pl.currency) = ${currency}), 0)::text
        as amount_minor
    from auto_renewals a
    join trial_requests t on t.id = a.trial_request_id
    left join plans pl on pl.id = coalesce(a.scheduled_plan_id, (
      select p.plan_id from payments p
      where p.trial_request_id = t.id and p.paid_at is not null and p.plan_id is not null
      order by p.paid_at desc limit 1))
    where a.auto_renew
      and t.subscription_end_date > ${now.toISOString()}::timestamptz
      and t.subscription_end_date <= ${until.toISOString()}::timestamptz
  `)
  const [row] = rowsOf<{ count: number; amount_minor: string }>(result)
  return { count: Number(row!.count), amountMinor: Number(row!.amount_minor) }
}
