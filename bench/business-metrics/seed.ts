import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { measure, ms } from '../lib/measure'

/**
 * `people` trial requests over five years (2021–2025), three in four of whom pay, and
 * `payments` paid periods shared among the payers as the settle step leaves them: each person
 * pays from a few days after their trial, month after month (one in ten for a quarter, one in
 * twenty for a year), at a price that moves up and down, with a lapse of weeks now and then,
 * and one payment in fifty refunded in part a few weeks later. Set-based, so a million rows take
 * seconds, not hours.
 */
export async function seedHistory(db: Db, people: number, payments: number): Promise<void> {
  await db.execute(sql`
    insert into trial_requests (first_name, last_name, name, email, plan, subscription_id, created_at)
    select 'First' || g, 'Last' || g, 'First' || g || ' Last' || g, 'owner' || g || '@example.com',
      'Starter', 'SUB-' || upper(lpad(to_hex(g), 8, '0')),
      timestamptz '2021-01-01' + (hashint4(g)::bigint & 2147483647) % (54 * 30 * 86400) * interval '1 second'
    from generate_series(1, ${people}::int) g`)
  // Payer n's k-th payment: people are numbered in the order they came, payments dealt round.
  await db.execute(sql`
    with payers as (
      select id, created_at, row_number() over (order by created_at, id) - 1 as n
      from trial_requests where (hashint4(hashtext(id::text)) & 3) <> 0
    ),
    counted as (select count(*) as total from payers),
    numbered as (
      select p.id, p.created_at, g / c.total as k, g,
        case when g % 20 = 7 then 12 when g % 10 = 3 then 3 else 1 end as months,
        (hashint4(g) & 2147483647) % 100 as dice
      from generate_series(0, ${payments}::int - 1) g
        cross join counted c
        join payers p on p.n = g % c.total
    ),
    timed as (
      select *,
        created_at + interval '3 days'
          + sum(months * interval '1 month' + case when dice < 8 then interval '40 days' else interval '0 days' end)
            over (partition by id order by k rows between unbounded preceding and 1 preceding)
          as start_at
      from numbered
    )
    insert into payments (trial_request_id, plan_name, months, amount_minor, list_amount_minor,
      currency, provider, method, status, paid_at, period_start, new_end, previous_end, created_at)
    select id, 'Premium', months,
      months * (array[999, 1499, 2499, 1999])[1 + (k + dice / 40) % 4],
      months * (array[999, 1499, 2499, 1999])[1 + (k + dice / 40) % 4],
      'EUR', 'manual', 'cash', 'paid',
      coalesce(start_at, created_at + interval '3 days'), coalesce(start_at, created_at + interval '3 days'),
      coalesce(start_at, created_at + interval '3 days') + months * interval '1 month', null,
      coalesce(start_at, created_at + interval '3 days')
    from timed`)
  await db.execute(sql`
    insert into payment_refunds (payment_id, amount_minor, reason, refunded_at, created_at)
    select id, amount_minor / 2, 'bench', paid_at + interval '20 days', paid_at + interval '20 days'
    from payments where (hashint4(hashtext(id::text)) % 50) = 0`)
  await db.execute(sql`analyze`)
}

/**
 * A paid period recorded for a paying person, against the same write that leaves the figures
 * alone (a pending payment): the difference is the person's months recounted by the triggers.
 */
export async function writeCosts(db: Db): Promise<string[][]> {
  const people = await db.execute(sql`
    select trial_request_id as id from payments where trial_request_id is not null
    group by trial_request_id order by trial_request_id limit 200`)
  const ids = (people as unknown as { rows: { id: string }[] }).rows.map((row) => row.id)
  let turn = 0
  const write = (isPaid: boolean) => () =>
    db.execute(sql`
      insert into payments (trial_request_id, plan_name, months, amount_minor, list_amount_minor,
        currency, provider, method, status, paid_at, period_start, new_end)
      values (${ids[turn++ % ids.length]!}, 'Premium', 1, 1499, 1499, 'EUR', 'manual', 'cash',
        ${isPaid ? 'paid' : 'pending'}, ${isPaid ? sql`now()` : null},
        ${isPaid ? sql`now()` : null}, ${isPaid ? sql`now() + interval '1 month'` : null})`)
  const rows: string[][] = []
  for (const [label, isPaid] of [
    ['baseline: a pending payment', false],
    ['a paid period', true],
  ] as const) {
    const { p50, p95 } = await measure(write(isPaid), { runs: 200, warmup: 20 })
    rows.push([label, ms(p50), ms(p95)])
  }
  return rows
}
