CREATE TABLE "import_problems" (
	"report_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"position" integer NOT NULL,
	"field" varchar(100),
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_problems_report_id_line_position_pk" PRIMARY KEY("report_id","line","position")
);
--> statement-breakpoint
ALTER TABLE "import_problems" ADD CONSTRAINT "import_problems_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_problems_created_idx" ON "import_problems" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "import_problems_user_idx" ON "import_problems" USING btree ("user_id");