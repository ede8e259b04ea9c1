-- The product of a parlay's legs' exact odds, void legs left out when `settled` (a void leg counts
-- as 1.00): numerator and denominator, whole numbers of any size (numeric).
CREATE OR REPLACE FUNCTION parlay_odds(p_bet uuid, p_skip_void boolean, OUT num numeric, OUT den numeric)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  l record;
BEGIN
  num := 1;
  den := 1;
  FOR l IN SELECT odds_num, odds_den, status FROM bet_legs WHERE bet_id = p_bet LOOP
    IF NOT (p_skip_void AND l.status = 'void') THEN
      num := num * l.odds_num;
      den := den * l.odds_den;
    END IF;
  END LOOP;
END;
$$;
