ALTER TABLE "trial_requests" ADD COLUMN "email_key" varchar(254);--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "telegram_key" varchar(100);--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "whatsapp_key" varchar(16);--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "network" "cidr";--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "asked_again_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "last_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "last_asked_client_request_id" uuid;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "trust_score" smallint;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "trust_reasons" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD COLUMN "is_trust_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One trial per person: the comparison keys of the requests already stored, as
-- common/trial-identity.ts derives them (server/db/trial-identity-backfill.test.ts checks that
-- both agree). Their network was never recorded and their trust never assessed: both stay null.
UPDATE "trial_requests" AS t
SET "email_key" = k.email_key, "telegram_key" = k.telegram_key, "whatsapp_key" = k.whatsapp_key
FROM (
  SELECT id,
    CASE
      WHEN domain IN ('gmail.com', 'googlemail.com')
        THEN replace(coalesce(nullif(split_part(local, '+', 1), ''), local), '.', '') || '@gmail.com'
      WHEN domain IN ('msn.com', 'icloud.com', 'me.com', 'mac.com', 'fastmail.com', 'fastmail.fm',
                      'protonmail.com', 'protonmail.ch', 'proton.me', 'pm.me', 'yandex.com',
                      'yandex.ru', 'ya.ru', 'zoho.com')
        OR domain ~ '^(outlook|hotmail|live)\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$'
        THEN coalesce(nullif(split_part(local, '+', 1), ''), local) || '@' || domain
      WHEN domain ~ '^yahoo\.(com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$'
        THEN coalesce(nullif(split_part(local, '-', 1), ''), local) || '@' || domain
      ELSE local || '@' || domain
    END AS email_key,
    CASE WHEN telegram_name ~ '^[a-z][a-z0-9_]{2,31}$' THEN telegram_name END AS telegram_key,
    CASE
      WHEN wa_link IS NOT NULL THEN CASE WHEN '+' || wa_link ~ '^\+[1-9]\d{6,14}$' THEN '+' || wa_link END
      WHEN wa_digits ~ '^\+[1-9]\d{6,14}$' THEN wa_digits
    END AS whatsapp_key
  FROM (
    SELECT id,
      substring(lower(trim(email)) from '^(.*)@') AS local,
      rtrim(substring(lower(trim(email)) from '@([^@]*)$'), '.') AS domain,
      regexp_replace(regexp_replace(regexp_replace(lower(trim(telegram)),
        '^(https?://)?(www\.)?(t|telegram)\.me/', ''), '^@', ''), '[/?#].*$', '') AS telegram_name,
      substring(lower(trim(whatsapp))
        from '^(?:https?://)?(?:wa\.me/|api\.whatsapp\.com/send/?\?phone=)\+?(\d+)') AS wa_link,
      regexp_replace(regexp_replace(regexp_replace(lower(trim(whatsapp)),
        '^(\+|00)(\d{1,3})[\s.-]*\(0\)', '\1\2'), '[\s./()-]', '', 'g'), '^00', '+') AS wa_digits
    FROM "trial_requests"
  ) AS contacts
) AS k
WHERE t.id = k.id;--> statement-breakpoint
CREATE INDEX "trial_requests_email_key_idx" ON "trial_requests" USING btree ("email_key");--> statement-breakpoint
CREATE INDEX "trial_requests_telegram_key_idx" ON "trial_requests" USING btree ("telegram_key") WHERE "trial_requests"."telegram_key" is not null;--> statement-breakpoint
CREATE INDEX "trial_requests_whatsapp_key_idx" ON "trial_requests" USING btree ("whatsapp_key") WHERE "trial_requests"."whatsapp_key" is not null;--> statement-breakpoint
CREATE INDEX "trial_requests_network_created_idx" ON "trial_requests" USING btree ("network","created_at") WHERE "trial_requests"."network" is not null;--> statement-breakpoint
ALTER TABLE "trial_requests" ADD CONSTRAINT "trial_requests_trust_score_check" CHECK ("trial_requests"."trust_score" between 0 and 100);
