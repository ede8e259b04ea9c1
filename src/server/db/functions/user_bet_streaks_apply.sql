-- user_bet_stats also keeps, per user, the longest winning and losing runs in the order of the
-- game, the runs in progress at the end of that order, the peak and the drawdown of the running
-- profit, and the largest single stake, so a profile reads them from one row however long the
-- history.
--
-- The order is the event's start (a parlay's last leg's), then the bet's id (docs/decisions/038):
-- the order the results happened in, which the bettor cannot choose by settling losers first.
-- Results mostly arrive in that order: these triggers then only extend the runs in progress (an
-- "append", O(rows changed), user_bet_runs_merge). Anything else — a settled bet deleted,
-- reassigned or changed, or a result for an event that started before the user's last settled
-- one (a self-reported bet settled late, a bulk import of history) — recounts that user's runs
-- from the bets (bet_runs_recount). The merge's *_settled_at arguments carry that start. The largest stake only grows on
-- insert; removing a stake at least as large as it recounts it.
--
-- Named bets_streaks_* so they fire after bets_stats_* (same event: alphabetical order), which
-- have created the summary row and locked it.
CREATE OR REPLACE FUNCTION user_bet_streaks_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  merged bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_bet_runs_merge(
      user_id, false, NULL, max(amount),
      array_agg(status ORDER BY coalesce(last_event_date, event_date), id) FILTER (WHERE status <> 'pending'),
      array_agg(coalesce(last_event_date, event_date) ORDER BY coalesce(last_event_date, event_date), id)
        FILTER (WHERE status <> 'pending'),
      array_agg(id ORDER BY coalesce(last_event_date, event_date), id) FILTER (WHERE status <> 'pending'),
      array_agg(profit_loss ORDER BY coalesce(last_event_date, event_date), id) FILTER (WHERE status <> 'pending'))
    FROM new_rows GROUP BY user_id ORDER BY user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row "leaves" a user's order or stakes when its old version differs from its new one in
    -- what that order, the runs, the running total or the stake depend on, and "enters" the same way.
    -- Per user: what left and what entered (the delta, below).
    WITH delta AS (
      SELECT o.user_id,
             o.status <> 'pending' AND (n.id IS NULL OR n.user_id <> o.user_id OR n.status <> o.status
                                        OR n.settled_at IS DISTINCT FROM o.settled_at
                                        OR n.profit_loss IS DISTINCT FROM o.profit_loss) AS settled_removed,
             CASE WHEN n.id IS NULL OR n.user_id <> o.user_id OR n.amount <> o.amount THEN o.amount END AS removed_amount,
             NULL::numeric AS added_amount, false AS settled_added,
             NULL::text AS status, NULL::timestamptz AS settled_at, NULL::uuid AS id, NULL::numeric AS profit_loss
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.user_id, false, NULL, n.amount,
             n.status <> 'pending' AND (o.id IS NULL OR o.user_id <> n.user_id OR o.status <> n.status
                                        OR o.settled_at IS DISTINCT FROM n.settled_at
                                        OR o.profit_loss IS DISTINCT FROM n.profit_loss),
             -- In the delta, settled_at is the bet's place in the order: its start.
             n.status, coalesce(n.last_event_date, n.event_date), n.id, n.profit_loss
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    ),
    -- Per user, without the ordered arrays the merge takes: an aggregate with its own ORDER BY
    -- sorts once per group, four sorts per user (most of this trigger's time at 10,000 users).
    per_user AS (
      SELECT user_id, bool_or(settled_removed) AS settled_removed, max(removed_amount) AS removed_max_amount,
             max(added_amount) AS added_max_amount, count(*) FILTER (WHERE settled_added) AS added,
             (array_agg(status) FILTER (WHERE settled_added))[1] AS status,
             (array_agg(settled_at) FILTER (WHERE settled_added))[1] AS settled_at,
             (array_agg(id) FILTER (WHERE settled_added))[1] AS id
      FROM delta GROUP BY user_id
    ),
    -- The common case, set-based: one bet settled per user, after the user's last settled one in
    -- the order, nothing taken out (a grading settles one bet of each of thousands of bettors,
    -- where one merge call per user was most of its cost). It extends the runs, the peak and the
    -- drawdown exactly as user_bet_runs_merge's append does with one bet (s.total_profit already
    -- counts it: bets_stats_* fired first). Every other user goes through the merge below.
    one AS (
      SELECT d.user_id, d.status, d.settled_at, d.id, greatest(s.max_amount, d.added_max_amount) AS max_amount
      FROM per_user d JOIN user_bet_stats s ON s.user_id = d.user_id
      WHERE NOT d.settled_removed AND (d.removed_max_amount IS NULL OR d.removed_max_amount < s.max_amount)
        AND d.added = 1
        AND (s.last_settled_at IS NULL OR (d.settled_at, d.id) > (s.last_settled_at, s.last_settled_id))
    ),
    appended AS (
      UPDATE user_bet_stats s SET
        current_win_streak = CASE o.status WHEN 'won' THEN s.current_win_streak + 1 WHEN 'lost' THEN 0
                                           ELSE s.current_win_streak END,
        current_loss_streak = CASE o.status WHEN 'lost' THEN s.current_loss_streak + 1 WHEN 'won' THEN 0
                                            ELSE s.current_loss_streak END,
        longest_win_streak = CASE o.status WHEN 'won' THEN greatest(s.longest_win_streak, s.current_win_streak + 1)
                                           ELSE s.longest_win_streak END,
        longest_loss_streak = CASE o.status WHEN 'lost' THEN greatest(s.longest_loss_streak, s.current_loss_streak + 1)
                                            ELSE s.longest_loss_streak END,
        peak_profit = CASE WHEN o.status = 'void' THEN s.peak_profit ELSE greatest(s.peak_profit, s.total_profit) END,
        max_drawdown = CASE WHEN o.status = 'void' THEN s.max_drawdown
                            ELSE greatest(s.max_drawdown, greatest(s.peak_profit, s.total_profit) - s.total_profit) END,
        last_settled_at = o.settled_at,
        last_settled_id = o.id,
        max_amount = o.max_amount
      FROM one o
      WHERE s.user_id = o.user_id
      RETURNING s.user_id
    )
    -- The rest: every user of the statement the UPDATE above did not take (a hash anti-join),
    -- through the merge with the bets that entered, in the order of the game.
    SELECT count(user_bet_runs_merge(m.user_id, m.settled_removed, m.removed_max_amount, m.added_max_amount,
                                     m.added_status, m.added_settled_at, m.added_id, m.added_profit))
    INTO merged
    FROM (
      SELECT user_id, bool_or(settled_removed) AS settled_removed, max(removed_amount) AS removed_max_amount,
             max(added_amount) AS added_max_amount,
             array_agg(status ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_status,
             array_agg(settled_at ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_settled_at,
             array_agg(id ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_id,
             array_agg(profit_loss ORDER BY settled_at, id) FILTER (WHERE settled_added) AS added_profit
      FROM delta
      WHERE user_id NOT IN (SELECT user_id FROM appended)
      GROUP BY user_id
    ) m;
  ELSE
    PERFORM user_bet_runs_merge(user_id, bool_or(status <> 'pending'), max(amount), NULL, NULL, NULL, NULL, NULL)
    FROM old_rows GROUP BY user_id ORDER BY user_id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_streaks_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();

CREATE TRIGGER bets_streaks_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();

CREATE TRIGGER bets_streaks_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();
