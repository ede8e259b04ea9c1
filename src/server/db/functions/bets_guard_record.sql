-- What the record allows, whatever code writes bets (the handlers check first and say why): a
-- settled bet never changes; a pending bet changes only by being settled; a bet is deleted only
-- while pending and before its event starts (the database's clock), and only in the 15 minutes
-- after it was recorded (a typo's fix, not a pick taken back once the line moved: decision 041;
-- by the request's clock, grading_clock(), which the delete sets as the recording set created_at),
-- except with its account.
-- A parlay changes only through its legs (the legs' trigger, one trigger level down), pending to
-- settled, and on winning its decimal odds and potential win are recomputed without the void legs
-- (the only columns besides the settlement that may change). A parlay inserted settled can take no
-- legs (bet_legs_guard), so the leg count refuses it at commit. Violations are check_violation
-- errors naming the rule, which the handlers translate.
CREATE OR REPLACE FUNCTION bets_guard_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status <> 'pending' THEN
      RAISE EXCEPTION 'bet % is settled, and a settled bet is final', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_settled_is_final';
    END IF;
    IF OLD.leg_count IS NOT NULL AND pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'bet % is a parlay: its legs settle it', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_settled_by_legs';
    END IF;
    IF (NEW.id, NEW.user_id, NEW.description, NEW.amount, NEW.odds, NEW.bet_type, NEW.event_date,
        NEW.created_at, NEW.leg_count, NEW.last_event_date)
       IS DISTINCT FROM
       (OLD.id, OLD.user_id, OLD.description, OLD.amount, OLD.odds, OLD.bet_type, OLD.event_date,
        OLD.created_at, OLD.leg_count, OLD.last_event_date)
       OR ((NEW.decimal_odds, NEW.potential_win) IS DISTINCT FROM (OLD.decimal_odds, OLD.potential_win)
           AND NOT (OLD.leg_count IS NOT NULL AND NEW.status = 'won')) THEN
      RAISE EXCEPTION 'bet % is pending: it can only be settled, not changed', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_pending_only_settles';
    END IF;
    RETURN NEW;
  END IF;
  IF (OLD.status <> 'pending' OR OLD.event_date <= statement_timestamp())
     AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RAISE EXCEPTION 'bet % is part of the record: its event has started or it is settled', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_delete_before_event_start';
  END IF;
  IF OLD.created_at <= grading_clock() - interval '15 minutes'
     AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RAISE EXCEPTION 'bet % was recorded more than 15 minutes ago: it is part of the record', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_delete_within_window';
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER bets_guard_record BEFORE DELETE OR UPDATE ON bets
FOR EACH ROW EXECUTE FUNCTION bets_guard_record();
