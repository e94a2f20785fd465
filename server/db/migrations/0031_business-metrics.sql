ALTER TABLE "payments" ADD COLUMN "period_start" timestamp with time zone;--> statement-breakpoint
-- Backfill: the settle step started a paid period at the old end while that was still ahead,
-- else when it was paid (subscription-extend.service.ts, renewalEnd).
UPDATE "payments" SET "period_start" = CASE WHEN "previous_end" > "paid_at" THEN "previous_end" ELSE "paid_at" END WHERE "paid_at" IS NOT NULL AND "new_end" IS NOT NULL AND "status" IN ('paid', 'refunded', 'partially_refunded');--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_period_idx" ON "payments" USING btree ("new_end","period_start","trial_request_id","amount_minor","months") WHERE "payments"."period_start" is not null;--> statement-breakpoint
CREATE INDEX "payments_paid_at_idx" ON "payments" USING btree ("paid_at","amount_minor") WHERE "payments"."period_start" is not null;