CREATE TABLE "telegram_bindings" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"start_token" varchar(64) NOT NULL,
	"chat_id" bigint,
	"status" varchar(10) DEFAULT 'unbound' NOT NULL,
	"bound_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_bindings_start_token_unique" UNIQUE("start_token"),
	CONSTRAINT "telegram_bindings_status_check" CHECK ("telegram_bindings"."status" in ('unbound', 'bound', 'stopped'))
);
--> statement-breakpoint
CREATE TABLE "telegram_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_bindings" ADD CONSTRAINT "telegram_bindings_person_id_trial_requests_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."trial_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_bindings_chat_id_idx" ON "telegram_bindings" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "telegram_updates_handled_at_idx" ON "telegram_updates" USING btree ("handled_at");