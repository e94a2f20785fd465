CREATE TABLE "mail_bounces" (
	"mailbox" varchar(254) PRIMARY KEY NOT NULL,
	"reply" text NOT NULL,
	"bounced_at" timestamp with time zone NOT NULL
);
