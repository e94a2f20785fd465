ALTER TABLE "admin_sessions" ADD COLUMN "must_set_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_code_expires_at" timestamp with time zone;
