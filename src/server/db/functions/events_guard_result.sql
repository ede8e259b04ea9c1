-- An event's result is final: once final, its status, score and start never change (its bets were
-- settled from them, in the ledger). Becoming final or cancelled stamps graded_at.
CREATE OR REPLACE FUNCTION events_guard_result() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'final'
     AND (NEW.status, NEW.home_score, NEW.away_score, NEW.starts_at)
         IS DISTINCT FROM (OLD.status, OLD.home_score, OLD.away_score, OLD.starts_at) THEN
    RAISE EXCEPTION 'event % is final: its bets were graded from its result, which cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'events_result_is_final';
  END IF;
  IF NEW.status IN ('final', 'cancelled') AND (TG_OP = 'INSERT' OR OLD.status <> NEW.status) THEN
    NEW.graded_at := grading_clock();
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER events_guard_result BEFORE INSERT OR UPDATE ON events
FOR EACH ROW EXECUTE FUNCTION events_guard_result();
