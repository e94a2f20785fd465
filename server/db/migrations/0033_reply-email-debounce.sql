-- Reply e-mails queued before this index may wait two to a ticket: fold each ticket's into its
-- newest, which then carries every reply's text, so the index can be built.
WITH "waiting" AS (
  SELECT "id", "ticket_id", "created_at",
    row_number() OVER (PARTITION BY "ticket_id" ORDER BY "created_at" DESC, "id" DESC) AS "rank",
    string_agg("variables"->>'replyText', E'\n\n') OVER (PARTITION BY "ticket_id" ORDER BY "created_at", "id" ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS "texts"
  FROM "outbox_messages"
  WHERE "kind" = 'support_reply' AND "status" = 'queued' AND "resent_from" IS NULL AND "ticket_id" IS NOT NULL
), "kept" AS (
  UPDATE "outbox_messages" SET "variables" = "outbox_messages"."variables" || jsonb_build_object('replyText', "waiting"."texts")
  FROM "waiting" WHERE "waiting"."id" = "outbox_messages"."id" AND "waiting"."rank" = 1
  RETURNING "outbox_messages"."id"
)
UPDATE "outbox_messages" SET "status" = 'skipped', "last_error" = 'Sent with a later reply'
FROM "waiting" WHERE "waiting"."id" = "outbox_messages"."id" AND "waiting"."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_pending_reply_idx" ON "outbox_messages" USING btree ("ticket_id") WHERE "outbox_messages"."kind" = 'support_reply' and "outbox_messages"."status" = 'queued' and "outbox_messages"."resent_from" is null;