CREATE TABLE "line_activity" (
	"panel_entry_id" varchar(40) PRIMARY KEY NOT NULL,
	"line_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"ip" varchar(45) NOT NULL,
	"network" varchar(50) NOT NULL,
	"country" varchar(2),
	"player" varchar(300) NOT NULL,
	"stream" varchar(200) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "line_activity_reads" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"claimed_until" timestamp with time zone,
	"from_day" varchar(10),
	"next_start" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "line_activity_reads_single_row_check" CHECK ("line_activity_reads"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "line_sharing" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"screens" integer NOT NULL,
	"ips_24h" integer NOT NULL,
	"networks_24h" integer NOT NULL,
	"countries_24h" integer NOT NULL,
	"ips_7d" integer NOT NULL,
	"networks_7d" integer NOT NULL,
	"countries_7d" integer NOT NULL,
	"is_flagged" boolean NOT NULL,
	"flagged_at" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL,
	"dismissed_until" timestamp with time zone,
	"dismissed_networks" integer,
	"dismissed_countries" integer,
	"dismissed_by" varchar(64),
	"offered_at" timestamp with time zone,
	"offered_by" varchar(64)
);
--> statement-breakpoint
ALTER TABLE "line_activity" ADD CONSTRAINT "line_activity_line_id_m3u_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."m3u_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_sharing" ADD CONSTRAINT "line_sharing_line_id_m3u_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."m3u_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "line_activity_line_ended_idx" ON "line_activity" USING btree ("line_id","ended_at");--> statement-breakpoint
CREATE INDEX "line_activity_ended_idx" ON "line_activity" USING btree ("ended_at");--> statement-breakpoint
CREATE INDEX "line_sharing_flagged_idx" ON "line_sharing" USING btree ("flagged_at","line_id") WHERE "line_sharing"."is_flagged";
