-- Folds one statement's changes for one user into the summary row's runs, drawdown and largest
-- stake (void bets skipped):
--   settled_removed: a settled bet left the user's settlement order or changed its result or profit
--   removed_max_amount / added_max_amount: the largest stake that left / entered the user's bets
--   added_*: bets that entered the settlement order, in that order
-- An append (every added bet after the last one) extends the runs, the running total, its peak
-- and the drawdown; anything else recounts them (bet_runs_recount).
CREATE OR REPLACE FUNCTION user_bet_runs_merge(uid text, settled_removed boolean, removed_max_amount numeric,
                                    added_max_amount numeric, added_status text[], added_settled_at timestamptz[],
                                    added_id uuid[], added_profit numeric[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s user_bet_stats%ROWTYPE;
  recount record;
  added integer := coalesce(cardinality(added_status), 0);
  total numeric;
  i integer;
BEGIN
  SELECT * INTO s FROM user_bet_stats WHERE user_id = uid FOR UPDATE;
  IF NOT FOUND THEN
    -- The user is being deleted: the cascade has removed the summary row already.
    RETURN;
  END IF;

  IF removed_max_amount IS NOT NULL AND removed_max_amount >= s.max_amount THEN
    s.max_amount := (SELECT coalesce(max(amount), 0) FROM bets WHERE user_id = uid);
  ELSIF added_max_amount > s.max_amount THEN
    s.max_amount := added_max_amount;
  END IF;

  IF settled_removed OR (added > 0 AND s.last_settled_at IS NOT NULL
                         AND (added_settled_at[1], added_id[1]) <= (s.last_settled_at, s.last_settled_id)) THEN
    SELECT * INTO recount FROM bet_runs_recount(uid);
    s.longest_win_streak := recount.longest_win;
    s.current_win_streak := recount.current_win;
    s.longest_loss_streak := recount.longest_loss;
    s.current_loss_streak := recount.current_loss;
    s.peak_profit := recount.peak_profit;
    s.max_drawdown := recount.max_drawdown;
    s.last_settled_at := recount.last_settled_at;
    s.last_settled_id := recount.last_settled_id;
  ELSIF added > 0 THEN
    -- The running total before these bets: total_profit, which user_bet_stats_apply has already
    -- raised by their profit (on an insert or a delete it fires first: bets_stats_* sorts before
    -- bets_streaks_*; on an update it calls this after writing the totals).
    total := s.total_profit - (SELECT coalesce(sum(p), 0) FROM unnest(added_profit) p);
    FOR i IN 1 .. added LOOP
      CONTINUE WHEN added_status[i] = 'void';
      total := total + added_profit[i];
      s.peak_profit := greatest(s.peak_profit, total);
      s.max_drawdown := greatest(s.max_drawdown, s.peak_profit - total);
      IF added_status[i] = 'won' THEN
        s.current_win_streak := s.current_win_streak + 1;
        s.current_loss_streak := 0;
      ELSE
        s.current_loss_streak := s.current_loss_streak + 1;
        s.current_win_streak := 0;
      END IF;
      s.longest_win_streak := greatest(s.longest_win_streak, s.current_win_streak);
      s.longest_loss_streak := greatest(s.longest_loss_streak, s.current_loss_streak);
    END LOOP;
    s.last_settled_at := added_settled_at[added];
    s.last_settled_id := added_id[added];
  END IF;

  UPDATE user_bet_stats SET
    longest_win_streak = s.longest_win_streak,
    current_win_streak = s.current_win_streak,
    longest_loss_streak = s.longest_loss_streak,
    current_loss_streak = s.current_loss_streak,
    peak_profit = s.peak_profit,
    max_drawdown = s.max_drawdown,
    last_settled_at = s.last_settled_at,
    last_settled_id = s.last_settled_id,
    max_amount = s.max_amount
  WHERE user_id = uid;
END;
$$;
