CREATE TABLE "message_reminders" (
	"trial_request_id" uuid NOT NULL,
	"kind" varchar(50) NOT NULL,
	"offset_minutes" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_reminders_trial_request_id_kind_offset_minutes_period_end_pk" PRIMARY KEY("trial_request_id","kind","offset_minutes","period_end")
);
