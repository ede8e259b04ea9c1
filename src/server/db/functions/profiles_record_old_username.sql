-- A renamed profile's old username keeps leading to it for 30 days: every change of
-- profiles.username records the name given up, whatever writes it (the API, an admin, a script).
-- The page route reads this with the request's clock; the 30 days are counted there, not here.
CREATE OR REPLACE FUNCTION profiles_record_old_username() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO username_history (user_id, old_username) VALUES (OLD.user_id, OLD.username);
  RETURN NEW;
END;
$$;

CREATE TRIGGER profiles_username_history AFTER UPDATE OF username ON profiles
FOR EACH ROW WHEN (NEW.username IS DISTINCT FROM OLD.username)
EXECUTE FUNCTION profiles_record_old_username();
