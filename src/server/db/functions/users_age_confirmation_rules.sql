-- When the account's holder confirmed being 18 or older, as the terms require: every account
-- created from now on has it, and once stored it never changes. Accounts from before the sign-up
-- form asked have none.
CREATE OR REPLACE FUNCTION users_age_confirmation_rules() RETURNS trigger
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

CREATE TRIGGER users_age_confirmation BEFORE INSERT OR UPDATE OF age_confirmed_at ON users
FOR EACH ROW EXECUTE FUNCTION users_age_confirmation_rules();
