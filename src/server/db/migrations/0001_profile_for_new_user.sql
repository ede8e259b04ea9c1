-- Every new account gets its profile and settings in the same transaction as the account row:
-- a trigger cannot be skipped by any code path that creates a user.
-- The default username is derived from the email's local part (lowercase, a-z 0-9 _ .),
-- padded to 3 characters, cut to 24 so a numeric suffix fits in 30, and never a reserved word.
CREATE FUNCTION create_profile_for_new_user() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  base text;
  candidate text;
BEGIN
  base := left(regexp_replace(lower(split_part(NEW.email, '@', 1)), '[^a-z0-9_.]', '', 'g'), 24);
  IF char_length(base) < 3 THEN
    base := base || repeat('_', 3 - char_length(base));
  END IF;
  candidate := base;
  LOOP
    IF NOT EXISTS (SELECT 1 FROM reserved_usernames WHERE name = candidate) THEN
      BEGIN
        INSERT INTO profiles (user_id, username, display_name) VALUES (NEW.id, candidate, NULLIF(btrim(NEW.name), ''));
        EXIT;
      EXCEPTION WHEN unique_violation THEN
        -- taken (possibly by a concurrent sign-up): try again with a random suffix
      END;
    END IF;
    candidate := base || (100000 + floor(random() * 900000))::int::text;
  END LOOP;
  INSERT INTO user_settings (user_id) VALUES (NEW.id);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_create_profile AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION create_profile_for_new_user();
