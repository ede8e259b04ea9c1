-- A graded bet or leg is settled by its event's result only (events_grade, a trigger one level
-- down), never by a direct write, and deleted only while its event is scheduled and not started
-- (besides bets_guard_record's rule). What makes it graded never changes.
CREATE OR REPLACE FUNCTION bets_guard_graded() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.event_id, NEW.market, NEW.selection, NEW.line) IS DISTINCT FROM (OLD.event_id, OLD.market, OLD.selection, OLD.line) THEN
      RAISE EXCEPTION 'bet % keeps its event, market, selection and line', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_is_fixed';
    END IF;
    IF TG_TABLE_NAME = 'bets' THEN
      IF NEW.graded IS DISTINCT FROM OLD.graded THEN
        RAISE EXCEPTION 'bet % keeps its kind (graded or self-reported)', OLD.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_is_fixed';
      END IF;
    END IF;
    IF OLD.event_id IS NOT NULL AND NEW.status <> OLD.status AND pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'bet % is graded from its event''s result, not settled by hand', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_graded_from_result';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.event_id IS NOT NULL AND TG_TABLE_NAME = 'bets'
     AND EXISTS (SELECT 1 FROM events e WHERE e.id = OLD.event_id
                 AND (e.status <> 'scheduled' OR e.starts_at <= statement_timestamp()))
     AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RAISE EXCEPTION 'bet % is graded from its event''s result, and its event has started', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_graded_from_result';
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER bets_guard_graded BEFORE DELETE OR UPDATE ON bets
FOR EACH ROW EXECUTE FUNCTION bets_guard_graded();

CREATE TRIGGER bet_legs_guard_graded BEFORE UPDATE ON bet_legs
FOR EACH ROW EXECUTE FUNCTION bets_guard_graded();
