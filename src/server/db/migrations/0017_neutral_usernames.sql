-- Private by default (docs/decisions/010) and the age confirmation (users_age_confirmation_rules.sql).
--
-- A new account's username is neutral: 'bettor-' and 6 random base36 characters, never made from
-- the email (which it used to leak). A chosen username cannot contain '-', so a generated one never
-- collides with a chosen one, and nobody can choose a name that passes for a generated one.
-- Existing usernames are kept: people have shared links to them.
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_username_format";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[a-z0-9_.]{3,30}$' or "profiles"."username" ~ '^bettor-[0-9a-z]{6}$');--> statement-breakpoint
-- When the account's holder confirmed being 18 or older, as the terms require: every account
-- created from now on has it, and once stored it never changes. Accounts from before the sign-up
-- form asked have none.
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;