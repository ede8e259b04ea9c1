-- user_bet_stats holds each user's totals over bets. Statement-level AFTER triggers with
-- transition tables keep it current whatever code writes bets: one aggregate per statement, so a
-- bulk INSERT ... SELECT of 100,000 bets costs one summary update, not 100,000. Each row of a
-- statement contributes +1 (new rows) or -1 (old rows) to its user's totals. Besides the totals:
-- voided; settled_staked over won and lost bets only (a void bet's stake came back); and the sums
-- behind the yield, the intervals and the p-value (src/shared/stats.ts reads them), each a plain
-- sum over won and lost bets:
--   odds_sum Σ odds · level_profit Σ u · level_profit_sq Σ u² · profit_sq Σ profit² ·
--   profit_stake Σ profit × stake · stake_sq Σ stake² · break_even_var Σ stake² × (odds − 1)
CREATE OR REPLACE FUNCTION user_bet_stats_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_bet_stats AS s (user_id, total_bets, won, lost, pending, voided, total_staked, total_profit,
                                     settled_staked, odds_sum, level_profit, level_profit_sq, profit_sq,
                                     profit_stake, stake_sq, break_even_var)
    SELECT user_id, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
           count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'void'),
           sum(amount), coalesce(sum(profit_loss), 0),
           coalesce(sum(bet_decided(status, amount)), 0),
           coalesce(sum(bet_decided(status, decimal_odds)), 0),
           coalesce(sum(bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(bet_decided(status, profit_loss * profit_loss)), 0),
           coalesce(sum(bet_decided(status, profit_loss * amount)), 0),
           coalesce(sum(bet_decided(status, amount * amount)), 0),
           coalesce(sum(bet_decided(status, amount * amount * (decimal_odds - 1))), 0)
    FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      total_bets = s.total_bets + excluded.total_bets,
      won = s.won + excluded.won,
      lost = s.lost + excluded.lost,
      pending = s.pending + excluded.pending,
      voided = s.voided + excluded.voided,
      total_staked = s.total_staked + excluded.total_staked,
      total_profit = s.total_profit + excluded.total_profit,
      settled_staked = s.settled_staked + excluded.settled_staked,
      odds_sum = s.odds_sum + excluded.odds_sum,
      level_profit = s.level_profit + excluded.level_profit,
      level_profit_sq = s.level_profit_sq + excluded.level_profit_sq,
      profit_sq = s.profit_sq + excluded.profit_sq,
      profit_stake = s.profit_stake + excluded.profit_stake,
      stake_sq = s.stake_sq + excluded.stake_sq,
      break_even_var = s.break_even_var + excluded.break_even_var;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Old rows subtract, new rows add; a user whose row is missing (it cannot be, but be safe)
    -- gets one from the delta.
    INSERT INTO user_bet_stats AS s (user_id, total_bets, won, lost, pending, voided, total_staked, total_profit,
                                     settled_staked, odds_sum, level_profit, level_profit_sq, profit_sq,
                                     profit_stake, stake_sq, break_even_var)
    SELECT user_id, sum(sign), coalesce(sum(sign) FILTER (WHERE status = 'won'), 0),
           coalesce(sum(sign) FILTER (WHERE status = 'lost'), 0), coalesce(sum(sign) FILTER (WHERE status = 'pending'), 0),
           coalesce(sum(sign) FILTER (WHERE status = 'void'), 0),
           sum(sign * amount), coalesce(sum(sign * profit_loss), 0),
           coalesce(sum(sign * bet_decided(status, amount)), 0),
           coalesce(sum(sign * bet_decided(status, decimal_odds)), 0),
           coalesce(sum(sign * bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(sign * bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(sign * bet_decided(status, profit_loss * profit_loss)), 0),
           coalesce(sum(sign * bet_decided(status, profit_loss * amount)), 0),
           coalesce(sum(sign * bet_decided(status, amount * amount)), 0),
           coalesce(sum(sign * bet_decided(status, amount * amount * (decimal_odds - 1))), 0)
    FROM (
      SELECT user_id, 1 AS sign, status, amount, profit_loss, decimal_odds FROM new_rows
      UNION ALL
      SELECT user_id, -1 AS sign, status, amount, profit_loss, decimal_odds FROM old_rows
    ) delta
    GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      total_bets = s.total_bets + excluded.total_bets,
      won = s.won + excluded.won,
      lost = s.lost + excluded.lost,
      pending = s.pending + excluded.pending,
      voided = s.voided + excluded.voided,
      total_staked = s.total_staked + excluded.total_staked,
      total_profit = s.total_profit + excluded.total_profit,
      settled_staked = s.settled_staked + excluded.settled_staked,
      odds_sum = s.odds_sum + excluded.odds_sum,
      level_profit = s.level_profit + excluded.level_profit,
      level_profit_sq = s.level_profit_sq + excluded.level_profit_sq,
      profit_sq = s.profit_sq + excluded.profit_sq,
      profit_stake = s.profit_stake + excluded.profit_stake,
      stake_sq = s.stake_sq + excluded.stake_sq,
      break_even_var = s.break_even_var + excluded.break_even_var;
  ELSE
    -- DELETE only subtracts from rows that exist: when a user is deleted, the cascade may have
    -- removed their summary row already, and re-creating it would violate its foreign key.
    UPDATE user_bet_stats AS s SET
      total_bets = s.total_bets - d.total_bets,
      won = s.won - d.won,
      lost = s.lost - d.lost,
      pending = s.pending - d.pending,
      voided = s.voided - d.voided,
      total_staked = s.total_staked - d.total_staked,
      total_profit = s.total_profit - d.total_profit,
      settled_staked = s.settled_staked - d.settled_staked,
      odds_sum = s.odds_sum - d.odds_sum,
      level_profit = s.level_profit - d.level_profit,
      level_profit_sq = s.level_profit_sq - d.level_profit_sq,
      profit_sq = s.profit_sq - d.profit_sq,
      profit_stake = s.profit_stake - d.profit_stake,
      stake_sq = s.stake_sq - d.stake_sq,
      break_even_var = s.break_even_var - d.break_even_var
    FROM (
      SELECT user_id, count(*) AS total_bets, count(*) FILTER (WHERE status = 'won') AS won,
             count(*) FILTER (WHERE status = 'lost') AS lost, count(*) FILTER (WHERE status = 'pending') AS pending,
             count(*) FILTER (WHERE status = 'void') AS voided,
             sum(amount) AS total_staked, coalesce(sum(profit_loss), 0) AS total_profit,
             coalesce(sum(bet_decided(status, amount)), 0) AS settled_staked,
             coalesce(sum(bet_decided(status, decimal_odds)), 0) AS odds_sum,
             coalesce(sum(bet_unit_return(status, decimal_odds)), 0) AS level_profit,
             coalesce(sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0) AS level_profit_sq,
             coalesce(sum(bet_decided(status, profit_loss * profit_loss)), 0) AS profit_sq,
             coalesce(sum(bet_decided(status, profit_loss * amount)), 0) AS profit_stake,
             coalesce(sum(bet_decided(status, amount * amount)), 0) AS stake_sq,
             coalesce(sum(bet_decided(status, amount * amount * (decimal_odds - 1))), 0) AS break_even_var
      FROM old_rows GROUP BY user_id
    ) d
    WHERE s.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_stats_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_apply();

CREATE TRIGGER bets_stats_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_apply();

CREATE TRIGGER bets_stats_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_apply();
