CREATE TABLE "trial_autostarts" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"status" varchar(10) NOT NULL,
	"reason" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_autostarts_status_check" CHECK ("trial_autostarts"."status" in ('queued', 'waiting', 'started', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "trial_autostarts" ADD CONSTRAINT "trial_autostarts_person_id_trial_requests_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_autostarts_due_idx" ON "trial_autostarts" USING btree ("next_attempt_at") WHERE "trial_autostarts"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "trial_autostarts_started_idx" ON "trial_autostarts" USING btree ("started_at") WHERE "trial_autostarts"."status" = 'started';