-- What one bet adds to the sums, by its result (null for pending and void bets, which add
-- nothing to them). u is the return per unit staked: won → decimal odds − 1, lost → −1. A single
-- SELECT, so the planner inlines it into the statements that call it.
CREATE OR REPLACE FUNCTION bet_unit_return(status text, decimal_odds numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE status WHEN 'won' THEN decimal_odds - 1 WHEN 'lost' THEN -1::numeric END
$$;
