-- The runs and the drawdown recounted from a user's settled bets in the order of the game: the
-- event's start (a parlay's last leg's), then the bet's id (docs/decisions/038), never the time it
-- was settled, one ordered pass over the won and lost bets (void bets neither break nor extend a
-- run, and do not move the running total):
--   runs as gaps and islands (a bet starts a run when its result differs from the previous one's)
--   the running total of profit and its running peak (the start is a peak of 0); the drawdown is
--   the largest peak − running total
-- and the last settled bet of any result in that order (its start and id): where an append must
-- start after. The OUT parameters keep their names (last_settled_at is that start).
CREATE OR REPLACE FUNCTION bet_runs_recount(uid text, OUT longest_win integer, OUT current_win integer,
                                 OUT longest_loss integer, OUT current_loss integer, OUT peak_profit numeric,
                                 OUT max_drawdown numeric, OUT last_settled_at timestamptz, OUT last_settled_id uuid)
LANGUAGE sql STABLE AS $$
  WITH decided AS (
    SELECT status, id, row_number() OVER w AS run_order,
           CASE WHEN status = lag(status) OVER w THEN 0 ELSE 1 END AS starts_run,
           sum(profit_loss) OVER w AS total
    FROM bets
    WHERE user_id = uid AND status <> 'pending' AND status <> 'void'
    WINDOW w AS (ORDER BY coalesce(last_event_date, event_date), id)
  ),
  numbered AS (
    SELECT status, total, sum(starts_run) OVER w AS run, greatest(max(total) OVER w, 0) AS peak
    FROM decided
    WINDOW w AS (ORDER BY run_order)
  ),
  runs AS (
    SELECT status, run, count(*)::integer AS len FROM numbered GROUP BY status, run
  ),
  last_run AS (
    SELECT status, len FROM runs ORDER BY run DESC LIMIT 1
  ),
  final AS (
    SELECT coalesce(last_event_date, event_date) AS settled_at, id FROM bets
    WHERE user_id = uid AND status <> 'pending'
    ORDER BY coalesce(last_event_date, event_date) DESC, id DESC LIMIT 1
  )
  SELECT coalesce((SELECT max(len) FROM runs WHERE status = 'won'), 0),
         coalesce((SELECT len FROM last_run WHERE status = 'won'), 0),
         coalesce((SELECT max(len) FROM runs WHERE status = 'lost'), 0),
         coalesce((SELECT len FROM last_run WHERE status = 'lost'), 0),
         coalesce((SELECT max(peak) FROM numbered), 0),
         coalesce((SELECT max(peak - total) FROM numbered), 0),
         (SELECT settled_at FROM final),
         (SELECT id FROM final)
$$;
