-- Every new account gets its profile and settings in the same transaction as the account row:
-- a trigger cannot be skipped by any code path that creates a user. Its username is neutral:
-- 'bettor_' and 6 random base36 characters (neutral_username), never made from the email. A name
-- already taken (about one chance in two billion per existing profile, or a concurrent sign-up
-- drawing the same) is drawn again; any other unique violation (a second profile for the account)
-- is an error.
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

CREATE TRIGGER users_create_profile AFTER INSERT ON users
FOR EACH ROW EXECUTE FUNCTION create_profile_for_new_user();
