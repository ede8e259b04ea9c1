-- The runs and the drawdown of a user's record with their imported history, for the owner's
-- dashboard when they ask for it (GET /api/bets/stats?includeImported=true): one ordered pass
-- over both in the order of the game, never the order of settling: the record's bets at their
-- event's start (a parlay's last leg's), as bet_runs_recount orders the record alone, the imported
-- bets at their event date; at the same moment the record's first, then by id. Void bets neither
-- break nor extend a run.
CREATE OR REPLACE FUNCTION runs_with_imported(uid text, OUT longest_win integer, OUT longest_loss integer,
                                   OUT max_drawdown numeric)
LANGUAGE sql STABLE AS $$
  WITH settled AS (
    SELECT status, coalesce(last_event_date, event_date) AS at, 0 AS source, id, profit_loss FROM bets
    WHERE user_id = uid AND status IN ('won', 'lost')
    UNION ALL
    SELECT status, event_date, 1, id, profit_loss FROM imported_bets
    WHERE user_id = uid AND status IN ('won', 'lost')
  ),
  decided AS (
    SELECT status, at, source, id, CASE WHEN status = lag(status) OVER w THEN 0 ELSE 1 END AS starts_run,
           sum(profit_loss) OVER w AS total
    FROM settled
    WINDOW w AS (ORDER BY at, source, id)
  ),
  numbered AS (
    SELECT status, total, sum(starts_run) OVER w AS run, greatest(max(total) OVER w, 0) AS peak
    FROM decided
    WINDOW w AS (ORDER BY at, source, id)
  ),
  runs AS (
    SELECT status, run, count(*)::integer AS len FROM numbered GROUP BY status, run
  )
  SELECT coalesce((SELECT max(len) FROM runs WHERE status = 'won'), 0),
         coalesce((SELECT max(len) FROM runs WHERE status = 'lost'), 0),
         coalesce((SELECT max(peak - total) FROM numbered), 0)
$$;
