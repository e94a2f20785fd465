CREATE TABLE "subscription_renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trial_request_id" uuid NOT NULL,
	"paid_plan" varchar(100) NOT NULL,
	"months" smallint NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"previous_end" timestamp with time zone,
	"new_end" timestamp with time zone NOT NULL,
	"request_id" uuid,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_renewals_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "subscription_renewals_months_check" CHECK ("subscription_renewals"."months" between 1 and 12),
	CONSTRAINT "subscription_renewals_price_check" CHECK ("subscription_renewals"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "supplier_drift" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"line_id" uuid,
	"panel_line_id" varchar(100),
	"username" varchar(100) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"ours" jsonb,
	"panel" jsonb,
	"detected_at" timestamp with time zone NOT NULL,
	CONSTRAINT "supplier_drift_kind_username_key" UNIQUE("kind","username"),
	CONSTRAINT "supplier_drift_kind_check" CHECK ("supplier_drift"."kind" in ('expiry', 'enabled', 'missing_on_panel', 'unknown_on_panel'))
);
--> statement-breakpoint
CREATE TABLE "supplier_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"sync_claimed_until" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"credits" integer,
	"is_credit_alerted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "supplier_state_single_row_check" CHECK ("supplier_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "m3u_lines" DROP CONSTRAINT "m3u_lines_subscription_type_check";--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "trial_request_id" uuid;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "username" varchar(64);--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "password" varchar(128);--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "is_trial" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "is_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "pushed_revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "push_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "next_push_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "panel_error" text;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "last_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_drift" ADD CONSTRAINT "supplier_drift_line_id_m3u_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."m3u_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_renewals_person_idx" ON "subscription_renewals" USING btree ("trial_request_id","paid_at");--> statement-breakpoint
CREATE INDEX "supplier_drift_detected_idx" ON "supplier_drift" USING btree ("detected_at","id");--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD CONSTRAINT "m3u_lines_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "m3u_lines_pending_push_idx" ON "m3u_lines" USING btree ("next_push_at") WHERE "m3u_lines"."revision" > "m3u_lines"."pushed_revision";--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD CONSTRAINT "m3u_lines_trial_request_id_unique" UNIQUE("trial_request_id");--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD CONSTRAINT "m3u_lines_username_unique" UNIQUE("username");--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD CONSTRAINT "m3u_lines_subscription_type_check" CHECK ("m3u_lines"."subscription_type" between 1 and 99);--> statement-breakpoint
-- Renewals are revenue of the month they were paid: revenue_months folds them in beside the
-- conversions (decision 0004), so its `subscriptions` counts payments of either kind.
CREATE FUNCTION revenue_months_apply_renewals() RETURNS trigger LANGUAGE plpgsql AS $$
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
  DELETE FROM revenue_months WHERE subscriptions = 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER revenue_months_renewals_insert AFTER INSERT ON subscription_renewals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_renewals();
--> statement-breakpoint
CREATE TRIGGER revenue_months_renewals_update AFTER UPDATE ON subscription_renewals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_renewals();
--> statement-breakpoint
CREATE TRIGGER revenue_months_renewals_delete AFTER DELETE ON subscription_renewals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION revenue_months_apply_renewals();
