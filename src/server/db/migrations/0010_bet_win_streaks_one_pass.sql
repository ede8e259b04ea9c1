-- bet_win_streaks (0007) recounted streaks with two row_number() windows, i.e. two sorts of the
-- user's settled bets, and grouped every run. This version numbers runs in one ordered pass (a
-- bet starts a run when its status differs from the previous settled bet's; a running sum of run
-- starts numbers them), which bets_user_id_settled_at_idx can feed without sorting, and finds the
-- current run by counting wins after the last loss (an index range scan). Same results.
CREATE OR REPLACE FUNCTION bet_win_streaks(uid text, OUT longest_win integer, OUT current_win integer,
                                           OUT last_settled_at timestamptz, OUT last_settled_id uuid)
LANGUAGE sql STABLE AS $$
  WITH numbered AS (
    SELECT status, sum(starts_run) OVER (ORDER BY settled_at, id) AS run
    FROM (
      SELECT status, settled_at, id,
             CASE WHEN status = lag(status) OVER (ORDER BY settled_at, id) THEN 0 ELSE 1 END AS starts_run
      FROM bets
      WHERE user_id = uid AND status <> 'pending'
    ) flagged
  ),
  final AS (
    SELECT settled_at, id FROM bets
    WHERE user_id = uid AND status <> 'pending'
    ORDER BY settled_at DESC, id DESC LIMIT 1
  ),
  last_loss AS (
    SELECT settled_at, id FROM bets
    WHERE user_id = uid AND status = 'lost'
    ORDER BY settled_at DESC, id DESC LIMIT 1
  )
  SELECT coalesce((SELECT max(len) FROM (SELECT count(*)::integer AS len FROM numbered WHERE status = 'won' GROUP BY run) r), 0),
         (SELECT count(*)::integer FROM bets b LEFT JOIN last_loss l ON true
          WHERE b.user_id = uid AND b.status = 'won' AND (l.id IS NULL OR (b.settled_at, b.id) > (l.settled_at, l.id))),
         (SELECT settled_at FROM final),
         (SELECT id FROM final)
$$;
