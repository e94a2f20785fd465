CREATE TABLE "admin_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_username" varchar(64) NOT NULL,
	"action" varchar(64) NOT NULL,
	"entity_type" varchar(40) NOT NULL,
	"entity_id" varchar(255),
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(200) NOT NULL,
	"slug" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"excerpt" text,
	"meta_title" varchar(200),
	"meta_description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"featured_image" text,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_posts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"sender_type" varchar(20) NOT NULL,
	"sender_name" varchar(200) NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_messages_sender_type_check" CHECK ("chat_messages"."sender_type" in ('admin', 'customer'))
);
--> statement-breakpoint
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(50),
	"percentage" numeric(5, 2),
	"amount" numeric(10, 2),
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_to" timestamp with time zone,
	"applicable_plans" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_code_unique" UNIQUE("code"),
	CONSTRAINT "discounts_percentage_check" CHECK ("discounts"."percentage" > 0 and "discounts"."percentage" <= 100),
	CONSTRAINT "discounts_amount_check" CHECK ("discounts"."amount" > 0),
	CONSTRAINT "discounts_valid_range_check" CHECK ("discounts"."valid_to" is null or "discounts"."valid_to" >= "discounts"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "m3u_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"supplier_id" varchar(100),
	"subscription_type" integer NOT NULL,
	"package_id" varchar(100) NOT NULL,
	"m3u_url" text NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"notes" text,
	"api_response" jsonb,
	"created_by" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "m3u_lines_subscription_type_check" CHECK ("m3u_lines"."subscription_type" in (1, 3, 6, 12, 99))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(50) NOT NULL,
	"entity_id" varchar(255) NOT NULL,
	"recipient_role" varchar(20) NOT NULL,
	"recipient_key" varchar(255),
	"title" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"price" numeric(10, 2) NOT NULL,
	"cost_per_month" numeric(10, 2),
	"profit_margin" numeric(5, 2),
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"billing_period" varchar(20) DEFAULT 'monthly' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_billing_period_check" CHECK ("plans"."billing_period" in ('monthly', 'quarterly', 'semi-annual', 'annual')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price" >= 0),
	CONSTRAINT "plans_cost_per_month_check" CHECK ("plans"."cost_per_month" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revenue_months" (
	"month" timestamp with time zone NOT NULL,
	"family" varchar(20) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"subscriptions" integer NOT NULL,
	CONSTRAINT "revenue_months_month_family_pk" PRIMARY KEY("month","family")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_name" varchar(200) NOT NULL,
	"customer_email" varchar(254) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"description" text NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"priority" varchar(20) DEFAULT 'medium' NOT NULL,
	"assigned_to" varchar(64),
	"admin_last_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_tickets_status_check" CHECK ("support_tickets"."status" in ('open', 'in_progress', 'resolved', 'closed')),
	CONSTRAINT "support_tickets_priority_check" CHECK ("support_tickets"."priority" in ('low', 'medium', 'high', 'urgent'))
);
--> statement-breakpoint
CREATE TABLE "trial_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"name" varchar(201) NOT NULL,
	"email" varchar(254) NOT NULL,
	"plan" varchar(100) NOT NULL,
	"telegram" varchar(100),
	"whatsapp" varchar(50),
	"status" varchar(30) DEFAULT 'Pending' NOT NULL,
	"location" varchar(100) DEFAULT 'Unknown' NOT NULL,
	"device" varchar(100) DEFAULT 'Unknown' NOT NULL,
	"custom_plan_details" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subscription_id" varchar(12) NOT NULL,
	"subscription_status" varchar(20) DEFAULT 'trial' NOT NULL,
	"paid_plan" varchar(100),
	"subscription_price" numeric(10, 2),
	"subscription_start_date" timestamp with time zone,
	"subscription_end_date" timestamp with time zone,
	"admin_notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_request_id" uuid,
	CONSTRAINT "trial_requests_subscription_id_unique" UNIQUE("subscription_id"),
	CONSTRAINT "trial_requests_client_request_id_unique" UNIQUE("client_request_id"),
	CONSTRAINT "trial_requests_subscription_status_check" CHECK ("trial_requests"."subscription_status" in ('trial', 'active', 'expired', 'cancelled')),
	CONSTRAINT "trial_requests_subscription_id_check" CHECK ("trial_requests"."subscription_id" ~ '^SUB-[A-Z0-9]{8}$'),
	CONSTRAINT "trial_requests_subscription_price_check" CHECK ("trial_requests"."subscription_price" > 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" varchar(64) NOT NULL,
	"password" text NOT NULL,
	"role" varchar(20) DEFAULT 'admin' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'super_admin'))
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_ticket_id_support_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."support_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_user_idx" ON "admin_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_username","created_at");--> statement-breakpoint
CREATE INDEX "blog_posts_published_idx" ON "blog_posts" USING btree ("published","published_at");--> statement-breakpoint
CREATE INDEX "chat_messages_ticket_created_idx" ON "chat_messages" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "m3u_lines_created_idx" ON "m3u_lines" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_role","recipient_key","read","created_at");--> statement-breakpoint
CREATE INDEX "notifications_type_created_idx" ON "notifications" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trial_requests_created_idx" ON "trial_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "trial_requests_status_created_idx" ON "trial_requests" USING btree ("subscription_status","created_at","id");--> statement-breakpoint
CREATE INDEX "trial_requests_email_idx" ON "trial_requests" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "trial_requests_search_idx" ON "trial_requests" USING gin ((lower("name" || ' ' || "email" || ' ' || "subscription_id" || ' ' || coalesce("telegram", '') || ' ' || coalesce("whatsapp", ''))) gin_trgm_ops);