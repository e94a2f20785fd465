import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** One month's sums as PostgreSQL computed them: integer cents and counts, as text. */
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
 * Share of a paid period [s, e) elapsed at `at`, between 0 and 1, in double precision: numeric
 * division cost most of the statement's time, and doubles rounded half up (floor(x + 0.5)) round as JavaScript's Math.round does.
 */
const elapsed = (at: string) =>
  sql.raw(`least(greatest(extract(epoch from ${at} - pe.s)::float8 / pe.length, 0), 1)`)

/**
 * The owner's numbers for `count` calendar months from `first` ("2025-01-01") in `timeZone`, in
 * one set-based statement (definitions: common/business-metrics.ts, docs/payments.md §9).
 *
 * Month j (1..count) is [lo, hi); month 0 is the one before, whose end is every figure's "month
 * before". A paid period is a payment with `period_start` set: [period_start, new_end). Only
 * periods that end after month 0 and were paid before the last month ends can change any figure
 * of the range (older ones are wholly earned, newer ones unknown then), so the statement reads
 * those through `payments_period_idx` and joins each with the few months it touches.
 * Money is integer cents throughout: monthly values are rounded to the cent once per period,
 * and a period's earned share at an instant is rounded to the cent, so every sum is exact and
 * the months' recognised revenue adds up to the amounts paid.
 */
export async function monthSums(
  db: Db,
  { first, count, timeZone }: { first: string; count: number; timeZone: string },
): Promise<MonthSums[]> {
  const result = await db.execute(sql`
    with bounds as (
      select j,
        ((${first}::date + make_interval(months => j - 1))::timestamp at time zone ${timeZone}) as lo,
        ((${first}::date + make_interval(months => j))::timestamp at time zone ${timeZone}) as hi
      from generate_series(0, ${count}::int) as j
    ),
    periods as (
      select coalesce(p.trial_request_id, p.id) as person, p.period_start as s, p.new_end as e,
        p.paid_at as paid, p.amount_minor::bigint as a,
        extract(epoch from p.new_end - p.period_start)::float8 as length,
        round(p.amount_minor::numeric / p.months)::bigint as monthly
      from payments p
      where p.period_start is not null
        and p.new_end >= (select hi from bounds where j = 0)
        and p.paid_at < (select hi from bounds where j = ${count}::int)
    ),
    spread as (
      select pe.person, bo.j, pe.monthly, pe.a,
        pe.s < bo.hi and pe.e >= bo.hi as is_running,
        floor(pe.a * ${elapsed('bo.hi')} + 0.5)::bigint as earned_by_hi,
        floor(pe.a * ${elapsed('bo.lo')} + 0.5)::bigint as earned_by_lo
      from periods pe join bounds bo on pe.e > bo.lo and pe.paid < bo.hi
    ),
    earning as (
      select j, sum(earned_by_hi - earned_by_lo) as recognised, sum(a - earned_by_hi) as unearned
      from spread group by j
    ),
    person_mrr as (
      select person, j, sum(monthly) as mrr from spread where is_running
      group by person, j having sum(monthly) > 0
    ),
    changes as (
      select coalesce(cur.person, prev.person) as person, coalesce(cur.j, prev.j + 1) as j,
        coalesce(prev.mrr, 0) as a, coalesce(cur.mrr, 0) as b
      from (select * from person_mrr where j >= 1) cur
      full join (select * from person_mrr where j < ${count}::int) prev
        on prev.person = cur.person and prev.j + 1 = cur.j
    ),
    starts as (
      select c.j, c.b, exists (
          select 1 from payments q
          where q.trial_request_id = c.person and q.period_start is not null
            and q.period_start < (select lo from bounds where bounds.j = c.j)
        ) as has_paid_before
      from changes c where c.a = 0 and c.b > 0
    ),
    moves as (
      select j,
        sum(b - a) filter (where b > a and a > 0) as expansion,
        sum(b - a) filter (where a > b and b > 0) as contraction,
        sum(-a) filter (where b = 0) as churned_mrr,
        count(*) filter (where b = 0) as churned
      from changes group by j
    ),
    arrivals as (
      select j, sum(b) filter (where not has_paid_before) as new_mrr,
        sum(b) filter (where has_paid_before) as reactivation
      from starts group by j
    ),
    standing as (select j, sum(mrr) as mrr, count(*) as paying from person_mrr group by j),
    cash as (
      select bo.j, sum(p.amount_minor) as gross
      from bounds bo join payments p
        on p.period_start is not null and p.paid_at >= bo.lo and p.paid_at < bo.hi
      where bo.j >= 1 group by bo.j
    ),
    refunded as (
      select bo.j, sum(r.amount_minor) as refunds
      from bounds bo join payment_refunds r on r.refunded_at >= bo.lo and r.refunded_at < bo.hi
      where bo.j >= 1 group by bo.j
    ),
    refunded_before as (
      select coalesce(sum(r.amount_minor), 0) as total from payment_refunds r
      where r.refunded_at < (select hi from bounds where j = 0)
    ),
    trials as (
      select bo.j, count(*) as started,
        count(*) filter (where exists (
          select 1 from payments q where q.trial_request_id = t.id and q.period_start is not null
        )) as converted
      from bounds bo join trial_requests t on t.created_at >= bo.lo and t.created_at < bo.hi
      where bo.j >= 1 and t.imported_at is null group by bo.j
    )
    select to_char(bo.lo at time zone ${timeZone}, 'YYYY-MM') as month,
      coalesce(st.mrr, 0)::text as mrr,
      coalesce(ar.new_mrr, 0)::text as new_mrr,
      coalesce(mv.expansion, 0)::text as expansion_mrr,
      coalesce(mv.contraction, 0)::text as contraction_mrr,
      coalesce(mv.churned_mrr, 0)::text as churned_mrr,
      coalesce(ar.reactivation, 0)::text as reactivation_mrr,
      coalesce(st.paying, 0)::text as paying,
      coalesce(before.paying, 0)::text as paying_before,
      coalesce(mv.churned, 0)::text as churned,
      coalesce(ca.gross, 0)::text as gross_cash,
      coalesce(rf.refunds, 0)::text as refunds,
      coalesce(ea.recognised, 0)::text as recognised,
      (coalesce(ea.unearned, 0) - (select total from refunded_before)
        - coalesce(sum(rf.refunds) over (order by bo.j), 0))::text as deferred,
      coalesce(tr.started, 0)::text as trials_started,
      coalesce(tr.converted, 0)::text as trials_converted
    from bounds bo
      left join standing st on st.j = bo.j
      left join standing before on before.j = bo.j - 1
      left join moves mv on mv.j = bo.j
      left join arrivals ar on ar.j = bo.j
      left join cash ca on ca.j = bo.j
      left join refunded rf on rf.j = bo.j
      left join earning ea on ea.j = bo.j
      left join trials tr on tr.j = bo.j
    where bo.j >= 1
    order by bo.j
  `)
  return (result as unknown as { rows: MonthSums[] }).rows
}
