-- Says drop table only in this comment, which does not count.
ALTER TABLE "people" ALTER COLUMN "nickname" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "phone" text, DROP COLUMN "name";
