-- Each server keeps the sessions it has recently read in memory (modules/auth/session-cache.ts),
-- so an authenticated request needs no query to learn who sent it. A cached answer is only good
-- while nothing behind it changed: so every change to a session or to its user, whatever makes it
-- (Better Auth, the admin CLI, an admin, a script), tells every server which user it concerned,
-- and each drops that user's sessions. NOTIFY is sent when the transaction commits, to every
-- connection listening on the channel (PGlite: to the same process, as the statement returns).
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the column holding the user's id (users.id, sessions.user_id).
  PERFORM pg_notify('betproof_session_changes', to_jsonb(OLD) ->> TG_ARGV[0]);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_notify_change AFTER DELETE OR UPDATE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_change('user_id');

CREATE TRIGGER users_notify_change AFTER DELETE OR UPDATE ON users
FOR EACH ROW EXECUTE FUNCTION notify_session_change('id');
