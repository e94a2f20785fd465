-- Cut to the millisecond, never rounded: a copy already read into a JS Date was cut the same way.
ALTER TABLE "message_reminders" ALTER COLUMN "period_end" SET DATA TYPE timestamp (3) with time zone USING date_trunc('milliseconds', "period_end");--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "renews_period_end" SET DATA TYPE timestamp (3) with time zone USING date_trunc('milliseconds', "renews_period_end");--> statement-breakpoint
ALTER TABLE "trial_requests" ALTER COLUMN "subscription_end_date" SET DATA TYPE timestamp (3) with time zone USING date_trunc('milliseconds', "subscription_end_date");
