-- The owner's numbers (docs/payments.md §9, common/business-metrics.ts): MRR, its movements, cash,
-- refunds, recognised revenue and trials, kept per person and per calendar month of the business
-- time zone by triggers on payments, payment_refunds and trial_requests.
--
-- This file is the definition: start-up applies it whenever the database's differs
-- (server/db/definitions.ts), and server/db/definitions.test.ts checks the database against
-- it. Change it here; a migration only drops what this file no longer defines. History:
-- migrations 0034, 0035 and 0037.

-- What each person adds to each month (docs/payments.md §9), in time zone `zone`, for the
-- people in `persons` (null: everyone). A person is their trial request, or a payment whose
-- person was deleted. Each paid period [period_start, new_end) is spread over the months it
-- touches, through the month after it ends (where its churn shows): MRR at a month's end sums
-- the monthly values (amount / months, to the cent) of the periods running then; the revenue a
-- month earns is the period's earned share at its end less at its start, each rounded to the
-- cent, so the months of a period add up to its amount. A refund counts only of a payment that
-- settled (its period). Dynamic SQL, so each call is planned for its people: one person reads
-- their payments by index, a rebuild scans them once.
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

-- Rebuilds the people's rows and moves the months by the difference. The people are locked one
-- by one (in order, so two callers cannot deadlock), or all at once for a large batch (an
-- import), so a concurrent change to the same person waits and then recounts what it sees.
-- A rebuild of everything holds the same lock exclusively: nothing recounts in the old zone.
CREATE OR REPLACE FUNCTION business_metric_refresh(persons uuid[]) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE
  zone text;
BEGIN
  IF cardinality(persons) = 0 THEN RETURN; END IF;
  IF cardinality(persons) > 500 THEN
    PERFORM pg_advisory_xact_lock(7340216);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(7340216);
    PERFORM pg_advisory_xact_lock(7340217, hashtext(p::text))
    FROM (SELECT DISTINCT p FROM unnest(persons) p ORDER BY 1) locked;
  END IF;
  SELECT time_zone INTO zone FROM business_metric_state;
  IF zone IS NULL THEN RETURN; END IF;
  INSERT INTO business_metric_months AS m (month, mrr, paying, new_mrr, expansion_mrr,
    contraction_mrr, churned_mrr, reactivation_mrr, churned, gross_cash, refunds, recognised,
    trials_started, trials_converted)
  SELECT d.month, sum(d.mrr), sum(d.paying), sum(d.new_mrr), sum(d.expansion_mrr),
    sum(d.contraction_mrr), sum(d.churned_mrr), sum(d.reactivation_mrr), sum(d.churned),
    sum(d.gross_cash), sum(d.refunds), sum(d.recognised), sum(d.trials_started),
    sum(d.trials_converted)
  FROM (
    SELECT * FROM business_metric_rows(persons, zone)
    UNION ALL
    SELECT o.person, o.month, -o.mrr, -o.paying, -o.new_mrr, -o.expansion_mrr, -o.contraction_mrr,
      -o.churned_mrr, -o.reactivation_mrr, -o.churned, -o.gross_cash, -o.refunds, -o.recognised,
      -o.trials_started, -o.trials_converted
    FROM business_metric_person_months o WHERE o.person = ANY(persons)
  ) d
  GROUP BY d.month ORDER BY d.month
  ON CONFLICT (month) DO UPDATE SET mrr = m.mrr + excluded.mrr, paying = m.paying + excluded.paying,
    new_mrr = m.new_mrr + excluded.new_mrr, expansion_mrr = m.expansion_mrr + excluded.expansion_mrr,
    contraction_mrr = m.contraction_mrr + excluded.contraction_mrr,
    churned_mrr = m.churned_mrr + excluded.churned_mrr,
    reactivation_mrr = m.reactivation_mrr + excluded.reactivation_mrr,
    churned = m.churned + excluded.churned, gross_cash = m.gross_cash + excluded.gross_cash,
    refunds = m.refunds + excluded.refunds, recognised = m.recognised + excluded.recognised,
    trials_started = m.trials_started + excluded.trials_started,
    trials_converted = m.trials_converted + excluded.trials_converted;
  DELETE FROM business_metric_person_months WHERE person = ANY(persons);
  INSERT INTO business_metric_person_months SELECT * FROM business_metric_rows(persons, zone);
END
$fn$;

-- Every person's rows anew in `zone`, unless another caller just did so.
CREATE OR REPLACE FUNCTION business_metric_rebuild(zone text) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock(7340216);
  IF EXISTS (SELECT 1 FROM business_metric_state WHERE time_zone = zone) THEN RETURN; END IF;
  DELETE FROM business_metric_person_months;
  DELETE FROM business_metric_months;
  INSERT INTO business_metric_person_months SELECT * FROM business_metric_rows(NULL, zone);
  INSERT INTO business_metric_months
  SELECT month, sum(mrr), sum(paying), sum(new_mrr), sum(expansion_mrr), sum(contraction_mrr),
    sum(churned_mrr), sum(reactivation_mrr), sum(churned), sum(gross_cash), sum(refunds),
    sum(recognised), sum(trials_started), sum(trials_converted)
  FROM business_metric_person_months GROUP BY month;
  INSERT INTO business_metric_state (id, time_zone) VALUES (1, zone)
  ON CONFLICT (id) DO UPDATE SET time_zone = excluded.time_zone;
END
$fn$;

-- MRR at the instant `moment` and the people paying then: each person's paid periods running at
-- that instant, at their monthly value, as a month's figures count them at its last instant
-- (started before it, ending at or after it). Read afresh, not kept: "MRR now" on the
-- Financials, where the month's own figure would count those paid until its end as churned.
CREATE OR REPLACE FUNCTION business_metric_mrr_at(moment timestamptz)
RETURNS TABLE (mrr bigint, paying integer)
LANGUAGE sql STABLE AS $fn$
  select coalesce(sum(person.monthly), 0)::bigint, (count(*) filter (where person.monthly > 0))::int
  from (
    select sum(round(p.amount_minor::numeric / p.months))::bigint as monthly
    from payments p
    where p.period_start is not null and p.new_end >= moment and p.period_start < moment
    group by coalesce(p.trial_request_id, p.id)
  ) person
$fn$;

-- Which people a statement touched, for each table that feeds the figures. Nothing is kept
-- before the first build (a fresh or newly migrated database), so a bulk load costs nothing
-- here. The shared lock comes first: a write made while a build runs waits for it and is then
-- counted in, never missed by the build's snapshot and skipped by the trigger both.
CREATE OR REPLACE FUNCTION business_metric_payments_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7340216);
  IF NOT EXISTS (SELECT 1 FROM business_metric_state WHERE time_zone IS NOT NULL) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM business_metric_refresh(array(
      SELECT DISTINCT coalesce(n.trial_request_id, n.id) FROM new_rows n WHERE n.period_start IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM business_metric_refresh(array(
      SELECT DISTINCT coalesce(o.trial_request_id, o.id) FROM old_rows o WHERE o.period_start IS NOT NULL));
  ELSE
    PERFORM business_metric_refresh(array(
      SELECT DISTINCT unnest(array[coalesce(o.trial_request_id, o.id), coalesce(n.trial_request_id, n.id)])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.period_start IS NOT NULL OR n.period_start IS NOT NULL)
        AND (o.trial_request_id, o.period_start, o.new_end, o.paid_at, o.amount_minor, o.months)
          IS DISTINCT FROM (n.trial_request_id, n.period_start, n.new_end, n.paid_at, n.amount_minor, n.months)));
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION business_metric_refunds_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7340216);
  IF NOT EXISTS (SELECT 1 FROM business_metric_state WHERE time_zone IS NOT NULL) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM business_metric_refresh(array(
      SELECT DISTINCT coalesce(p.trial_request_id, p.id) FROM new_rows n
      JOIN payments p ON p.id = n.payment_id WHERE n.refunded_at IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM business_metric_refresh(array(
      SELECT DISTINCT coalesce(p.trial_request_id, p.id) FROM old_rows o
      JOIN payments p ON p.id = o.payment_id WHERE o.refunded_at IS NOT NULL));
  ELSE
    PERFORM business_metric_refresh(array(
      SELECT DISTINCT coalesce(p.trial_request_id, p.id)
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN payments p ON p.id = n.payment_id
      WHERE (o.refunded_at, o.amount_minor, o.payment_id) IS DISTINCT FROM (n.refunded_at, n.amount_minor, n.payment_id)));
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION business_metric_trials_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(7340216);
  IF NOT EXISTS (SELECT 1 FROM business_metric_state WHERE time_zone IS NOT NULL) THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM business_metric_refresh(array(SELECT n.id FROM new_rows n WHERE n.imported_at IS NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM business_metric_refresh(array(SELECT o.id FROM old_rows o));
  ELSE
    PERFORM business_metric_refresh(array(
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.created_at, o.imported_at) IS DISTINCT FROM (n.created_at, n.imported_at)));
  END IF;
  RETURN NULL;
END
$fn$;

-- A table's triggers fire in the order of their names: trial_requests' fire after the status
-- count (subscription_status_counts_*), so every writer takes the status count first and the
-- owner's sums after it, and a trial request posted while a payment settles cannot deadlock.
CREATE OR REPLACE TRIGGER business_metric_payments_insert AFTER INSERT ON payments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_payments_changed();

CREATE OR REPLACE TRIGGER business_metric_payments_update AFTER UPDATE ON payments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_payments_changed();

CREATE OR REPLACE TRIGGER business_metric_payments_delete AFTER DELETE ON payments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_payments_changed();

CREATE OR REPLACE TRIGGER business_metric_refunds_insert AFTER INSERT ON payment_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_refunds_changed();

CREATE OR REPLACE TRIGGER business_metric_refunds_update AFTER UPDATE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_refunds_changed();

CREATE OR REPLACE TRIGGER business_metric_refunds_delete AFTER DELETE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_refunds_changed();

CREATE OR REPLACE TRIGGER trial_requests_metrics_insert AFTER INSERT ON trial_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_trials_changed();

CREATE OR REPLACE TRIGGER trial_requests_metrics_update AFTER UPDATE ON trial_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_trials_changed();

CREATE OR REPLACE TRIGGER trial_requests_metrics_delete AFTER DELETE ON trial_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION business_metric_trials_changed();
