-- Keeps revenue_months equal to the converted revenue of trial_requests, whatever writes it:
-- statement-level triggers fold each statement's old and new rows into the monthly sums.
CREATE FUNCTION plan_family(paid_plan text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN lower(paid_plan) LIKE '%household%' THEN 'Household'
    WHEN lower(paid_plan) LIKE '%family%' THEN 'Family'
    ELSE 'Starter'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION revenue_months_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  DELETE FROM revenue_months WHERE subscriptions = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_months_insert AFTER INSERT ON trial_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply();
--> statement-breakpoint
CREATE TRIGGER revenue_months_update AFTER UPDATE ON trial_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply();
--> statement-breakpoint
CREATE TRIGGER revenue_months_delete AFTER DELETE ON trial_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply();
