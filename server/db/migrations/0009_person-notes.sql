CREATE TABLE "person_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trial_request_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_username" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "person_notes" ADD CONSTRAINT "person_notes_trial_request_id_trial_requests_id_fk" FOREIGN KEY ("trial_request_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "person_notes_person_created_idx" ON "person_notes" USING btree ("trial_request_id","created_at");--> statement-breakpoint
CREATE INDEX "trial_requests_stage_created_idx" ON "trial_requests" USING btree ("status","created_at","id");