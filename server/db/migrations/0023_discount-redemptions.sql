CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"trial_request_id" uuid,
	"payment_id" uuid NOT NULL,
	"status" varchar(10) DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "discount_redemptions_status_check" CHECK ("discount_redemptions"."status" in ('reserved', 'redeemed', 'released'))
);
--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "max_redemptions" integer;--> statement-breakpoint
ALTER TABLE "discounts" ADD COLUMN "once_per_person" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_redemptions_counted_idx" ON "discount_redemptions" USING btree ("discount_id","trial_request_id") WHERE "discount_redemptions"."status" <> 'released';--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_max_redemptions_check" CHECK ("discounts"."max_redemptions" > 0);