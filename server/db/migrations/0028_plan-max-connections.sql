ALTER TABLE "m3u_lines" ADD COLUMN "max_connections" integer;--> statement-breakpoint
ALTER TABLE "m3u_lines" ADD COLUMN "panel_max_connections" integer;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "max_connections" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_max_connections_check" CHECK ("plans"."max_connections" between 1 and 10);--> statement-breakpoint
-- The templates' families (common/plans.ts): plans still named after them get their screens.
UPDATE "plans" SET "max_connections" = 2 WHERE "name" ~* '^family( |$)';--> statement-breakpoint
UPDATE "plans" SET "max_connections" = 3 WHERE "name" ~* '^household( |$)';
