-- The hour of the follower's daily digest, chosen by them, read in their own time zone
-- (docs/decisions/045). 08:00 until they choose.
ALTER TABLE "notification_settings" ADD COLUMN "digest_hour" smallint DEFAULT 8 NOT NULL;
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_digest_hour" CHECK ("digest_hour" BETWEEN 0 AND 23);
