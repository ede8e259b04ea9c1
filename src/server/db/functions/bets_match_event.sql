-- A bet or leg on a listed event takes the event's start and sport, and only while the event is
-- scheduled with a start (not live, final, postponed or cancelled).
CREATE OR REPLACE FUNCTION bets_match_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  e events;
BEGIN
  IF NEW.event_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO e FROM events WHERE id = NEW.event_id;
  IF e.status IS DISTINCT FROM 'scheduled' OR e.starts_at IS NULL THEN
    RAISE EXCEPTION 'event % is not open for bets (it is %)', NEW.event_id, coalesce(e.status, 'unknown')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_open';
  END IF;
  -- One statement per table: PL/pgSQL plans each when it first runs, and each names its table's column.
  IF TG_TABLE_NAME = 'bets' THEN
    IF NEW.event_date = e.starts_at AND NEW.bet_type = e.sport THEN
      RETURN NEW;
    END IF;
  ELSIF NEW.event_date = e.starts_at AND NEW.sport = e.sport THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a bet on event % takes its start and sport', NEW.event_id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_start_and_sport';
END;
$$;

CREATE TRIGGER bets_match_event BEFORE INSERT ON bets
FOR EACH ROW EXECUTE FUNCTION bets_match_event();

CREATE TRIGGER bet_legs_match_event BEFORE INSERT ON bet_legs
FOR EACH ROW EXECUTE FUNCTION bets_match_event();
