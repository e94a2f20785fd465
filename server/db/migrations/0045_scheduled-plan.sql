ALTER TABLE "trial_requests" ADD COLUMN "scheduled_paid_plan" varchar(100);--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "scheduled_plan_from" timestamp with time zone;