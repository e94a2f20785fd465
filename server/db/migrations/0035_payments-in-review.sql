ALTER TABLE "payments" ADD COLUMN "received_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reverted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
-- A refund takes revenue back only from a payment whose money is in revenue: one that settled
-- (paid_at) and whose subscription was not deleted since (reverted_at; deleting it took the
-- payment's revenue back already). A refund of a payment held for review, or of a reverted one,
-- lowers nothing.
CREATE OR REPLACE FUNCTION revenue_months_apply_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', o.refunded_at, 'UTC'), plan_family(p.plan_name),
           sum(o.amount_minor) / 100.0, 0
    FROM old_rows o JOIN payments p ON p.id = o.payment_id
    WHERE o.refunded_at IS NOT NULL AND p.paid_at IS NOT NULL AND p.reverted_at IS NULL
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE SET amount = r.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', n.refunded_at, 'UTC'), plan_family(p.plan_name),
           -sum(n.amount_minor) / 100.0, 0
    FROM new_rows n JOIN payments p ON p.id = n.payment_id
    WHERE n.refunded_at IS NOT NULL AND p.paid_at IS NOT NULL AND p.reverted_at IS NULL
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE SET amount = r.amount + excluded.amount;
  END IF;
  DELETE FROM revenue_months WHERE subscriptions = 0 AND amount = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A payment whose money enters revenue (settled after review) or leaves it (its subscription
-- deleted) takes its refunds done so far with it.
CREATE FUNCTION revenue_months_payment_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  counted_now boolean := NEW.paid_at IS NOT NULL AND NEW.reverted_at IS NULL;
BEGIN
  IF counted_now = (OLD.paid_at IS NOT NULL AND OLD.reverted_at IS NULL) THEN RETURN NULL; END IF;
  INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
  SELECT date_trunc('month', f.refunded_at, 'UTC'), plan_family(NEW.plan_name),
         (CASE WHEN counted_now THEN -1 ELSE 1 END) * sum(f.amount_minor) / 100.0, 0
  FROM payment_refunds f
  WHERE f.payment_id = NEW.id AND f.refunded_at IS NOT NULL
  GROUP BY 1
  ON CONFLICT (month, family) DO UPDATE SET amount = r.amount + excluded.amount;
  DELETE FROM revenue_months WHERE subscriptions = 0 AND amount = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_months_payment_counted AFTER UPDATE OF paid_at, reverted_at ON payments
  FOR EACH ROW
  WHEN ((OLD.paid_at IS NULL) <> (NEW.paid_at IS NULL) OR (OLD.reverted_at IS NULL) <> (NEW.reverted_at IS NULL))
  EXECUTE FUNCTION revenue_months_payment_counted();
--> statement-breakpoint
-- Subscriptions deleted before this migration: their paid payments' revenue went with them.
UPDATE payments p SET reverted_at = now()
FROM trial_requests t
WHERE t.id = p.trial_request_id AND t.paid_plan IS NULL AND p.paid_at IS NOT NULL;
--> statement-breakpoint
-- Payments held before this migration for an amount that differed: the amount their reason
-- quotes ("25.00 EUR was confirmed, 29.99 EUR was expected") is what was received.
UPDATE payments
SET received_minor = round(substring(status_reason from '^([0-9]+\.[0-9]{2}) [A-Z]{3} was confirmed')::numeric * 100)::integer,
    received_currency = substring(status_reason from '^[0-9]+\.[0-9]{2} ([A-Z]{3}) was confirmed')
WHERE status = 'needs_review' AND status_reason ~ '^[0-9]+\.[0-9]{2} [A-Z]{3} was confirmed';
--> statement-breakpoint
-- The owner's numbers count a refund only of a payment that settled (its period): the cash of a
-- payment held for review and refunded was never counted, so its refund takes nothing back.
CREATE OR REPLACE FUNCTION business_metric_rows(persons uuid[], zone text)
RETURNS TABLE (person uuid, month date, mrr bigint, paying integer, new_mrr bigint,
  expansion_mrr bigint, contraction_mrr bigint, churned_mrr bigint, reactivation_mrr bigint,
  churned integer, gross_cash bigint, refunds bigint, recognised bigint, trials_started integer,
  trials_converted integer)
LANGUAGE plpgsql STABLE AS $fn$
BEGIN
  RETURN QUERY EXECUTE format($q$
    with periods as (
      select coalesce(p.trial_request_id, p.id) as person, p.period_start as s, p.new_end as e,
        p.paid_at, p.amount_minor::bigint as a,
        extract(epoch from p.new_end - p.period_start)::float8 as length,
        round(p.amount_minor::numeric / p.months)::bigint as monthly
      from payments p
      where p.period_start is not null and %1$s
    ),
    firsts as (select pe.person, min(pe.s) as first_start from periods pe group by pe.person),
    spans as (
      select pe.*, m::date as month, m at time zone $2 as lo,
        (m + interval '1 month') at time zone $2 as hi
      from periods pe, generate_series(
        date_trunc('month', pe.s at time zone $2),
        date_trunc('month', pe.e at time zone $2) + interval '1 month',
        interval '1 month') m
    ),
    standing as (
      select sp.person, sp.month, sp.lo,
        coalesce(sum(sp.monthly) filter (where sp.s < sp.lo and sp.e >= sp.lo), 0) as before,
        coalesce(sum(sp.monthly) filter (where sp.s < sp.hi and sp.e >= sp.hi), 0) as after,
        sum(floor(sp.a * least(greatest(extract(epoch from sp.hi - sp.s)::float8 / sp.length, 0), 1) + 0.5)
          - floor(sp.a * least(greatest(extract(epoch from sp.lo - sp.s)::float8 / sp.length, 0), 1) + 0.5))::bigint
          as recognised
      from spans sp group by sp.person, sp.month, sp.lo
    ),
    moves as (
      select st.*, f.first_start < st.lo as has_paid_before
      from standing st join firsts f on f.person = st.person
    ),
    parts as (
      select mv.person, mv.month, mv.after as mrr, (mv.after > 0)::int as paying,
        case when mv.before = 0 and mv.after > 0 and not mv.has_paid_before then mv.after else 0 end as new_mrr,
        case when mv.before > 0 and mv.after > mv.before then mv.after - mv.before else 0 end as expansion_mrr,
        case when mv.after > 0 and mv.before > mv.after then mv.after - mv.before else 0 end as contraction_mrr,
        case when mv.before > 0 and mv.after = 0 then -mv.before else 0 end as churned_mrr,
        case when mv.before = 0 and mv.after > 0 and mv.has_paid_before then mv.after else 0 end as reactivation_mrr,
        (mv.before > 0 and mv.after = 0)::int as churned,
        0::bigint as gross_cash, 0::bigint as refunds, mv.recognised,
        0 as trials_started, 0 as trials_converted
      from moves mv
      union all
      select pe.person, date_trunc('month', pe.paid_at at time zone $2)::date, 0, 0, 0, 0, 0, 0, 0, 0,
        pe.a, 0, 0, 0, 0
      from periods pe where pe.paid_at is not null
      union all
      select coalesce(p.trial_request_id, p.id), date_trunc('month', r.refunded_at at time zone $2)::date,
        0, 0, 0, 0, 0, 0, 0, 0, 0, r.amount_minor, 0, 0, 0
      from payment_refunds r join payments p on p.id = r.payment_id
      where r.refunded_at is not null and p.period_start is not null and %1$s
      union all
      select t.id, date_trunc('month', t.created_at at time zone $2)::date, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 1, exists (
          select 1 from payments q where q.trial_request_id = t.id and q.period_start is not null
        )::int
      from trial_requests t where t.imported_at is null and %2$s
    )
    select pa.person, pa.month, sum(pa.mrr)::bigint, sum(pa.paying)::int, sum(pa.new_mrr)::bigint,
      sum(pa.expansion_mrr)::bigint, sum(pa.contraction_mrr)::bigint, sum(pa.churned_mrr)::bigint,
      sum(pa.reactivation_mrr)::bigint, sum(pa.churned)::int, sum(pa.gross_cash)::bigint,
      sum(pa.refunds)::bigint, sum(pa.recognised)::bigint, sum(pa.trials_started)::int,
      sum(pa.trials_converted)::int
    from parts pa group by pa.person, pa.month
    having bool_or(pa.mrr <> 0 or pa.churned_mrr <> 0 or pa.gross_cash <> 0 or pa.refunds <> 0
      or pa.recognised <> 0 or pa.trials_started <> 0)
  $q$,
    CASE WHEN persons IS NULL THEN 'true'
      ELSE '(p.trial_request_id = any($1) or (p.trial_request_id is null and p.id = any($1)))' END,
    CASE WHEN persons IS NULL THEN 'true' ELSE 't.id = any($1)' END)
  USING persons, zone;
END
$fn$;
