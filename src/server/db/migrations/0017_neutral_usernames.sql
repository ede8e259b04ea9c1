-- Private by default (issue 16 item 4) and the age confirmation (issue 18 item 1).
--
-- A new account's username is neutral: 'bettor-' and 6 random base36 characters, never made from
-- the email (which it used to leak). A chosen username cannot contain '-', so a generated one never
-- collides with a chosen one, and nobody can choose a name that passes for a generated one.
-- Existing usernames are kept: people have shared links to them.
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_username_format";--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_username_format" CHECK ("profiles"."username" ~ '^[a-z0-9_.]{3,30}$' or "profiles"."username" ~ '^bettor-[0-9a-z]{6}$');--> statement-breakpoint
-- 40 bits from a version-4 UUID (its first 10 hex digits are random, drawn from the system's
-- cryptographic generator), written as 6 base36 digits: 2^40 is 504 times 36^6, so every name is
-- about equally likely.
CREATE FUNCTION neutral_username() RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  alphabet constant text := '0123456789abcdefghijklmnopqrstuvwxyz';
  n bigint := ('x' || left(replace(gen_random_uuid()::text, '-', ''), 10))::bit(40)::bigint;
  suffix text := '';
BEGIN
  FOR i IN 1..6 LOOP
    suffix := suffix || substr(alphabet, 1 + (n % 36)::int, 1);
    n := n / 36;
  END LOOP;
  RETURN 'bettor-' || suffix;
END;
$$;
--> statement-breakpoint
-- The sign-up trigger of migration 0001, now with a neutral username. A name already taken (about
-- one chance in two billion per existing profile, or a concurrent sign-up drawing the same) is
-- drawn again; any other unique violation (a second profile for the account) is an error.
CREATE OR REPLACE FUNCTION create_profile_for_new_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  violated text;
BEGIN
  FOR attempt IN 1..20 LOOP
    BEGIN
      INSERT INTO profiles (user_id, username, display_name)
      VALUES (NEW.id, neutral_username(), NULLIF(btrim(NEW.name), ''));
      INSERT INTO user_settings (user_id) VALUES (NEW.id);
      RETURN NEW;
    EXCEPTION WHEN unique_violation THEN
      GET STACKED DIAGNOSTICS violated = CONSTRAINT_NAME;
      IF violated IS DISTINCT FROM 'profiles_username_unique' THEN
        RAISE;
      END IF;
    END;
  END LOOP;
  RAISE EXCEPTION 'no free neutral username after 20 draws' USING ERRCODE = 'unique_violation';
END;
$$;
--> statement-breakpoint
-- No profile takes a reserved name (a route, a file of the site, a word like admin or support):
-- the list lives in src/shared/usernames.ts and the server copies it into reserved_usernames at
-- boot. Names are stored lowercase (profiles_username_format), so this and the unique constraint
-- hold whatever the letter case. A name kept from before it was reserved may stay as it is.
CREATE FUNCTION profiles_refuse_reserved_username() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.username = OLD.username THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM reserved_usernames WHERE name = NEW.username) THEN
    RAISE EXCEPTION 'the username % is reserved', NEW.username
      USING ERRCODE = 'check_violation', CONSTRAINT = 'profiles_username_not_reserved', TABLE = 'profiles',
            COLUMN = 'username';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_username_not_reserved BEFORE INSERT OR UPDATE OF username ON profiles
FOR EACH ROW EXECUTE FUNCTION profiles_refuse_reserved_username();
--> statement-breakpoint
-- When the account's holder confirmed being 18 or older, as the terms require: every account
-- created from now on has it, and once stored it never changes. Accounts from before the sign-up
-- form asked have none.
ALTER TABLE "users" ADD COLUMN "age_confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE FUNCTION users_age_confirmation_rules() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND NEW.age_confirmed_at IS NULL THEN
    RAISE EXCEPTION 'an account needs the time its holder confirmed being 18 or older'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_age_confirmed', TABLE = 'users', COLUMN = 'age_confirmed_at';
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.age_confirmed_at IS NOT NULL AND NEW.age_confirmed_at IS DISTINCT FROM OLD.age_confirmed_at THEN
    RAISE EXCEPTION 'the time of the age confirmation never changes'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_age_confirmation_final', TABLE = 'users',
            COLUMN = 'age_confirmed_at';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_age_confirmation BEFORE INSERT OR UPDATE OF age_confirmed_at ON users
FOR EACH ROW EXECUTE FUNCTION users_age_confirmation_rules();
