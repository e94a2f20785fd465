CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trial_request_id" uuid,
	"plan_id" uuid,
	"plan_name" varchar(100) NOT NULL,
	"months" smallint NOT NULL,
	"amount_minor" integer NOT NULL,
	"list_amount_minor" integer NOT NULL,
	"discount_minor" integer DEFAULT 0 NOT NULL,
	"discount_id" uuid,
	"discount_code" varchar(50),
	"currency" varchar(3) NOT NULL,
	"provider" varchar(10) NOT NULL,
	"method" varchar(20),
	"reference" varchar(200),
	"provider_checkout_id" varchar(255),
	"provider_payment_id" varchar(255),
	"checkout_url" text,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"refunded_minor" integer DEFAULT 0 NOT NULL,
	"receipt_number" integer,
	"previous_end" timestamp with time zone,
	"new_end" timestamp with time zone,
	"request_id" uuid,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "payments_provider_check" CHECK ("payments"."provider" in ('stripe', 'btcpay', 'manual')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'paid', 'failed', 'expired', 'refunded', 'partially_refunded', 'needs_review')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" is null or "payments"."method" in ('cash', 'bank_transfer', 'crypto', 'paypal', 'other')),
	CONSTRAINT "payments_months_check" CHECK ("payments"."months" between 1 and 12),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_minor" >= 0 and "payments"."list_amount_minor" >= 0 and "payments"."discount_minor" >= 0),
	CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_minor" >= 0 and "payments"."refunded_minor" <= "payments"."amount_minor")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_checkout_idx" ON "payments" USING btree ("provider","provider_checkout_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payments_person_idx" ON "payments" USING btree ("trial_request_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'pending';