-- user_bet_stats also keeps, per user, the longest run of won bets in settlement order, the run
-- in progress at the end of that order, and the largest single stake (for the Hot Streak and High
-- Roller achievements), so a profile reads them from one row however long the history.
--
-- Settlement order is (settled_at, id) ascending. settled_at is the server's clock at settle time,
-- so in practice each settlement comes after every earlier one: these triggers then only extend
-- the run in progress (an "append", O(rows changed)). Anything else — a settled bet deleted,
-- reassigned or changed, or a settlement dated before the user's last one (a bulk import of
-- history, a clock that stepped back, two requests settling concurrently) — recounts that user's
-- streaks from the bets (bet_win_streaks: gaps and islands over bets_user_id_settled_at_idx).
-- The largest stake only grows on insert; removing a stake at least as large as it recounts it.
--
-- Statement-level AFTER triggers with transition tables, like 0003's, named bets_streaks_* so they
-- fire after 0003's bets_stats_* (same event: alphabetical order), which have created the summary
-- row and locked it.

-- Streaks recounted from a user's settled bets. Runs ("islands") of one status are the rows where
-- row_number() over all settled bets minus row_number() within the status stays constant.
CREATE FUNCTION bet_win_streaks(uid text, OUT longest_win integer, OUT current_win integer,
                                OUT last_settled_at timestamptz, OUT last_settled_id uuid)
LANGUAGE sql STABLE AS $$
  WITH settled AS (
    SELECT b.status, b.settled_at, b.id,
           row_number() OVER (ORDER BY b.settled_at, b.id)
             - row_number() OVER (PARTITION BY b.status ORDER BY b.settled_at, b.id) AS island
    FROM bets b
    WHERE b.user_id = uid AND b.status <> 'pending'
  ),
  runs AS (
    SELECT status, island, count(*)::integer AS len FROM settled GROUP BY status, island
  ),
  final AS (
    SELECT status, island, settled_at, id FROM settled ORDER BY settled_at DESC, id DESC LIMIT 1
  )
  SELECT coalesce((SELECT max(len) FROM runs WHERE status = 'won'), 0),
         coalesce((SELECT r.len FROM runs r JOIN final f USING (status, island) WHERE f.status = 'won'), 0),
         (SELECT settled_at FROM final),
         (SELECT id FROM final)
$$;
--> statement-breakpoint
-- Folds one statement's changes for one user into the summary row.
--   settled_removed: a settled bet left the user's settlement order (deleted, reassigned, changed)
--   removed_max_amount: the largest stake that left the user's bets (deleted, reassigned, changed)
--   added_max_amount: the largest stake among the user's new or changed rows
--   added_status / added_settled_at / added_id: bets that entered the settlement order, in that order
CREATE FUNCTION user_bet_summary_merge(uid text, settled_removed boolean, removed_max_amount numeric,
                                       added_max_amount numeric, added_status text[],
                                       added_settled_at timestamptz[], added_id uuid[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s user_bet_stats%ROWTYPE;
  recount record;
  added integer := coalesce(cardinality(added_status), 0);
  st text;
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
    SELECT * INTO recount FROM bet_win_streaks(uid);
    s.longest_win_streak := recount.longest_win;
    s.current_win_streak := recount.current_win;
    s.last_settled_at := recount.last_settled_at;
    s.last_settled_id := recount.last_settled_id;
  ELSIF added > 0 THEN
    FOREACH st IN ARRAY added_status LOOP
      IF st = 'won' THEN
        s.current_win_streak := s.current_win_streak + 1;
        s.longest_win_streak := greatest(s.longest_win_streak, s.current_win_streak);
      ELSE
        s.current_win_streak := 0;
      END IF;
    END LOOP;
    s.last_settled_at := added_settled_at[added];
    s.last_settled_id := added_id[added];
  END IF;

  UPDATE user_bet_stats SET
    longest_win_streak = s.longest_win_streak,
    current_win_streak = s.current_win_streak,
    last_settled_at = s.last_settled_at,
    last_settled_id = s.last_settled_id,
    max_amount = s.max_amount
  WHERE user_id = uid;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION user_bet_streaks_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_bet_summary_merge(
      user_id, false, NULL, max(amount),
      array_agg(status ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'),
      array_agg(settled_at ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'),
      array_agg(id ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'))
    FROM new_rows GROUP BY user_id ORDER BY user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row "leaves" a user's order or stakes when its old version differs from its new one in
    -- what that order or stake depends on, and "enters" the same way.
    PERFORM user_bet_summary_merge(
      user_id, bool_or(settled_removed), max(removed_amount), max(added_amount),
      array_agg(status ORDER BY settled_at, id) FILTER (WHERE settled_added),
      array_agg(settled_at ORDER BY settled_at, id) FILTER (WHERE settled_added),
      array_agg(id ORDER BY settled_at, id) FILTER (WHERE settled_added))
    FROM (
      SELECT o.user_id,
             o.status <> 'pending' AND (n.id IS NULL OR n.user_id <> o.user_id OR n.status <> o.status
                                        OR n.settled_at IS DISTINCT FROM o.settled_at) AS settled_removed,
             CASE WHEN n.id IS NULL OR n.user_id <> o.user_id OR n.amount <> o.amount THEN o.amount END AS removed_amount,
             NULL::numeric AS added_amount, false AS settled_added,
             NULL::text AS status, NULL::timestamptz AS settled_at, NULL::uuid AS id
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.user_id, false, NULL, n.amount,
             n.status <> 'pending' AND (o.id IS NULL OR o.user_id <> n.user_id OR o.status <> n.status
                                        OR o.settled_at IS DISTINCT FROM n.settled_at),
             n.status, n.settled_at, n.id
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    ) delta
    GROUP BY user_id ORDER BY user_id;
  ELSE
    PERFORM user_bet_summary_merge(user_id, bool_or(status <> 'pending'), max(amount), NULL, NULL, NULL, NULL)
    FROM old_rows GROUP BY user_id ORDER BY user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_streaks_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();
--> statement-breakpoint
CREATE TRIGGER bets_streaks_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();
--> statement-breakpoint
CREATE TRIGGER bets_streaks_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_streaks_apply();
--> statement-breakpoint
-- Streaks and largest stakes for bets that exist before this migration.
UPDATE user_bet_stats s SET
  (longest_win_streak, current_win_streak, last_settled_at, last_settled_id) =
    (SELECT longest_win, current_win, last_settled_at, last_settled_id FROM bet_win_streaks(s.user_id)),
  max_amount = (SELECT coalesce(max(amount), 0) FROM bets b WHERE b.user_id = s.user_id);
