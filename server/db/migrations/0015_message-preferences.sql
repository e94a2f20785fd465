CREATE TABLE "message_preferences" (
	"trial_request_id" uuid PRIMARY KEY NOT NULL,
	"unsubscribe_token" varchar(64) NOT NULL,
	"reminders_stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_preferences_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
