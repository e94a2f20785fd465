CREATE TABLE "panel_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" varchar(40) NOT NULL,
	"line_id" uuid,
	"person_id" uuid,
	"panel_line_id" varchar(100),
	"outcome" varchar(40) NOT NULL,
	"http_status" smallint,
	"duration_ms" integer NOT NULL,
	"actor" varchar(64) NOT NULL,
	"message" varchar(300)
);
--> statement-breakpoint
CREATE INDEX "panel_calls_line_idx" ON "panel_calls" USING btree ("line_id","at","id");--> statement-breakpoint
CREATE INDEX "panel_calls_person_idx" ON "panel_calls" USING btree ("person_id","at","id");--> statement-breakpoint
CREATE INDEX "panel_calls_at_idx" ON "panel_calls" USING btree ("at","id");--> statement-breakpoint
-- The ledger is append-only: a row, once written, is never changed or removed by the application.
CREATE FUNCTION panel_calls_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'panel_calls is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER panel_calls_append_only BEFORE UPDATE OR DELETE ON panel_calls
  FOR EACH ROW EXECUTE FUNCTION panel_calls_append_only();
