-- When a statement completes a parlay's legs: its first and last starts and its combined odds
-- must be the legs' (decimal odds to 6 places and potential win to the cent, both rounded half up
-- from the exact product), and its recording is appended to the ledger with its legs.
CREATE OR REPLACE FUNCTION bet_legs_recorded() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p bets;
  o record;
BEGIN
  FOR p IN
    SELECT b.* FROM bets b
    WHERE b.id IN (SELECT DISTINCT bet_id FROM new_rows)
      AND (SELECT count(*) FROM bet_legs l WHERE l.bet_id = b.id) = b.leg_count
    ORDER BY b.created_at, b.id
  LOOP
    o := parlay_odds(p.id, false);
    IF p.event_date <> (SELECT min(event_date) FROM bet_legs WHERE bet_id = p.id)
       OR p.last_event_date <> (SELECT max(event_date) FROM bet_legs WHERE bet_id = p.id)
       OR p.decimal_odds <> rational_round(o.num, o.den, 6)
       OR p.potential_win <> rational_round(p.amount * o.num, o.den, 2) THEN
      RAISE EXCEPTION 'parlay % does not match its legs (starts, combined odds or potential win)', p.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_matches_legs';
    END IF;
    PERFORM bet_ledger_append(p, 'recorded', p.created_at);
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_legs_recorded AFTER INSERT ON bet_legs
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bet_legs_recorded();
