ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
-- Usernames made through the API are ASCII: folding A-Z here gives the key JavaScript computes.
-- (SQL lower() is not used: its folding depends on the database's locale.) Any other name is
-- re-keyed by the server at start-up (rekeyUsernames).
UPDATE "users" SET "username_key" = translate("username", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz');--> statement-breakpoint
-- Names the old index let through because a locale's lower() told them apart, but that share a
-- key, keep the oldest as it is; the others get their id's first characters, as in 0004.
UPDATE "users" SET
  "username" = left("username", 55) || '-' || left("id"::text, 8),
  "username_key" = left("username_key", 55) || '-' || left("id"::text, 8)
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "username_key" ORDER BY "created_at", "id") AS "rank"
    FROM "users"
  ) AS "ranked" WHERE "rank" > 1
);--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "users_username_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_idx" ON "users" USING btree ("username_key");
