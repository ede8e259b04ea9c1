-- user_bet_stats holds each user's totals over bets. Statement-level AFTER triggers with
-- transition tables keep it current whatever code writes bets: one aggregate per statement, so a
-- bulk INSERT ... SELECT of 100,000 bets costs one summary update, not 100,000.
-- Each row of a statement contributes +1 (new rows) or -1 (old rows) to its user's totals.
CREATE FUNCTION user_bet_stats_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_bet_stats AS s (user_id, total_bets, won, lost, pending, total_staked, total_profit, settled_staked)
    SELECT user_id, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
           count(*) FILTER (WHERE status = 'pending'), sum(amount), coalesce(sum(profit_loss), 0),
           coalesce(sum(amount) FILTER (WHERE status <> 'pending'), 0)
    FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      total_bets = s.total_bets + excluded.total_bets,
      won = s.won + excluded.won,
      lost = s.lost + excluded.lost,
      pending = s.pending + excluded.pending,
      total_staked = s.total_staked + excluded.total_staked,
      total_profit = s.total_profit + excluded.total_profit,
      settled_staked = s.settled_staked + excluded.settled_staked;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Old rows subtract, new rows add; a user whose row is missing (it cannot be, but be safe)
    -- gets one from the delta.
    INSERT INTO user_bet_stats AS s (user_id, total_bets, won, lost, pending, total_staked, total_profit, settled_staked)
    SELECT user_id, sum(sign), coalesce(sum(sign) FILTER (WHERE status = 'won'), 0),
           coalesce(sum(sign) FILTER (WHERE status = 'lost'), 0), coalesce(sum(sign) FILTER (WHERE status = 'pending'), 0),
           sum(sign * amount), coalesce(sum(sign * profit_loss), 0),
           coalesce(sum(sign * amount) FILTER (WHERE status <> 'pending'), 0)
    FROM (
      SELECT user_id, 1 AS sign, status, amount, profit_loss FROM new_rows
      UNION ALL
      SELECT user_id, -1 AS sign, status, amount, profit_loss FROM old_rows
    ) delta
    GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      total_bets = s.total_bets + excluded.total_bets,
      won = s.won + excluded.won,
      lost = s.lost + excluded.lost,
      pending = s.pending + excluded.pending,
      total_staked = s.total_staked + excluded.total_staked,
      total_profit = s.total_profit + excluded.total_profit,
      settled_staked = s.settled_staked + excluded.settled_staked;
  ELSE
    -- DELETE only subtracts from rows that exist: when a user is deleted, the cascade may have
    -- removed their summary row already, and re-creating it would violate its foreign key.
    UPDATE user_bet_stats AS s SET
      total_bets = s.total_bets - d.total_bets,
      won = s.won - d.won,
      lost = s.lost - d.lost,
      pending = s.pending - d.pending,
      total_staked = s.total_staked - d.total_staked,
      total_profit = s.total_profit - d.total_profit,
      settled_staked = s.settled_staked - d.settled_staked
    FROM (
      SELECT user_id, count(*) AS total_bets, count(*) FILTER (WHERE status = 'won') AS won,
             count(*) FILTER (WHERE status = 'lost') AS lost, count(*) FILTER (WHERE status = 'pending') AS pending,
             sum(amount) AS total_staked, coalesce(sum(profit_loss), 0) AS total_profit,
             coalesce(sum(amount) FILTER (WHERE status <> 'pending'), 0) AS settled_staked
      FROM old_rows GROUP BY user_id
    ) d
    WHERE s.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_stats_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_apply();
--> statement-breakpoint
CREATE TRIGGER bets_stats_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_apply();
--> statement-breakpoint
CREATE TRIGGER bets_stats_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_apply();
--> statement-breakpoint
CREATE FUNCTION user_bet_stats_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_bet_stats;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_stats_truncate AFTER TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_truncate();
--> statement-breakpoint
-- Totals for bets that exist before this migration.
INSERT INTO user_bet_stats (user_id, total_bets, won, lost, pending, total_staked, total_profit, settled_staked)
SELECT user_id, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
       count(*) FILTER (WHERE status = 'pending'), sum(amount), coalesce(sum(profit_loss), 0),
       coalesce(sum(amount) FILTER (WHERE status <> 'pending'), 0)
FROM bets GROUP BY user_id;
