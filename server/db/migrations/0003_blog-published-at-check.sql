-- Any published post without a date takes its creation date, so the check below holds.
UPDATE "blog_posts" SET "published_at" = "created_at" WHERE "published" AND "published_at" IS NULL;
--> statement-breakpoint
ALTER TABLE "blog_posts" ADD CONSTRAINT "blog_posts_published_at_check" CHECK (not "blog_posts"."published" or "blog_posts"."published_at" is not null);