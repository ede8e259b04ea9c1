-- The low end of the 95% interval of level-stakes yield (a fraction: −0.192 is −19.2%) from a
-- record's n won and lost bets, Σu, Σu² and Σodds: yieldInterval in src/shared/stats.ts, the same
-- operations in double precision, for the rankings to order by. The variance of the mean is the
-- larger of the sample variance of u over n and a break-even bettor's, Σ(odds − 1) / n².
CREATE OR REPLACE FUNCTION level_yield_low(n bigint, level_profit numeric, level_profit_sq numeric, odds_sum numeric)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN n > 0 THEN
    level_profit::float8 / n - 1.959963984540054 * sqrt(greatest(
      (odds_sum - n)::float8 / n / n,
      CASE WHEN n > 1 THEN (n * level_profit_sq - level_profit * level_profit)::float8 / (n * (n - 1)) / n ELSE 0 END))
  END
$$;
