-- user_market_figures (migration 0035, docs/decisions/040): per user, the sums of bet_prices a
-- profile reads in one row. Recomputed for the users concerned whenever a bet_prices row changes
-- or one of their priced bets is settled, so it never drifts (a user's priced bets are read by
-- bet_prices_user_idx; a profile read stays one row).
--   above_market: bets (void aside) whose odds exceed the best price seen by more than 5%.
--   *_excess: for those won or lost, how much more they add to user_bet_stats' sums than they would
--     at the best price (a public figure subtracts it): profit, odds, level profit and its square,
--     profit², profit × stake, stake² × (odds - 1). A win's profit at the best price is
--     bet_profit_at_market's, round(stake × best, 2) - stake, as potential_win is rounded.
--   closes, beat_close, clv_sum: per position, not per bet (one pick entered five times is one
--     pick): the positions (void aside) with a fair close, those whose odds beat it, and their
--     closing-line values' sum. A position is the bets on one event, market, selection and line;
--     its odds are weighted by stake (Σ stake × odds / Σ stake, 6 places, as bet_positions), and its
--     CLV is those odds / the selection's fair close - 1, so a single bet's is bet_prices.clv.
CREATE OR REPLACE FUNCTION user_market_figures_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  user_ids text[];
BEGIN
  IF TG_TABLE_NAME = 'bets' THEN
    SELECT array_agg(DISTINCT n.user_id) INTO user_ids FROM new_rows n
    WHERE EXISTS (SELECT 1 FROM bet_prices p WHERE p.bet_id = n.id);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO user_ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO user_ids FROM new_rows;
  END IF;
  IF user_ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO user_market_figures AS f (user_id, above_market, profit_excess, odds_excess, level_profit_excess,
    level_profit_sq_excess, profit_sq_excess, profit_stake_excess, break_even_var_excess, closes, beat_close, clv_sum)
  SELECT u.id,
         count(*) FILTER (WHERE x.above AND x.status <> 'void')::int,
         coalesce(sum(x.profit - x.capped_profit) FILTER (WHERE x.decided), 0),
         coalesce(sum(x.odds - x.best) FILTER (WHERE x.decided), 0),
         coalesce(sum(x.odds - x.best) FILTER (WHERE x.decided AND x.status = 'won'), 0),
         coalesce(sum((x.odds - 1) * (x.odds - 1) - (x.best - 1) * (x.best - 1)) FILTER (WHERE x.decided AND x.status = 'won'), 0),
         coalesce(sum(x.profit * x.profit - x.capped_profit * x.capped_profit) FILTER (WHERE x.decided), 0),
         coalesce(sum((x.profit - x.capped_profit) * x.stake) FILTER (WHERE x.decided), 0),
         coalesce(sum(x.stake * x.stake * (x.odds - x.best)) FILTER (WHERE x.decided), 0),
         c.closes, c.beat_close, c.clv_sum
  FROM users u
  LEFT JOIN LATERAL (
    SELECT b.status, b.amount AS stake, b.decimal_odds AS odds, p.best_odds AS best, p.above_market AS above, p.clv,
           p.above_market AND b.status IN ('won', 'lost') AS decided,
           coalesce(b.profit_loss, 0) AS profit,
           bet_profit_at_market(b.status, b.amount, b.profit_loss, p.above_market, p.best_odds) AS capped_profit
    FROM bet_prices p JOIN bets b ON b.id = p.bet_id
    WHERE p.user_id = u.id
  ) x ON true
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS closes, (count(*) FILTER (WHERE q.clv > 0))::int AS beat_close,
           coalesce(sum(q.clv), 0) AS clv_sum
    FROM (
      SELECT round(round(sum(b.amount * b.decimal_odds) / sum(b.amount), 6) / min(p.fair_close) - 1, 6) AS clv
      FROM bet_prices p JOIN bets b ON b.id = p.bet_id
      WHERE p.user_id = u.id AND p.fair_close IS NOT NULL AND b.status <> 'void'
      GROUP BY b.event_id, b.market, b.selection, b.line
    ) q
  ) c
  -- Only accounts that exist: an erasure's cascade removes the bets after the account.
  WHERE u.id = ANY (user_ids)
  GROUP BY u.id, c.closes, c.beat_close, c.clv_sum
  ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE
  SET above_market = excluded.above_market, profit_excess = excluded.profit_excess,
      odds_excess = excluded.odds_excess, level_profit_excess = excluded.level_profit_excess,
      level_profit_sq_excess = excluded.level_profit_sq_excess, profit_sq_excess = excluded.profit_sq_excess,
      profit_stake_excess = excluded.profit_stake_excess, break_even_var_excess = excluded.break_even_var_excess,
      closes = excluded.closes, beat_close = excluded.beat_close, clv_sum = excluded.clv_sum;
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_market_figures_insert AFTER INSERT ON bet_prices REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_market_figures_apply();

CREATE TRIGGER user_market_figures_delete AFTER DELETE ON bet_prices REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_market_figures_apply();

CREATE TRIGGER user_market_figures_update AFTER UPDATE ON bet_prices REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_market_figures_apply();

CREATE TRIGGER user_market_figures_on_bets AFTER UPDATE ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_market_figures_apply();
