-- The rankings' score (docs/decisions/038): (Σu − 1.96 × √Σ(odds − 1)) / n over a record's n counted
-- positions, a fraction (−0.158 is −15.8%): luckAdjustedScore in src/shared/ranking.ts, the same
-- operations in double precision, for the rankings to order by.
CREATE OR REPLACE FUNCTION luck_adjusted_yield(n bigint, level_profit numeric, odds_sum numeric)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN n > 0 THEN
    (level_profit::float8 - 1.959963984540054 * sqrt(greatest((odds_sum - n)::float8, 0))) / n
  END
$$;
