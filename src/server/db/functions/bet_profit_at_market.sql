-- A bet's profit as the public figures count it (docs/decisions/040): a won bet whose odds were
-- above the market (bet_prices.above_market) at the best price seen, round(stake × best, 2) - stake
-- (as potential_win is rounded); any other bet its own profit (0 while it has none). For a bet with
-- no bet_prices row (a left join's nulls) its own profit.
CREATE OR REPLACE FUNCTION bet_profit_at_market(status text, amount numeric, profit_loss numeric,
                                                above_market boolean, best_odds numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status = 'won' AND above_market AND best_odds IS NOT NULL
              THEN round(amount * best_odds, 2) - amount
              ELSE coalesce(profit_loss, 0) END
$$;
