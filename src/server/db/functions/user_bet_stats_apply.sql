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
DECLARE
  rest record;
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
    -- A user whose row is missing (it cannot be, but be safe) gets an empty one, which the delta
    -- below then fills.
    INSERT INTO user_bet_stats (user_id)
    SELECT u.user_id FROM (SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows) u
    WHERE NOT EXISTS (SELECT 1 FROM user_bet_stats s WHERE s.user_id = u.user_id)
    ORDER BY u.user_id
    ON CONFLICT (user_id) DO NOTHING;
    -- One write per user (docs/decisions/060): old rows subtract and new rows add to the totals, and
    -- the same UPDATE keeps the runs (see user_bet_streaks_apply for what they are) where the
    -- statement only extends them: one bet settled per user, after the user's last settled one in
    -- the order of the game, nothing taken out (a grading settles one bet of each of thousands of
    -- bettors). That extends the runs, the peak and the drawdown exactly as user_bet_runs_merge's
    -- append does with one bet. Every other user's runs go through the merge afterwards, which
    -- reads the totals this UPDATE wrote.
    -- A row "leaves" a user's order or stakes when its old version differs from its new one in
    -- what that order, the runs, the running total or the stake depend on, and "enters" the same
    -- way; in the delta, settled_at is the bet's place in the order: its event's start.
    FOR rest IN
      WITH delta AS MATERIALIZED (
        SELECT o.user_id, -1 AS sign, o.status AS result, o.amount, o.profit_loss, o.decimal_odds,
               o.status <> 'pending' AND (n.id IS NULL OR n.user_id <> o.user_id OR n.status <> o.status
                                          OR n.settled_at IS DISTINCT FROM o.settled_at
                                          OR n.profit_loss IS DISTINCT FROM o.profit_loss) AS settled_removed,
               CASE WHEN n.id IS NULL OR n.user_id <> o.user_id OR n.amount <> o.amount THEN o.amount END AS removed_amount,
               NULL::numeric AS added_amount, false AS settled_added,
               NULL::text AS status, NULL::timestamptz AS settled_at, NULL::uuid AS id
        FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        UNION ALL
        SELECT n.user_id, 1, n.status, n.amount, n.profit_loss, n.decimal_odds, false, NULL, n.amount,
               n.status <> 'pending' AND (o.id IS NULL OR o.user_id <> n.user_id OR o.status <> n.status
                                          OR o.settled_at IS DISTINCT FROM n.settled_at
                                          OR o.profit_loss IS DISTINCT FROM n.profit_loss),
               n.status, coalesce(n.last_event_date, n.event_date), n.id
        FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
      ),
      per_user AS MATERIALIZED (
        SELECT user_id, sum(sign) AS total_bets, coalesce(sum(sign) FILTER (WHERE result = 'won'), 0) AS won,
               coalesce(sum(sign) FILTER (WHERE result = 'lost'), 0) AS lost,
               coalesce(sum(sign) FILTER (WHERE result = 'pending'), 0) AS pending,
               coalesce(sum(sign) FILTER (WHERE result = 'void'), 0) AS voided,
               sum(sign * amount) AS total_staked, coalesce(sum(sign * profit_loss), 0) AS total_profit,
               coalesce(sum(sign * bet_decided(result, amount)), 0) AS settled_staked,
               coalesce(sum(sign * bet_decided(result, decimal_odds)), 0) AS odds_sum,
               coalesce(sum(sign * bet_unit_return(result, decimal_odds)), 0) AS level_profit,
               coalesce(sum(sign * bet_unit_return(result, decimal_odds) * bet_unit_return(result, decimal_odds)), 0)
                 AS level_profit_sq,
               coalesce(sum(sign * bet_decided(result, profit_loss * profit_loss)), 0) AS profit_sq,
               coalesce(sum(sign * bet_decided(result, profit_loss * amount)), 0) AS profit_stake,
               coalesce(sum(sign * bet_decided(result, amount * amount)), 0) AS stake_sq,
               coalesce(sum(sign * bet_decided(result, amount * amount * (decimal_odds - 1))), 0) AS break_even_var,
               bool_or(settled_removed) AS settled_removed, max(removed_amount) AS removed_max_amount,
               max(added_amount) AS added_max_amount, count(*) FILTER (WHERE settled_added) AS added,
               -- The bet that entered, read only where it is the one (added = 1): plain max, not
               -- the ordered arrays the merge takes (an aggregate with its own ORDER BY sorts once
               -- per group, and an array per group is a memory context per group).
               max(status) FILTER (WHERE settled_added) AS status,
               max(settled_at) FILTER (WHERE settled_added) AS settled_at,
               max(id::text) FILTER (WHERE settled_added) AS id
        FROM delta GROUP BY user_id
      ),
      -- Locked in user order, as the other summary triggers lock these rows.
      locked AS MATERIALIZED (
        SELECT user_id, max_amount, last_settled_at, last_settled_id FROM user_bet_stats
        WHERE user_id IN (SELECT user_id FROM per_user)
        ORDER BY user_id FOR UPDATE
      ),
      d AS (
        SELECT p.*, NOT p.settled_removed AND (p.removed_max_amount IS NULL OR p.removed_max_amount < l.max_amount)
                    AND p.added = 1
                    AND (l.last_settled_at IS NULL OR (p.settled_at, p.id::uuid) > (l.last_settled_at, l.last_settled_id))
                    AS extends
        FROM per_user p JOIN locked l ON l.user_id = p.user_id
      ),
      written AS (
        UPDATE user_bet_stats s SET
          total_bets = s.total_bets + d.total_bets,
          won = s.won + d.won,
          lost = s.lost + d.lost,
          pending = s.pending + d.pending,
          voided = s.voided + d.voided,
          total_staked = s.total_staked + d.total_staked,
          total_profit = s.total_profit + d.total_profit,
          settled_staked = s.settled_staked + d.settled_staked,
          odds_sum = s.odds_sum + d.odds_sum,
          level_profit = s.level_profit + d.level_profit,
          level_profit_sq = s.level_profit_sq + d.level_profit_sq,
          profit_sq = s.profit_sq + d.profit_sq,
          profit_stake = s.profit_stake + d.profit_stake,
          stake_sq = s.stake_sq + d.stake_sq,
          break_even_var = s.break_even_var + d.break_even_var,
          current_win_streak = CASE WHEN NOT d.extends THEN s.current_win_streak
                                    WHEN d.status = 'won' THEN s.current_win_streak + 1 WHEN d.status = 'lost' THEN 0
                                    ELSE s.current_win_streak END,
          current_loss_streak = CASE WHEN NOT d.extends THEN s.current_loss_streak
                                     WHEN d.status = 'lost' THEN s.current_loss_streak + 1 WHEN d.status = 'won' THEN 0
                                     ELSE s.current_loss_streak END,
          longest_win_streak = CASE WHEN d.extends AND d.status = 'won'
                                    THEN greatest(s.longest_win_streak, s.current_win_streak + 1)
                                    ELSE s.longest_win_streak END,
          longest_loss_streak = CASE WHEN d.extends AND d.status = 'lost'
                                     THEN greatest(s.longest_loss_streak, s.current_loss_streak + 1)
                                     ELSE s.longest_loss_streak END,
          -- The running total after the bet: the new total profit.
          peak_profit = CASE WHEN NOT d.extends OR d.status = 'void' THEN s.peak_profit
                             ELSE greatest(s.peak_profit, s.total_profit + d.total_profit) END,
          max_drawdown = CASE WHEN NOT d.extends OR d.status = 'void' THEN s.max_drawdown
                              ELSE greatest(s.max_drawdown, greatest(s.peak_profit, s.total_profit + d.total_profit)
                                                            - (s.total_profit + d.total_profit)) END,
          last_settled_at = CASE WHEN d.extends THEN d.settled_at ELSE s.last_settled_at END,
          last_settled_id = CASE WHEN d.extends THEN d.id::uuid ELSE s.last_settled_id END,
          max_amount = CASE WHEN d.extends THEN greatest(s.max_amount, d.added_max_amount) ELSE s.max_amount END
        FROM d
        WHERE s.user_id = d.user_id
        RETURNING s.user_id, d.extends
      )
      -- The rest: every user of the statement whose runs the UPDATE did not extend, with the bets
      -- that entered, in the order of the game (run after this statement has written the totals).
      SELECT user_id, bool_or(settled_removed) AS settled_removed, max(removed_amount) AS removed_max_amount,
             max(added_amount) AS added_max_amount,
             array_agg(status ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_status,
             array_agg(settled_at ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_settled_at,
             array_agg(id ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_id,
             array_agg(profit_loss ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_profit
      FROM delta
      WHERE user_id IN (SELECT user_id FROM written WHERE NOT extends)
      GROUP BY user_id ORDER BY user_id
    LOOP
      PERFORM user_bet_runs_merge(rest.user_id, rest.settled_removed, rest.removed_max_amount, rest.added_max_amount,
                                  rest.added_status, rest.added_settled_at, rest.added_id, rest.added_profit);
    END LOOP;
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
