ALTER TABLE "people" DROP CONSTRAINT "people_email_unique";--> statement-breakpoint
ALTER TABLE "people" RENAME CONSTRAINT "a" TO "b";--> statement-breakpoint
ALTER TRIGGER people_insert ON people RENAME TO people_inserted;--> statement-breakpoint
DROP INDEX "people_name_idx";--> statement-breakpoint
UPDATE "settings" SET "value" = 'drop table people' WHERE "key" = 'note';
