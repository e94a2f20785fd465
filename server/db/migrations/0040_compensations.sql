CREATE TABLE "compensation_items" (
	"compensation_id" uuid NOT NULL,
	"trial_request_id" uuid NOT NULL,
	"state" varchar(10) DEFAULT 'pending' NOT NULL,
	"line_id" uuid,
	"new_end" timestamp with time zone,
	"problem" text,
	CONSTRAINT "compensation_items_compensation_id_trial_request_id_pk" PRIMARY KEY("compensation_id","trial_request_id"),
	CONSTRAINT "compensation_items_state_check" CHECK ("compensation_items"."state" in ('pending', 'extended', 'done', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "compensations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid,
	"days" smallint NOT NULL,
	"active_at" timestamp with time zone NOT NULL,
	"note" text NOT NULL,
	"notify" boolean NOT NULL,
	"total" integer NOT NULL,
	"created_by" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "compensations_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "compensations_days_check" CHECK ("compensations"."days" between 1 and 30)
);
--> statement-breakpoint
ALTER TABLE "subscription_renewals" DROP CONSTRAINT "subscription_renewals_months_check";--> statement-breakpoint
ALTER TABLE "subscription_renewals" DROP CONSTRAINT "subscription_renewals_price_check";--> statement-breakpoint
ALTER TABLE "panel_calls" ADD COLUMN "credits" integer;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "compensation_id" uuid;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD COLUMN "days" smallint;--> statement-breakpoint
ALTER TABLE "compensation_items" ADD CONSTRAINT "compensation_items_compensation_id_compensations_id_fk" FOREIGN KEY ("compensation_id") REFERENCES "public"."compensations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "compensation_items_open_idx" ON "compensation_items" USING btree ("compensation_id","trial_request_id") WHERE "compensation_items"."state" in ('pending', 'extended');--> statement-breakpoint
CREATE INDEX "compensations_unfinished_idx" ON "compensations" USING btree ("created_at") WHERE "compensations"."finished_at" is null;--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_compensation_id_compensations_id_fk" FOREIGN KEY ("compensation_id") REFERENCES "public"."compensations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "panel_calls_credits_idx" ON "panel_calls" USING btree ("at") WHERE "panel_calls"."credits" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_renewals_compensation_idx" ON "subscription_renewals" USING btree ("compensation_id","trial_request_id");--> statement-breakpoint
ALTER TABLE "subscription_renewals" ADD CONSTRAINT "subscription_renewals_kind_check" CHECK (("subscription_renewals"."days" is null and "subscription_renewals"."months" between 1 and 12 and "subscription_renewals"."price" > 0)
        or ("subscription_renewals"."days" between 1 and 30 and "subscription_renewals"."months" = 0 and "subscription_renewals"."price" = 0));