-- A parlay is graded exactly when every one of its legs is on a listed event (checked once its
-- legs are in, as bet_legs_recorded checks its odds).
CREATE OR REPLACE FUNCTION bet_legs_graded() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM bets b
    WHERE b.id IN (SELECT DISTINCT bet_id FROM new_rows)
      AND (SELECT count(*) FROM bet_legs l WHERE l.bet_id = b.id) = b.leg_count
      AND b.graded <> (SELECT bool_and(l.event_id IS NOT NULL) FROM bet_legs l WHERE l.bet_id = b.id)
  ) THEN
    RAISE EXCEPTION 'a parlay is graded exactly when every leg is on a listed event'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_graded_legs';
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_legs_graded AFTER INSERT ON bet_legs
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bet_legs_graded();
