-- Turning two-factor sign-in on ends every session the account had: a session signed in with the
-- password alone (perhaps by someone who learnt it) does not outlive the owner's switch. The
-- two-factor plugin sets the flag, then makes the session that confirmed it anew (which stays).
CREATE OR REPLACE FUNCTION users_two_factor_on_ends_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_two_factor_on_ends_sessions AFTER UPDATE OF two_factor_enabled ON users
FOR EACH ROW WHEN (NEW.two_factor_enabled AND NOT OLD.two_factor_enabled)
EXECUTE FUNCTION users_two_factor_on_ends_sessions();
