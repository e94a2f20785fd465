CREATE TABLE "customer_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trial_request_id" uuid NOT NULL,
	"action" varchar(30) NOT NULL,
	"detail" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_activity_action_check" CHECK ("customer_activity"."action" in ('signed_in', 'signed_out', 'checkout_started', 'receipt_viewed'))
);
--> statement-breakpoint
CREATE TABLE "customer_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"trial_request_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_sign_in_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"trial_request_id" uuid NOT NULL,
	"email" varchar(254) NOT NULL,
	"purpose" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "customer_sign_in_tokens_purpose_check" CHECK ("customer_sign_in_tokens"."purpose" in ('sign_in', 'email_link')),
	CONSTRAINT "customer_sign_in_tokens_lifetime_check" CHECK ("customer_sign_in_tokens"."expires_at" > "customer_sign_in_tokens"."created_at")
);
--> statement-breakpoint
ALTER TABLE "customer_activity" ADD CONSTRAINT "customer_activity_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sessions" ADD CONSTRAINT "customer_sessions_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_sign_in_tokens" ADD CONSTRAINT "customer_sign_in_tokens_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_activity_person_idx" ON "customer_activity" USING btree ("trial_request_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_sessions_person_idx" ON "customer_sessions" USING btree ("trial_request_id");--> statement-breakpoint
CREATE INDEX "customer_sessions_expires_idx" ON "customer_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_sign_in_tokens_expires_idx" ON "customer_sign_in_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "customer_sign_in_tokens_person_idx" ON "customer_sign_in_tokens" USING btree ("trial_request_id");