-- No profile takes a reserved name (a route, a file of the site, a word like admin or support):
-- the list lives in src/shared/usernames.ts and the server copies it into reserved_usernames at
-- boot. Names are stored lowercase (profiles_username_format), so this and the unique constraint
-- hold whatever the letter case. A name kept from before it was reserved may stay as it is.
CREATE OR REPLACE FUNCTION profiles_refuse_reserved_username() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.username = OLD.username THEN
    RETURN NEW;
  END IF;
  -- A reserved word, or (on a change of name) the form new accounts are given (neutral_username.sql).
  IF EXISTS (SELECT 1 FROM reserved_usernames WHERE name = NEW.username)
     OR (TG_OP = 'UPDATE' AND NEW.username ~ '^bettor_[0-9a-z]{6}$') THEN
    RAISE EXCEPTION 'the username % is reserved', NEW.username
      USING ERRCODE = 'check_violation', CONSTRAINT = 'profiles_username_not_reserved', TABLE = 'profiles',
            COLUMN = 'username';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER profiles_username_not_reserved BEFORE INSERT OR UPDATE OF username ON profiles
FOR EACH ROW EXECUTE FUNCTION profiles_refuse_reserved_username();
