-- A leg joins a pending parlay, pending, within its leg count, its event at least 6 hours after the
-- parlay was recorded and not before the parlay's event_date (the earliest leg's start).
CREATE OR REPLACE FUNCTION bet_legs_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p bets;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only with their parlay (its delete is guarded), or with the account.
    IF EXISTS (SELECT 1 FROM bets WHERE id = OLD.bet_id) THEN
      RAISE EXCEPTION 'leg % goes only with its parlay', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_delete_with_bet';
    END IF;
    RETURN OLD;
  END IF;
  SELECT * INTO p FROM bets WHERE id = NEW.bet_id;
  IF TG_OP = 'INSERT' THEN
    IF p.leg_count IS NULL OR NEW.position > p.leg_count OR p.status <> 'pending' OR NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'leg % does not fit bet %: legs join a pending parlay, pending, within its leg count', NEW.position, NEW.bet_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_join_pending_parlay';
    END IF;
    IF NOT (NEW.event_date > p.created_at + interval '6 hours') THEN
      RAISE EXCEPTION 'leg % starts less than 6 hours after the parlay was recorded', NEW.position
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_event_at_least_6h_ahead';
    END IF;
    IF NEW.event_date < p.event_date OR NEW.event_date > p.last_event_date THEN
      RAISE EXCEPTION 'leg % starts outside the parlay''s first and last starts', NEW.position
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_within_parlay';
    END IF;
    RETURN NEW;
  END IF;
  -- UPDATE: a pending leg of a pending parlay is settled (status and settled_at), nothing else.
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'leg % is settled, and a settled leg is final', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_settled_is_final';
  END IF;
  IF p.status <> 'pending' THEN
    RAISE EXCEPTION 'leg % belongs to a settled parlay', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_parlay_settled';
  END IF;
  IF (NEW.id, NEW.bet_id, NEW.position, NEW.description, NEW.sport, NEW.odds, NEW.decimal_odds, NEW.odds_num,
      NEW.odds_den, NEW.event_date)
     IS DISTINCT FROM
     (OLD.id, OLD.bet_id, OLD.position, OLD.description, OLD.sport, OLD.odds, OLD.decimal_odds, OLD.odds_num,
      OLD.odds_den, OLD.event_date) THEN
    RAISE EXCEPTION 'leg % is pending: it can only be settled, not changed', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_pending_only_settles';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER bet_legs_guard BEFORE INSERT OR DELETE OR UPDATE ON bet_legs
FOR EACH ROW EXECUTE FUNCTION bet_legs_guard();
