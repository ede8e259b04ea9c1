-- community_summaries_apply (0009) with a fast path for what the app does most: recording a bet.
-- An INSERT of pending bets only changes each user's bet count per sport; the general path ran
-- seven dynamic statements for it (lock, sports, days, totals before, two clean-ups, running
-- totals), planned anew on every call: ~1.8 ms of a recorded bet's ~2.2 ms on PostgreSQL, most of
-- a recorded bet's cost on PGlite (found by bench/run.ts). Everything else is unchanged.
CREATE OR REPLACE FUNCTION community_summaries_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows as signed deltas (the transition tables exist only for their own events).
  src text := CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT user_id, bet_type, status, amount, profit_loss, settled_at, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN
      'SELECT user_id, bet_type, status, amount, profit_loss, settled_at, -1 AS sign FROM old_rows'
    ELSE
      'SELECT user_id, bet_type, status, amount, profit_loss, settled_at, 1 AS sign FROM new_rows
       UNION ALL
       SELECT user_id, bet_type, status, amount, profit_loss, settled_at, -1 AS sign FROM old_rows'
  END;
  -- Per user and sport.
  sports text := format($q$
    SELECT user_id, bet_type AS sport, sum(sign)::int AS bets,
           coalesce(sum(sign) FILTER (WHERE status = 'won'), 0)::int AS won,
           coalesce(sum(sign) FILTER (WHERE status = 'lost'), 0)::int AS lost,
           coalesce(sum(sign * profit_loss), 0) AS profit
    FROM (%s) delta
    GROUP BY user_id, bet_type
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status = 'won'), 0) <> 0
        OR coalesce(sum(sign) FILTER (WHERE status = 'lost'), 0) <> 0 OR coalesce(sum(sign * profit_loss), 0) <> 0
  $q$, src);
  -- Per user and day of settlement (settled bets only).
  days text := format($q$
    SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date AS day, sum(sign)::int AS settled,
           coalesce(sum(sign) FILTER (WHERE status = 'won'), 0)::int AS won,
           sum(sign * profit_loss) AS profit, sum(sign * amount) AS staked
    FROM (%s) delta
    WHERE status <> 'pending'
    GROUP BY user_id, (settled_at AT TIME ZONE 'UTC')::date
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status = 'won'), 0) <> 0
        OR sum(sign * profit_loss) <> 0 OR sum(sign * amount) <> 0
  $q$, src);
  locked int;
BEGIN
  -- Recording bets (an INSERT of pending bets only) changes each user's bet count per sport and
  -- nothing settled: one static upsert instead of the dynamic statements below. No user_bet_days
  -- row changes, so there are no running totals to keep in order (and no lock to take for them).
  -- (Two IFs: a condition is planned as a whole, and new_rows exists only for INSERT and UPDATE.)
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status <> 'pending') THEN
      INSERT INTO user_sport_stats AS s (user_id, sport, bets)
      SELECT user_id, bet_type, count(*)::int FROM new_rows GROUP BY user_id, bet_type ORDER BY 1, 2
      ON CONFLICT (user_id, sport) DO UPDATE SET bets = s.bets + excluded.bets;
      RETURN NULL;
    END IF;
  END IF;

  EXECUTE format('SELECT count(*)::int FROM (SELECT 1 FROM user_bet_stats WHERE user_id IN (SELECT user_id FROM (%s) d) ORDER BY user_id FOR UPDATE) l', src)
    INTO locked;

  IF TG_OP = 'DELETE' THEN
    -- Only subtract from rows that exist: when a user is deleted, the cascade may have removed
    -- their summary rows already, and re-creating them would violate their foreign key.
    EXECUTE format($q$
      UPDATE user_sport_stats AS s SET bets = s.bets + d.bets, won = s.won + d.won, lost = s.lost + d.lost,
             profit = s.profit + d.profit
      FROM (%s) d WHERE s.user_id = d.user_id AND s.sport = d.sport
    $q$, sports);
    EXECUTE format($q$
      UPDATE user_bet_days AS s SET settled = s.settled + d.settled, won = s.won + d.won,
             profit = s.profit + d.profit, staked = s.staked + d.staked
      FROM (%s) d WHERE s.user_id = d.user_id AND s.day = d.day
    $q$, days);
  ELSE
    EXECUTE format($q$
      INSERT INTO user_sport_stats AS s (user_id, sport, bets, won, lost, profit)
      SELECT * FROM (%s) d ORDER BY user_id, sport
      ON CONFLICT (user_id, sport) DO UPDATE SET bets = s.bets + excluded.bets, won = s.won + excluded.won,
             lost = s.lost + excluded.lost, profit = s.profit + excluded.profit
    $q$, sports);
    EXECUTE format($q$
      INSERT INTO user_bet_days AS s (user_id, day, settled, won, profit, staked)
      SELECT * FROM (%s) d ORDER BY user_id, day
      ON CONFLICT (user_id, day) DO UPDATE SET settled = s.settled + excluded.settled, won = s.won + excluded.won,
             profit = s.profit + excluded.profit, staked = s.staked + excluded.staked
    $q$, days);
  END IF;

  -- Totals before a day: add each change dated before it.
  IF EXISTS (SELECT 1 FROM user_bet_totals_before_days) THEN
    IF TG_OP = 'DELETE' THEN
      EXECUTE format($q$
        UPDATE user_bet_totals_before AS t SET settled = t.settled + c.settled, won = t.won + c.won,
               profit = t.profit + c.profit, staked = t.staked + c.staked
        FROM (
          SELECT m.day, d.user_id, sum(d.settled) AS settled, sum(d.won) AS won, sum(d.profit) AS profit,
                 sum(d.staked) AS staked
          FROM (%s) d JOIN user_bet_totals_before_days m ON m.day > d.day
          GROUP BY m.day, d.user_id
        ) c
        WHERE t.day = c.day AND t.user_id = c.user_id
      $q$, days);
    ELSE
      EXECUTE format($q$
        INSERT INTO user_bet_totals_before AS t (day, user_id, settled, won, profit, staked)
        SELECT m.day, d.user_id, sum(d.settled), sum(d.won), sum(d.profit), sum(d.staked)
        FROM (%s) d JOIN user_bet_totals_before_days m ON m.day > d.day
        GROUP BY m.day, d.user_id ORDER BY 1, 2
        ON CONFLICT (day, user_id) DO UPDATE SET settled = t.settled + excluded.settled, won = t.won + excluded.won,
               profit = t.profit + excluded.profit, staked = t.staked + excluded.staked
      $q$, days);
    END IF;
  END IF;

  -- Rows left empty go, so "has bets in a sport" and "settled on a day" are plain existence.
  EXECUTE format($q$
    DELETE FROM user_sport_stats s USING (%s) d
    WHERE s.user_id = d.user_id AND s.sport = d.sport AND s.bets = 0
  $q$, sports);
  EXECUTE format($q$
    DELETE FROM user_bet_days s USING (%s) d
    WHERE s.user_id = d.user_id AND s.day = d.day AND s.settled = 0
  $q$, days);

  -- Running totals of each touched user from their earliest touched day on, starting from the
  -- last untouched day before it.
  EXECUTE format($q$
    UPDATE user_bet_days AS s
    SET cum_settled = r.cum_settled, cum_won = r.cum_won, cum_profit = r.cum_profit, cum_staked = r.cum_staked
    FROM (
      SELECT x.user_id, x.day,
             coalesce(b.cum_settled, 0) + sum(x.settled) OVER w AS cum_settled,
             coalesce(b.cum_won, 0) + sum(x.won) OVER w AS cum_won,
             coalesce(b.cum_profit, 0) + sum(x.profit) OVER w AS cum_profit,
             coalesce(b.cum_staked, 0) + sum(x.staked) OVER w AS cum_staked
      FROM (SELECT user_id, min(day) AS from_day FROM (%s) d GROUP BY user_id) a
      JOIN user_bet_days x ON x.user_id = a.user_id AND x.day >= a.from_day
      LEFT JOIN LATERAL (
        SELECT p.cum_settled, p.cum_won, p.cum_profit, p.cum_staked FROM user_bet_days p
        WHERE p.user_id = a.user_id AND p.day < a.from_day ORDER BY p.day DESC LIMIT 1
      ) b ON true
      WINDOW w AS (PARTITION BY x.user_id ORDER BY x.day)
    ) r
    WHERE s.user_id = r.user_id AND s.day = r.day
      AND (s.cum_settled, s.cum_won, s.cum_profit, s.cum_staked)
          IS DISTINCT FROM (r.cum_settled, r.cum_won, r.cum_profit, r.cum_staked)
  $q$, days);
  RETURN NULL;
END;
$$;
