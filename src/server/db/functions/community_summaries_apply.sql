-- user_sport_stats and user_bet_days (per sport, and per UTC day of settlement: the profile's
-- analytics and the well-being budget and statements) are kept by statement-level AFTER triggers
-- with transition tables, like user_bet_stats: one aggregate per statement, so a bulk INSERT ...
-- SELECT costs one summary update, not one per row. Each row of a statement contributes +1 (new
-- rows) or -1 (old rows); an UPDATE is both, so a settle, a changed settled_at, a changed sport or
-- a bet moved to another user all balance.
--
-- user_bet_days keeps, per user and day of settlement, the won and lost bets (a void bet is in no
-- day; its sport counts it among its bets) and their profit. Every column is a plain sum, so each
-- statement adds its deltas to the rows it touches and nothing else: the cost follows the
-- statement's rows, never the user's history nor the other users the statement touches (a grading
-- settles thousands of bettors in one statement). Running totals are summed by the reader, over a
-- user's own days.
--
-- Concurrency: additions commute, so this function needs no lock of its own. Two transactions
-- writing one user's bets are ordered anyway by the triggers that fire before this one on the
-- same statement (bets_stats_* upserts the users' user_bet_stats rows in user order, locking them
-- until commit).
--
-- Two fast paths for what the app does most, static statements planned once per session: an
-- INSERT of pending bets only changes each user's bet count per sport; an UPDATE that takes pending
-- bets to won, lost or void and changes nothing else the summaries read (user, sport, stake) adds
-- the settled bets to the summaries. The general path's dynamic statements, planned on every call,
-- were most of a recorded or settled bet's cost (bench/RESULTS.md). The fast paths' results are
-- the general path's (a property test compares both with a recount from the bets:
-- modules/community/summaries.test.ts). Every other statement takes the general path.
CREATE OR REPLACE FUNCTION community_summaries_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows as signed deltas (the transition tables exist only for their own events).
  src text := CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT user_id, bet_type, status, profit_loss, settled_at, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN
      'SELECT user_id, bet_type, status, profit_loss, settled_at, -1 AS sign FROM old_rows'
    ELSE
      'SELECT user_id, bet_type, status, profit_loss, settled_at, 1 AS sign FROM new_rows
       UNION ALL
       SELECT user_id, bet_type, status, profit_loss, settled_at, -1 AS sign FROM old_rows'
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
  -- Per user and day of settlement (won and lost bets only).
  days text := format($q$
    SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date AS day, sum(sign)::int AS settled,
           coalesce(sum(sign) FILTER (WHERE status = 'won'), 0)::int AS won,
           sum(sign * profit_loss) AS profit
    FROM (%s) delta
    WHERE status IN ('won', 'lost')
    GROUP BY user_id, (settled_at AT TIME ZONE 'UTC')::date
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status = 'won'), 0) <> 0
        OR sum(sign * profit_loss) <> 0
  $q$, src);
BEGIN
  -- Recording bets (an INSERT of pending bets only) changes each user's bet count per sport and
  -- nothing settled: one static upsert instead of the dynamic statements below.
  -- (Two IFs: a condition is planned as a whole, and new_rows exists only for INSERT and UPDATE.)
  IF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status <> 'pending') THEN
      INSERT INTO user_sport_stats AS s (user_id, sport, bets)
      SELECT user_id, bet_type, count(*)::int FROM new_rows GROUP BY user_id, bet_type ORDER BY 1, 2
      ON CONFLICT (user_id, sport) DO UPDATE SET bets = s.bets + excluded.bets;
      RETURN NULL;
    END IF;
  END IF;

  -- Settling bets (pending to won, lost or void, each keeping its user, sport and stake; the bets
  -- CHECKs give a settled bet its profit and settled_at and a pending one neither): each won or
  -- lost bet adds to its sport's results and to its day of settlement; a void one adds nothing
  -- anywhere. Nothing is subtracted (a pending bet counts in no day) and no row can be left empty,
  -- so there is nothing to clean up. A row of old_rows whose id is missing from new_rows (an
  -- UPDATE of the primary key) sends the statement down the general path too.
  -- The test counts the rows that are such a settlement (ids are unique on both sides): a count
  -- is planned as a hash join of the two transition tables, where NOT EXISTS over them was planned
  -- for its first row, a nested loop comparing every old row with every new one (18 s for the
  -- 10,000 bets of one graded event).
  IF TG_OP = 'UPDATE' THEN
    IF (SELECT count(*) FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status = 'pending' AND n.status IN ('won', 'lost', 'void')
          AND n.user_id = o.user_id AND n.bet_type = o.bet_type AND n.amount = o.amount)
       = (SELECT count(*) FROM old_rows) THEN
      IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status IN ('won', 'lost')) THEN
        RETURN NULL;
      END IF;
      -- The row of each user and sport exists: it counts the bet while pending.
      UPDATE user_sport_stats AS s SET won = s.won + d.won, lost = s.lost + d.lost, profit = s.profit + d.profit
      FROM (
        SELECT user_id, bet_type, (count(*) FILTER (WHERE status = 'won'))::int AS won,
               (count(*) FILTER (WHERE status = 'lost'))::int AS lost, sum(profit_loss) AS profit
        FROM new_rows WHERE status IN ('won', 'lost') GROUP BY user_id, bet_type
      ) d
      WHERE s.user_id = d.user_id AND s.sport = d.bet_type;

      INSERT INTO user_bet_days AS s (user_id, day, settled, won, profit)
      SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date, count(*)::int,
             (count(*) FILTER (WHERE status = 'won'))::int, sum(profit_loss)
      FROM new_rows WHERE status IN ('won', 'lost')
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (user_id, day) DO UPDATE SET settled = s.settled + excluded.settled, won = s.won + excluded.won,
             profit = s.profit + excluded.profit;
      RETURN NULL;
    END IF;
  END IF;

  IF TG_OP = 'DELETE' THEN
    -- Only subtract from rows that exist: when a user is deleted, the cascade may have removed
    -- their summary rows already, and re-creating them would violate their foreign key.
    EXECUTE format($q$
      UPDATE user_sport_stats AS s SET bets = s.bets + d.bets, won = s.won + d.won, lost = s.lost + d.lost,
             profit = s.profit + d.profit
      FROM (%s) d WHERE s.user_id = d.user_id AND s.sport = d.sport
    $q$, sports);
    EXECUTE format($q$
      UPDATE user_bet_days AS s SET settled = s.settled + d.settled, won = s.won + d.won, profit = s.profit + d.profit
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
      INSERT INTO user_bet_days AS s (user_id, day, settled, won, profit)
      SELECT * FROM (%s) d ORDER BY user_id, day
      ON CONFLICT (user_id, day) DO UPDATE SET settled = s.settled + excluded.settled, won = s.won + excluded.won,
             profit = s.profit + excluded.profit
    $q$, days);
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
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_summaries_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_apply();

CREATE TRIGGER bets_summaries_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_apply();

CREATE TRIGGER bets_summaries_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_apply();
