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
-- have created the summary row and locked it. An UPDATE of bets has no trigger here: the totals'
-- trigger (user_bet_stats_apply) extends the runs in the same write as the totals, and hands the
-- rest to the merge (docs/decisions/060).
CREATE OR REPLACE FUNCTION user_bet_streaks_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
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

CREATE TRIGGER bets_streaks_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();
