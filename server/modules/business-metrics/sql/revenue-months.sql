-- Revenue by plan family and month (GET /api/revenue-analytics, the Financials' "Monthly
-- revenue"): revenue_months, kept by statement-level triggers that fold each statement's old and
-- new rows into the monthly sums, in UTC months. Conversions count their price in the month the
-- subscription started, renewals in the month they were paid, refunds are taken back in the
-- month the money went back (decision 0004).
--
-- This file is the definition: start-up applies it whenever the database's differs
-- (server/db/definitions.ts), and server/db/definitions.test.ts checks the database against
-- it. Change it here; a migration only drops what this file no longer defines. History:
-- migrations 0001, 0007, 0026 and 0035.

-- The family a paid plan's name belongs to: household, family, else starter.
CREATE OR REPLACE FUNCTION plan_family(paid_plan text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN lower(paid_plan) LIKE '%household%' THEN 'Household'
    WHEN lower(paid_plan) LIKE '%family%' THEN 'Family'
    ELSE 'Starter'
  END
$$;

-- Conversions: a trial request's price in the month its subscription started. A month whose
-- subscriptions come to zero keeps its row while refunds leave an amount in it.
CREATE OR REPLACE FUNCTION revenue_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', subscription_start_date, 'UTC'), plan_family(paid_plan),
           -sum(subscription_price), -count(*)
    FROM old_rows
    WHERE subscription_price IS NOT NULL AND subscription_start_date IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE
      SET amount = r.amount + excluded.amount, subscriptions = r.subscriptions + excluded.subscriptions;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', subscription_start_date, 'UTC'), plan_family(paid_plan),
           sum(subscription_price), count(*)
    FROM new_rows
    WHERE subscription_price IS NOT NULL AND subscription_start_date IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE
      SET amount = r.amount + excluded.amount, subscriptions = r.subscriptions + excluded.subscriptions;
  END IF;
  DELETE FROM revenue_months WHERE subscriptions = 0 AND amount = 0;
  RETURN NULL;
END
$$;

-- Renewals are revenue of the month they were paid, beside the conversions, so `subscriptions`
-- counts payments of either kind.
CREATE OR REPLACE FUNCTION revenue_months_apply_renewals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', paid_at, 'UTC'), plan_family(paid_plan), -sum(price), -count(*)
    FROM old_rows
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE
      SET amount = r.amount + excluded.amount, subscriptions = r.subscriptions + excluded.subscriptions;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', paid_at, 'UTC'), plan_family(paid_plan), sum(price), count(*)
    FROM new_rows
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE
      SET amount = r.amount + excluded.amount, subscriptions = r.subscriptions + excluded.subscriptions;
  END IF;
  DELETE FROM revenue_months WHERE subscriptions = 0 AND amount = 0;
  RETURN NULL;
END
$$;

-- A refund is revenue taken back in the month the money went back (refunded_at), in the plan
-- family of its payment; one still being asked of the provider counts nothing yet. It adds no
-- subscription, so a month may hold refunds alone (subscriptions = 0, a negative amount). It
-- takes revenue back only from a payment whose money is in revenue: one that settled (paid_at)
-- and whose subscription was not deleted since (reverted_at; deleting it took the payment's
-- revenue back already).
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

-- A payment whose money enters revenue (settled after review) or leaves it (its subscription
-- deleted) takes its refunds done so far with it.
CREATE OR REPLACE FUNCTION revenue_months_payment_counted() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER revenue_months_insert AFTER INSERT ON trial_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply();

CREATE OR REPLACE TRIGGER revenue_months_update AFTER UPDATE ON trial_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply();

CREATE OR REPLACE TRIGGER revenue_months_delete AFTER DELETE ON trial_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply();

CREATE OR REPLACE TRIGGER revenue_months_renewals_insert AFTER INSERT ON subscription_renewals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_renewals();

CREATE OR REPLACE TRIGGER revenue_months_renewals_update AFTER UPDATE ON subscription_renewals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_renewals();

CREATE OR REPLACE TRIGGER revenue_months_renewals_delete AFTER DELETE ON subscription_renewals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_renewals();

CREATE OR REPLACE TRIGGER revenue_months_refunds_insert AFTER INSERT ON payment_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_refunds();

CREATE OR REPLACE TRIGGER revenue_months_refunds_update AFTER UPDATE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_refunds();

CREATE OR REPLACE TRIGGER revenue_months_refunds_delete AFTER DELETE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_refunds();

CREATE OR REPLACE TRIGGER revenue_months_payment_counted AFTER UPDATE OF paid_at, reverted_at ON payments
  FOR EACH ROW
  WHEN ((old.paid_at IS NULL) <> (new.paid_at IS NULL) OR (old.reverted_at IS NULL) <> (new.reverted_at IS NULL))
  EXECUTE FUNCTION revenue_months_payment_counted();
