-- user_game_days (migration 0041): per user and UTC day of the games (coalesce(last_event_date,
-- event_date): a bet's event start, a parlay's last leg's), the won and lost bets and their profit.
-- Statement-level with transition tables, like user_bet_days: each row of a statement adds +1 (new
-- rows) or -1 (old rows), an UPDATE both, so a settlement, a regrade or a moved start balance, and
-- the cost follows the statement's rows, never the user's history. Additions commute: no lock of
-- its own (the rows are upserted in key order). Rows left at zero bets go.
CREATE OR REPLACE FUNCTION user_game_days_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_game_days AS s (user_id, day, settled, profit)
    SELECT user_id, (coalesce(last_event_date, event_date) AT TIME ZONE 'UTC')::date, count(*)::int, sum(profit_loss)
    FROM new_rows WHERE status IN ('won', 'lost')
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET settled = s.settled + excluded.settled, profit = s.profit + excluded.profit;
  ELSIF TG_OP = 'DELETE' THEN
    -- Only rows that exist: an erasure's cascade may have removed them before the bets.
    UPDATE user_game_days AS s SET settled = s.settled - d.settled, profit = s.profit - d.profit
    FROM (
      SELECT user_id, (coalesce(last_event_date, event_date) AT TIME ZONE 'UTC')::date AS day, count(*)::int AS settled,
             sum(profit_loss) AS profit
      FROM old_rows WHERE status IN ('won', 'lost') GROUP BY 1, 2
    ) d
    WHERE s.user_id = d.user_id AND s.day = d.day;
    DELETE FROM user_game_days s
    USING (SELECT DISTINCT user_id, (coalesce(last_event_date, event_date) AT TIME ZONE 'UTC')::date AS day
           FROM old_rows WHERE status IN ('won', 'lost')) d
    WHERE s.user_id = d.user_id AND s.day = d.day AND s.settled = 0;
  ELSE
    -- Most updates move no won or lost bet (a pending bet edited, a void): nothing to add.
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status IN ('won', 'lost'))
       AND NOT EXISTS (SELECT 1 FROM old_rows WHERE status IN ('won', 'lost')) THEN
      RETURN NULL;
    END IF;
    INSERT INTO user_game_days AS s (user_id, day, settled, profit)
    SELECT d.user_id, d.day, sum(d.sign)::int, coalesce(sum(d.sign * d.profit), 0)
    FROM (
      SELECT user_id, (coalesce(last_event_date, event_date) AT TIME ZONE 'UTC')::date AS day, 1 AS sign, profit_loss AS profit
      FROM new_rows WHERE status IN ('won', 'lost')
      UNION ALL
      SELECT user_id, (coalesce(last_event_date, event_date) AT TIME ZONE 'UTC')::date, -1, profit_loss
      FROM old_rows WHERE status IN ('won', 'lost')
    ) d
    -- Only accounts that exist (a bet moved to an erased account is gone with it).
    WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.user_id)
    GROUP BY 1, 2
    HAVING sum(d.sign) <> 0 OR coalesce(sum(d.sign * d.profit), 0) <> 0
    ORDER BY 1, 2
    ON CONFLICT (user_id, day) DO UPDATE SET settled = s.settled + excluded.settled, profit = s.profit + excluded.profit;
    DELETE FROM user_game_days s
    USING (SELECT user_id, (coalesce(last_event_date, event_date) AT TIME ZONE 'UTC')::date AS day
           FROM old_rows WHERE status IN ('won', 'lost')) d
    WHERE s.user_id = d.user_id AND s.day = d.day AND s.settled = 0;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_game_days_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_game_days_apply();

CREATE TRIGGER bets_game_days_update AFTER UPDATE ON bets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_game_days_apply();

CREATE TRIGGER bets_game_days_delete AFTER DELETE ON bets REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_game_days_apply();
