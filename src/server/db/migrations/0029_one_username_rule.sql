-- One username rule (src/shared/usernames.ts): every name, chosen or given, is 3-30 lowercase
-- letters, digits, _ and . — the hint the dashboard shows. New accounts' names become
-- 'bettor_' and 6 base36 digits (db/functions/neutral_username.sql) instead of 'bettor-...', which
-- the hint forbade. Names already given move to the new form (the username history keeps the
-- old one, as for any rename); one whose new form someone chose before it was reserved keeps an
-- underscore form with its digits reversed, which is as random.
UPDATE "profiles" SET "username" = 'bettor_' || substr("username", 8)
WHERE "username" ~ '^bettor-[0-9a-z]{6}$'
  AND NOT EXISTS (SELECT 1 FROM "profiles" p2 WHERE p2."username" = 'bettor_' || substr("profiles"."username", 8));--> statement-breakpoint
UPDATE "profiles" SET "username" = 'bettor_' || reverse(substr("username", 8))
WHERE "username" ~ '^bettor-[0-9a-z]{6}$';--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_username_format";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[a-z0-9_.]{3,30}$');
