-- At commit, every parlay recorded in the transaction has exactly its leg count of legs (2-15).
CREATE OR REPLACE FUNCTION bets_parlay_leg_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM bets WHERE id = NEW.id)
     AND (SELECT count(*) FROM bet_legs WHERE bet_id = NEW.id) <> NEW.leg_count THEN
    RAISE EXCEPTION 'parlay % must have % legs', NEW.id, NEW.leg_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_leg_count';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER bets_parlay_leg_count AFTER INSERT ON bets DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.leg_count IS NOT NULL) EXECUTE FUNCTION bets_parlay_leg_count();
