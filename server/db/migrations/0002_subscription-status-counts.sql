CREATE TABLE "subscription_status_counts" (
	"status" varchar(20) PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Keeps subscription_status_counts equal to the rows of trial_requests per status, whatever
-- writes them: statement-level triggers fold each statement's old and new rows into the counts.
-- Rows are locked in status order, so two statements never wait on each other in a cycle.
CREATE FUNCTION subscription_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO subscription_status_counts AS c (status, count)
    SELECT subscription_status, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO subscription_status_counts AS c (status, count)
    SELECT subscription_status, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- An update that keeps every status (notes, plan) nets to zero and touches no count.
    INSERT INTO subscription_status_counts AS c (status, count)
    SELECT status, sum(delta) FROM (
      SELECT subscription_status AS status, -1 AS delta FROM old_rows
      UNION ALL
      SELECT subscription_status, 1 FROM new_rows
    ) AS changes
    GROUP BY 1 HAVING sum(delta) <> 0 ORDER BY 1
    ON CONFLICT (status) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subscription_status_counts_insert AFTER INSERT ON trial_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_status_counts_update AFTER UPDATE ON trial_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_counts_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_status_counts_delete AFTER DELETE ON trial_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION subscription_status_counts_apply();
--> statement-breakpoint
INSERT INTO subscription_status_counts (status, count)
SELECT subscription_status, count(*) FROM trial_requests GROUP BY 1;
