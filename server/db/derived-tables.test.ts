import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { databaseKinds, startTestServer, type TestServer } from '../test/test-server'
import { insertTrialRequest } from '../test/trial-fixtures'
import { queryRows, type Db } from './client'

/** The trigger-kept tables next to the same figures counted from the tables they come from. */
async function derivedAndRecounted(db: Db) {
  const [statusCounts, statusRecount, revenue, revenueRecount] = await Promise.all([
    queryRows(
      db,
      sql`select status, count from subscription_status_counts
      where count <> 0 order by status`,
    ),
    queryRows(
      db,
      sql`select subscription_status as status, count(*)::int as count
      from trial_requests group by 1 order by 1`,
    ),
    queryRows(
      db,
      sql`select month, family, amount, subscriptions from revenue_months
      order by month, family`,
    ),
    // Conversions in their start month, renewals in the month they were paid, less refunds in
    // the month the money went back (they count no subscription) of payments whose money is in
    // revenue (settled, and their subscription not deleted since).
    queryRows(
      db,
      sql`select month, family, sum(amount)::numeric(14, 2) as amount,
        sum(counted)::int as subscriptions
      from (
        select date_trunc('month', subscription_start_date, 'UTC') as month,
          plan_family(paid_plan) as family, subscription_price as amount, 1 as counted
        from trial_requests
        where subscription_price is not null and subscription_start_date is not null
        union all
        select date_trunc('month', paid_at, 'UTC'), plan_family(paid_plan), price, 1
        from subscription_renewals
        union all
        select date_trunc('month', r.refunded_at, 'UTC'), plan_family(p.plan_name),
          -r.amount_minor / 100.0, 0
        from payment_refunds r join payments p on p.id = r.payment_id
        where r.refunded_at is not null and p.paid_at is not null and p.reverted_at is null
      ) as payments
      group by 1, 2 having sum(counted) <> 0 or sum(amount) <> 0 order by 1, 2`,
    ),
  ])
  // The owner's numbers: each person's months and their sums, against everyone recounted.
  const [personMonths, personRecount, months, monthsRecount] = await Promise.all([
    queryRows(db, sql`select * from business_metric_person_months order by person, month`),
    queryRows(
      db,
      sql`select * from business_metric_rows(null, (select time_zone from business_metric_state))
      order by person, month`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select * from business_metric_months order by month`,
    ),
    queryRows(
      db,
      sql`select month, sum(mrr)::bigint as mrr, sum(paying)::int as paying,
        sum(new_mrr)::bigint as new_mrr, sum(expansion_mrr)::bigint as expansion_mrr,
        sum(contraction_mrr)::bigint as contraction_mrr, sum(churned_mrr)::bigint as churned_mrr,
        sum(reactivation_mrr)::bigint as reactivation_mrr, sum(churned)::int as churned,
        sum(gross_cash)::bigint as gross_cash, sum(refunds)::bigint as refunds,
        sum(recognised)::bigint as recognised, sum(trials_started)::int as trials_started,
        sum(trials_converted)::int as trials_converted
      from business_metric_rows(null, (select time_zone from business_metric_state))
      group by month order by month`,
    ),
  ])
  // A month whose people all left keeps its row at zero.
  const counted = months.filter((row) =>
    Object.entries(row).some(([column, value]) => column !== 'month' && Number(value) !== 0),
  )
  return {
    statusCounts,
    statusRecount,
    revenue,
    revenueRecount,
    personMonths,
    personRecount,
    months: counted,
    monthsRecount,
  }
}

describe.each(databaseKinds)('trigger-kept tables on %s', (kind) => {
  let server: TestServer
  let db: Db

  const expectInStep = async () => {
    const tables = await derivedAndRecounted(db)
    expect(tables.statusCounts).toEqual(tables.statusRecount)
    expect(tables.revenue).toEqual(tables.revenueRecount)
    expect(tables.personMonths).toEqual(tables.personRecount)
    expect(tables.months).toEqual(tables.monthsRecount)
  }

  beforeAll(async () => {
    server = await startTestServer(kind)
    db = server.app.db
    await db.execute(sql`select business_metric_rebuild('Europe/Berlin')`)
  })
  afterAll(() => server.close())

  it('match a recount after many-row inserts, updates and deletes', async () => {
    await db.execute(sql`
      insert into trial_requests (first_name, last_name, name, email, plan, subscription_id,
        subscription_status, paid_plan, subscription_price, subscription_start_date)
      select 'A', 'B', 'A B', 'a' || n || '@example.com', 'Starter',
        'SUB-' || lpad(n::text, 8, '0'),
        case when n % 3 = 0 then 'active' else 'trial' end,
        case when n % 3 = 0 then (array['Starter', 'Family', 'Household Pro'])[n % 9 / 3 + 1] end,
        case when n % 3 = 0 then 9.99 + n end,
        case when n % 3 = 0 then timestamptz '2026-01-15' + n * interval '9 days' end
      from generate_series(1, 60) as n`)
    await expectInStep()

    // Renewals of every other subscriber, some in a month no conversion started in.
    await db.execute(sql`
      insert into subscription_renewals (trial_request_id, paid_plan, months, price, paid_at,
        new_end)
      select id, paid_plan, 1, 4.99 + row_number() over (order by subscription_id),
        subscription_start_date + interval '40 days', subscription_start_date + interval '70 days'
      from trial_requests where paid_plan is not null and subscription_id < 'SUB-00000045'`)
    await expectInStep()
    await db.execute(sql`update subscription_renewals set price = price + 1,
      paid_at = paid_at + interval '31 days' where months = 1`)
    await expectInStep()

    // The expiry job's shape: many rows change status in one statement.
    await db.execute(sql`update trial_requests set subscription_status = 'expired'
      where subscription_status = 'trial' and subscription_id < 'SUB-00000030'`)
    await expectInStep()

    // Notes change no status and no revenue.
    await db.execute(sql`update trial_requests set admin_notes = 'called'`)
    await expectInStep()

    // A conversion moves revenue and a status; a price change moves only revenue.
    await db.execute(sql`update trial_requests set subscription_status = 'active',
      paid_plan = 'Family', subscription_price = 19.99, subscription_start_date = now()
      where subscription_id = 'SUB-00000031'`)
    await db.execute(sql`update trial_requests set subscription_price = subscription_price + 0.01
      where paid_plan = 'Starter'`)
    await expectInStep()

    // Deleting people takes their renewals with them (a cascade), and a reverted subscription's.
    await db.execute(sql`delete from trial_requests where subscription_id between 'SUB-00000010'
      and 'SUB-00000040'`)
    await expectInStep()
    await db.execute(sql`delete from subscription_renewals where trial_request_id in
      (select id from trial_requests where subscription_id < 'SUB-00000009')`)
    await expectInStep()

    // Refunds: taken back in the month the money went back, whatever month was paid, and only
    // once done (a refund still being asked of Stripe counts nothing); some in a month with no
    // payment at all, which keeps a row of its own.
    await db.execute(sql`
      insert into payments (trial_request_id, plan_name, months, amount_minor, list_amount_minor,
        currency, provider, status, paid_at, period_start, new_end)
      select case when n % 4 <> 0 then (select id from trial_requests
          order by subscription_id offset n % 5 limit 1) end,
        (array['Starter', 'Family', 'Household Pro'])[n % 3 + 1], n % 3 + 1, 1000 + n, 1000 + n,
        'EUR', 'manual', 'paid', timestamptz '2026-01-10' + n * interval '5 days',
        timestamptz '2026-01-10' + n * interval '9 days',
        timestamptz '2026-01-10' + n * interval '9 days' + (n % 3 + 1) * interval '1 month'
      from generate_series(1, 12) as n`)
    await expectInStep()
    await db.execute(sql`update payments set new_end = new_end + interval '20 days',
      amount_minor = amount_minor + 3 where amount_minor % 2 = 0`)
    await db.execute(sql`
      insert into payment_refunds (payment_id, amount_minor, reason, refunded_at)
      select id, 100 + amount_minor % 7, 'test',
        case when amount_minor % 4 = 0 then null else paid_at + interval '45 days' end
      from payments`)
    await expectInStep()
    await db.execute(sql`update payment_refunds set refunded_at = timestamptz '2030-05-05'
      where refunded_at is null`)
    await db.execute(sql`update payment_refunds set amount_minor = amount_minor + 1
      where amount_minor % 2 = 0`)
    await expectInStep()
    await db.execute(sql`delete from payment_refunds where amount_minor % 3 = 0`)
    await expectInStep()
    // A payment whose subscription is deleted takes its refunds out of revenue, and back when
    // undone; one held for review (not settled) counts its refunds only once it settles.
    await db.execute(sql`update payments set reverted_at = now() where amount_minor % 3 = 1`)
    await expectInStep()
    await db.execute(sql`update payments set reverted_at = null where amount_minor % 2 = 0`)
    await db.execute(sql`update payments set paid_at = null where amount_minor % 3 = 2`)
    await expectInStep()
    await db.execute(sql`insert into payment_refunds (payment_id, amount_minor, reason, refunded_at)
      select id, 50, 'review', now() from payments where paid_at is null`)
    await db.execute(sql`update payments set paid_at = now() where paid_at is null`)
    await expectInStep()
    await db.execute(sql`delete from payment_refunds`)
    await expectInStep()

    await db.execute(sql`delete from trial_requests`)
    const emptied = await derivedAndRecounted(db)
    expect(emptied.statusCounts).toEqual([])
    expect(emptied.revenue).toEqual([])
  })
})

describe('the owner’s numbers on PostgreSQL, written from many connections at once', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer('postgres')
  })
  afterAll(() => server.close())

  it('count every write of the same people once', async () => {
    const db = server.app.db
    await db.execute(sql`select business_metric_rebuild('UTC')`)
    const people = await Promise.all([1, 2, 3].map(() => insertTrialRequest(db)))
    // Forty paid periods of three people, each its own statement on one of the pool's connections.
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        db.execute(sql`
          insert into payments (trial_request_id, plan_name, months, amount_minor,
            list_amount_minor, currency, provider, status, paid_at, period_start, new_end)
          values (${people[n % 3]!.id}, 'Starter', 1, ${1000 + n}, ${1000 + n}, 'EUR', 'manual',
            'paid', timestamptz '2026-01-01' + ${n} * interval '3 days',
            timestamptz '2026-01-01' + ${n} * interval '3 days',
            timestamptz '2026-02-01' + ${n} * interval '3 days')`),
      ),
    )
    const tables = await derivedAndRecounted(db)
    expect(tables.personMonths).toEqual(tables.personRecount)
    expect(tables.months).toEqual(tables.monthsRecount)
    expect(tables.monthsRecount.length).toBeGreaterThan(3)
  })
})
