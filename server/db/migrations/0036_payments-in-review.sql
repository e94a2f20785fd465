ALTER TABLE "payments" ADD COLUMN "received_minor" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_currency" varchar(3);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reverted_at" timestamp with time zone;--> statement-breakpoint
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
