ALTER TABLE "m3u_lines" ADD COLUMN "panel_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "panel_is_enabled" boolean;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "panel_is_trial" boolean;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "panel_password" varchar(128);--> statement-breakpoint
ALTER TABLE "panel_calls" ADD COLUMN "events" jsonb;--> statement-breakpoint
-- A line whose every change the panel took holds what we hold: later pushes send only what changes.
UPDATE "m3u_lines" SET "panel_expires_at" = "expires_at", "panel_is_enabled" = "is_enabled", "panel_is_trial" = "is_trial", "panel_password" = "password" WHERE "supplier_id" IS NOT NULL AND "pushed_revision" >= "revision";
