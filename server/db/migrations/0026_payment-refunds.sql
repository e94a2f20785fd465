CREATE TABLE "payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" varchar(255),
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	"shortened_to" timestamp with time zone,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
-- A refund is revenue taken back in the month the money went back (refunded_at), in the plan
-- family of its payment; a refund still being asked of the provider (refunded_at null) counts
-- nothing yet. It adds no subscription, so a month may hold refunds alone: its row then has
-- subscriptions = 0 and a negative amount, and is kept until both are zero.
CREATE FUNCTION revenue_months_apply_refunds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', o.refunded_at, 'UTC'), plan_family(p.plan_name),
           sum(o.amount_minor) / 100.0, 0
    FROM old_rows o JOIN payments p ON p.id = o.payment_id
    WHERE o.refunded_at IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE SET amount = r.amount + excluded.amount;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO revenue_months AS r (month, family, amount, subscriptions)
    SELECT date_trunc('month', n.refunded_at, 'UTC'), plan_family(p.plan_name),
           -sum(n.amount_minor) / 100.0, 0
    FROM new_rows n JOIN payments p ON p.id = n.payment_id
    WHERE n.refunded_at IS NOT NULL
    GROUP BY 1, 2
    ON CONFLICT (month, family) DO UPDATE SET amount = r.amount + excluded.amount;
  END IF;
  DELETE FROM revenue_months WHERE subscriptions = 0 AND amount = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_months_refunds_insert AFTER INSERT ON payment_refunds
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_refunds();
--> statement-breakpoint
CREATE TRIGGER revenue_months_refunds_update AFTER UPDATE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_refunds();
--> statement-breakpoint
CREATE TRIGGER revenue_months_refunds_delete AFTER DELETE ON payment_refunds
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_refunds();
--> statement-breakpoint
-- Conversions and renewals now share their months with refunds: a month whose subscriptions
-- come to zero keeps its row while refunds leave an amount in it.
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
--> statement-breakpoint
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
