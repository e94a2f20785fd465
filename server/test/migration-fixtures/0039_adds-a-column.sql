-- Prepares a rename: the new column, filled, which this release's code reads.
ALTER TABLE "people" ADD COLUMN "display_name" varchar(200);--> statement-breakpoint
UPDATE "people" SET "display_name" = "name";
