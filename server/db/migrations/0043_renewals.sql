CREATE TABLE "auto_renewals" (
	"trial_request_id" uuid PRIMARY KEY NOT NULL,
	"auto_renew" boolean NOT NULL,
	"status" varchar(10) NOT NULL,
	"turned_off_at" timestamp with time zone,
	"turned_off_by" varchar(64),
	"turned_off_reason" varchar(30),
	"scheduled_plan_id" uuid,
	"retention_offered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auto_renewals_status_check" CHECK ("auto_renewals"."status" in ('active', 'retrying', 'past_due', 'off')),
	CONSTRAINT "auto_renewals_reason_check" CHECK ("auto_renewals"."turned_off_reason" is null or "auto_renewals"."turned_off_reason" in ('too_expensive', 'not_watching', 'technical_problems', 'switching_service', 'other')),
	CONSTRAINT "auto_renewals_off_check" CHECK ("auto_renewals"."auto_renew" or "auto_renewals"."status" = 'off')
);
--> statement-breakpoint
CREATE TABLE "renewal_attempts" (
	"payment_id" uuid NOT NULL,
	"number" smallint NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"outcome" varchar(10) DEFAULT 'pending' NOT NULL,
	"code" varchar(60),
	"message" text,
	"provider_payment_id" varchar(255),
	"decided_at" timestamp with time zone,
	CONSTRAINT "renewal_attempts_payment_number_key" UNIQUE("payment_id","number"),
	CONSTRAINT "renewal_attempts_outcome_check" CHECK ("renewal_attempts"."outcome" in ('pending', 'succeeded', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "stripe_customers" (
	"trial_request_id" uuid PRIMARY KEY NOT NULL,
	"customer_id" varchar(255) NOT NULL,
	"payment_method_id" varchar(255),
	"card_brand" varchar(20),
	"card_last4" varchar(4),
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"card_saved_at" timestamp with time zone,
	"card_removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_customers_customer_id_unique" UNIQUE("customer_id"),
	CONSTRAINT "stripe_customers_card_check" CHECK ("stripe_customers"."payment_method_id" is null or ("stripe_customers"."card_brand" is not null and "stripe_customers"."card_last4" is not null
        and "stripe_customers"."card_exp_month" between 1 and 12 and "stripe_customers"."card_exp_year" is not null))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" varchar(10) DEFAULT 'purchase' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "renews_period_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_renewals" ADD CONSTRAINT "auto_renewals_scheduled_plan_id_plans_id_fk" FOREIGN KEY ("scheduled_plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_attempts" ADD CONSTRAINT "renewal_attempts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stripe_customers" ADD CONSTRAINT "stripe_customers_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_renewals_status_idx" ON "auto_renewals" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_renewal_period_idx" ON "payments" USING btree ("trial_request_id","renews_period_end") WHERE "payments"."renews_period_end" is not null;--> statement-breakpoint
CREATE INDEX "payments_renewal_retry_idx" ON "payments" USING btree ("retry_at") WHERE "payments"."retry_at" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('purchase', 'renewal'));