-- user_achievement_figures (migration 0037, docs/decisions/047): what achievements count, per
-- user, from their graded positions won or lost at counted odds of 1.50 or more (a position's
-- odds at the best price seen when above the market): how many, how many won, their counted
-- profit, the largest stake, and the longest run of such wins in the order of the game (event
-- start, event, market); any other won or lost position ends a run (a loss, or a win at a price
-- that risked little), a void one does not. Recomputed for the users whose positions a statement
-- changed (bet_positions_apply inserts, updates and deletes them), from their positions: one index range of
-- bet_positions_user_start_idx per user and write, so a profile read stays one row.
CREATE OR REPLACE FUNCTION user_achievement_figures_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  user_ids text[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO user_ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO user_ids FROM new_rows;
  END IF;
  IF user_ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO user_achievement_figures AS f (user_id, positions, won, profit, longest_win_streak, max_stake)
  SELECT u.id, a.positions, a.won, a.profit, s.longest, a.max_stake
  FROM users u
  CROSS JOIN LATERAL (
    SELECT count(*)::int AS positions, (count(*) FILTER (WHERE p.status = 'won'))::int AS won,
           coalesce(sum(p.counted_profit), 0) AS profit, coalesce(max(p.stake), 0) AS max_stake
    FROM bet_positions p
    WHERE p.user_id = u.id AND p.status IN ('won', 'lost') AND p.counted_odds >= 1.50
  ) a
  CROSS JOIN LATERAL (
    SELECT coalesce(max(n), 0)::int AS longest
    FROM (
      SELECT count(*) FILTER (WHERE risky_win) AS n
      FROM (
        SELECT p.status = 'won' AND p.counted_odds >= 1.50 AS risky_win,
               count(*) FILTER (WHERE NOT (p.status = 'won' AND p.counted_odds >= 1.50))
                 OVER (ORDER BY p.starts_at, p.event_id, p.market) AS run
        FROM bet_positions p
        WHERE p.user_id = u.id AND p.status IN ('won', 'lost')
      ) x
      GROUP BY run
    ) y
  ) s
  -- Only accounts that exist: an erasure's cascade removes the positions after the account.
  WHERE u.id = ANY (user_ids)
  ORDER BY u.id
  ON CONFLICT (user_id) DO UPDATE
  SET positions = excluded.positions, won = excluded.won, profit = excluded.profit,
      longest_win_streak = excluded.longest_win_streak, max_stake = excluded.max_stake
  WHERE (f.positions, f.won, f.profit, f.longest_win_streak, f.max_stake)
        IS DISTINCT FROM (excluded.positions, excluded.won, excluded.profit, excluded.longest_win_streak, excluded.max_stake);
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_achievement_figures_insert AFTER INSERT ON bet_positions REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_achievement_figures_apply();

CREATE TRIGGER user_achievement_figures_delete AFTER DELETE ON bet_positions REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_achievement_figures_apply();

CREATE TRIGGER user_achievement_figures_update AFTER UPDATE ON bet_positions REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_achievement_figures_apply();
