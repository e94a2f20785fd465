CREATE TABLE "renewal_rounds" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	CONSTRAINT "renewal_rounds_single_row_check" CHECK ("renewal_rounds"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "saves_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "card_taken_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payments_card_to_take_idx" ON "payments" USING btree ("paid_at") WHERE "payments"."saves_card" and "payments"."card_taken_at" is null;