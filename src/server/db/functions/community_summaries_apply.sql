-- user_sport_stats and user_bet_days (the Spotlight and Influencers summaries) are kept by
-- statement-level AFTER triggers with transition tables, like user_bet_stats: one aggregate per
-- statement, so a bulk INSERT ... SELECT costs one summary update, not one per row. Each row of a
-- statement contributes +1 (new rows) or -1 (old rows); an UPDATE is both, so a settle, a changed
-- settled_at, a changed sport or a bet moved to another user all balance.
--
-- user_bet_days keeps, per user and day of settlement, the won and lost bets (a void bet is in no
-- day; its sport counts it among its bets), with Σu, Σu² and Σodds for the ranking by level-stakes
-- yield (docs/decisions/007), and running totals (cum_*) per user in day order. A change on day D
-- recomputes the user's running totals from D on: a settle today touches one row, a back-dated
-- write or a delete touches the user's later days (at most one row per day with a settlement).
--
-- user_bet_totals_before holds, for a few days (the Spotlight's window starts), each user's totals
-- of bets settled before that day; a change on a day before one of them is added to it here.
-- The Spotlight fills a new day under LOCK TABLE user_bet_days IN SHARE MODE: this function writes
-- user_bet_days before it reads user_bet_totals_before_days, so a write either finishes before a
-- fill starts (and the fill counts it) or starts after the fill commits (and sees the new day).
--
-- Concurrency: the running totals are recomputed from what the statement sees, so two
-- transactions writing the same user's bets must not interleave here. Each first locks the
-- users' user_bet_stats rows (user_bet_stats_apply updates them in the same transaction anyway),
-- so the second waits for the first to commit and then, statement by statement, sees its work.
--
-- Two fast paths for what the app does most, static statements planned once per session: an
-- INSERT of pending bets only changes each user's bet count per sport; an UPDATE that takes pending
-- bets to won, lost or void and changes nothing else the summaries read (user, sport, stake) adds
-- the settled bets to the summaries. The general path's seven dynamic statements, planned on every
-- call, were most of a recorded or settled bet's cost (bench/RESULTS.md). The fast paths' results
-- are the general path's (a property test compares both with a recount from the bets:
-- modules/community/summaries.test.ts). Every other statement takes the general path.
CREATE OR REPLACE FUNCTION community_summaries_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows as signed deltas (the transition tables exist only for their own events).
  src text := CASE TG_OP
    WHEN 'INSERT' THEN
      'SELECT user_id, bet_type, status, amount, profit_loss, settled_at, decimal_odds, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN
      'SELECT user_id, bet_type, status, amount, profit_loss, settled_at, decimal_odds, -1 AS sign FROM old_rows'
    ELSE
      'SELECT user_id, bet_type, status, amount, profit_loss, settled_at, decimal_odds, 1 AS sign FROM new_rows
       UNION ALL
       SELECT user_id, bet_type, status, amount, profit_loss, settled_at, decimal_odds, -1 AS sign FROM old_rows'
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
           sum(sign * profit_loss) AS profit, sum(sign * amount) AS staked,
           sum(sign * bet_unit_return(status, decimal_odds)) AS level_profit,
           sum(sign * bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)) AS level_profit_sq,
           sum(sign * decimal_odds) AS odds_sum
    FROM (%s) delta
    WHERE status IN ('won', 'lost')
    GROUP BY user_id, (settled_at AT TIME ZONE 'UTC')::date
    HAVING sum(sign) <> 0 OR coalesce(sum(sign) FILTER (WHERE status = 'won'), 0) <> 0
        OR sum(sign * profit_loss) <> 0 OR sum(sign * amount) <> 0
        OR sum(sign * bet_unit_return(status, decimal_odds)) <> 0
        OR sum(sign * bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)) <> 0
        OR sum(sign * decimal_odds) <> 0
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

  -- Settling bets (pending to won, lost or void, each keeping its user, sport and stake; the bets
  -- CHECKs give a settled bet its profit and settled_at and a pending one neither): each won or
  -- lost bet adds to its sport's results, to its day of settlement, to the running totals of that
  -- day and every later day of its user, and to the totals before any listed day after it; a void
  -- one adds nothing anywhere. Nothing is subtracted (a pending bet counts in no day) and no row can
  -- be left empty, so there is nothing to clean up. A row of old_rows whose id is missing from
  -- new_rows (an UPDATE of the primary key) sends the statement down the general path too.
  IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (
      SELECT 1 FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      WHERE n.id IS NULL OR o.status <> 'pending' OR n.status NOT IN ('won', 'lost', 'void')
         OR n.user_id <> o.user_id OR n.bet_type <> o.bet_type OR n.amount <> o.amount
    ) THEN
      IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status IN ('won', 'lost')) THEN
        RETURN NULL;
      END IF;
      -- The general path's lock (see 0009): a running total read here must not move before the
      -- statement that uses it. The 0003 trigger has taken these row locks already; this keeps
      -- the reasoning independent of trigger order.
      PERFORM 1 FROM user_bet_stats WHERE user_id IN (SELECT user_id FROM new_rows) ORDER BY user_id FOR UPDATE;

      -- The row of each user and sport exists: it counts the bet while pending.
      UPDATE user_sport_stats AS s SET won = s.won + d.won, lost = s.lost + d.lost, profit = s.profit + d.profit
      FROM (
        SELECT user_id, bet_type, (count(*) FILTER (WHERE status = 'won'))::int AS won,
               (count(*) FILTER (WHERE status = 'lost'))::int AS lost, sum(profit_loss) AS profit
        FROM new_rows WHERE status IN ('won', 'lost') GROUP BY user_id, bet_type
      ) d
      WHERE s.user_id = d.user_id AND s.sport = d.bet_type;

      -- Days. A day that has a row gets the bets settled on it, and it and each later day of the
      -- user get, in their running totals, the bets settled on or before them. A day without a row
      -- gets one: its running totals are the latest earlier day's plus the bets settled on or
      -- before it. One statement: the UPDATE does not see the rows the INSERT adds, and the user's
      -- lock keeps any other writer from adding them meanwhile.
      WITH d AS (
        SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS settled,
               (count(*) FILTER (WHERE status = 'won'))::int AS won, sum(profit_loss) AS profit,
               sum(amount) AS staked, sum(bet_unit_return(status, decimal_odds)) AS level_profit,
               sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)) AS level_profit_sq,
               sum(decimal_odds) AS odds_sum
        FROM new_rows WHERE status IN ('won', 'lost') GROUP BY 1, 2
      ),
      -- Each day's bets with those of the user's earlier days in this statement: a window over d, not
      -- a lateral scan of d per row (which grew with the square of the users a grading settles).
      c AS (
        SELECT user_id, day, sum(settled) OVER w AS settled, sum(won) OVER w AS won, sum(profit) OVER w AS profit,
               sum(staked) OVER w AS staked, sum(level_profit) OVER w AS level_profit,
               sum(level_profit_sq) OVER w AS level_profit_sq, sum(odds_sum) OVER w AS odds_sum
        FROM d WINDOW w AS (PARTITION BY user_id ORDER BY day)
      ),
      added AS (
        INSERT INTO user_bet_days (user_id, day, settled, won, profit, staked, level_profit, level_profit_sq, odds_sum,
                                   cum_settled, cum_won, cum_profit, cum_staked, cum_level_profit,
                                   cum_level_profit_sq, cum_odds_sum)
        SELECT d.user_id, d.day, d.settled, d.won, d.profit, d.staked, d.level_profit, d.level_profit_sq, d.odds_sum,
               coalesce(p.cum_settled, 0) + c.settled, coalesce(p.cum_won, 0) + c.won,
               coalesce(p.cum_profit, 0) + c.profit, coalesce(p.cum_staked, 0) + c.staked,
               coalesce(p.cum_level_profit, 0) + c.level_profit,
               coalesce(p.cum_level_profit_sq, 0) + c.level_profit_sq, coalesce(p.cum_odds_sum, 0) + c.odds_sum
        FROM d
        JOIN c ON c.user_id = d.user_id AND c.day = d.day
        LEFT JOIN LATERAL (
          SELECT x.cum_settled, x.cum_won, x.cum_profit, x.cum_staked, x.cum_level_profit, x.cum_level_profit_sq,
                 x.cum_odds_sum
          FROM user_bet_days x
          WHERE x.user_id = d.user_id AND x.day < d.day ORDER BY x.day DESC LIMIT 1
        ) p ON true
        WHERE NOT EXISTS (SELECT 1 FROM user_bet_days x WHERE x.user_id = d.user_id AND x.day = d.day)
        ORDER BY 1, 2
      )
      UPDATE user_bet_days AS s
      SET settled = s.settled + r.settled, won = s.won + r.won, profit = s.profit + r.profit,
          staked = s.staked + r.staked, level_profit = s.level_profit + r.level_profit,
          level_profit_sq = s.level_profit_sq + r.level_profit_sq, odds_sum = s.odds_sum + r.odds_sum,
          cum_settled = s.cum_settled + r.cum_settled,
          cum_won = s.cum_won + r.cum_won, cum_profit = s.cum_profit + r.cum_profit,
          cum_staked = s.cum_staked + r.cum_staked, cum_level_profit = s.cum_level_profit + r.cum_level_profit,
          cum_level_profit_sq = s.cum_level_profit_sq + r.cum_level_profit_sq,
          cum_odds_sum = s.cum_odds_sum + r.cum_odds_sum
      FROM (
        SELECT x.user_id, x.day,
               coalesce(sum(e.settled) FILTER (WHERE e.day = x.day), 0) AS settled,
               coalesce(sum(e.won) FILTER (WHERE e.day = x.day), 0) AS won,
               coalesce(sum(e.profit) FILTER (WHERE e.day = x.day), 0) AS profit,
               coalesce(sum(e.staked) FILTER (WHERE e.day = x.day), 0) AS staked,
               coalesce(sum(e.level_profit) FILTER (WHERE e.day = x.day), 0) AS level_profit,
               coalesce(sum(e.level_profit_sq) FILTER (WHERE e.day = x.day), 0) AS level_profit_sq,
               coalesce(sum(e.odds_sum) FILTER (WHERE e.day = x.day), 0) AS odds_sum,
               sum(e.settled) AS cum_settled, sum(e.won) AS cum_won, sum(e.profit) AS cum_profit,
               sum(e.staked) AS cum_staked, sum(e.level_profit) AS cum_level_profit,
               sum(e.level_profit_sq) AS cum_level_profit_sq, sum(e.odds_sum) AS cum_odds_sum
        FROM (SELECT user_id, min(day) AS from_day FROM d GROUP BY user_id) m
        JOIN user_bet_days x ON x.user_id = m.user_id AND x.day >= m.from_day
        JOIN d e ON e.user_id = x.user_id AND e.day <= x.day
        GROUP BY x.user_id, x.day
      ) r
      WHERE s.user_id = r.user_id AND s.day = r.day;

      -- Totals before a day, after user_bet_days is written (the Spotlight's fill, see 0009).
      IF EXISTS (SELECT 1 FROM user_bet_totals_before_days) THEN
        INSERT INTO user_bet_totals_before AS t (day, user_id, settled, won, profit, staked, level_profit,
                                                 level_profit_sq, odds_sum)
        SELECT m.day, n.user_id, count(*)::int, (count(*) FILTER (WHERE n.status = 'won'))::int,
               sum(n.profit_loss), sum(n.amount), sum(bet_unit_return(n.status, n.decimal_odds)),
               sum(bet_unit_return(n.status, n.decimal_odds) * bet_unit_return(n.status, n.decimal_odds)),
               sum(n.decimal_odds)
        FROM new_rows n JOIN user_bet_totals_before_days m ON m.day > (n.settled_at AT TIME ZONE 'UTC')::date
        WHERE n.status IN ('won', 'lost')
        GROUP BY m.day, n.user_id ORDER BY 1, 2
        ON CONFLICT (day, user_id) DO UPDATE SET settled = t.settled + excluded.settled, won = t.won + excluded.won,
               profit = t.profit + excluded.profit, staked = t.staked + excluded.staked,
               level_profit = t.level_profit + excluded.level_profit,
               level_profit_sq = t.level_profit_sq + excluded.level_profit_sq,
               odds_sum = t.odds_sum + excluded.odds_sum;
      END IF;
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
             profit = s.profit + d.profit, staked = s.staked + d.staked,
             level_profit = s.level_profit + d.level_profit, level_profit_sq = s.level_profit_sq + d.level_profit_sq,
             odds_sum = s.odds_sum + d.odds_sum
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
      INSERT INTO user_bet_days AS s (user_id, day, settled, won, profit, staked, level_profit, level_profit_sq,
                                      odds_sum)
      SELECT * FROM (%s) d ORDER BY user_id, day
      ON CONFLICT (user_id, day) DO UPDATE SET settled = s.settled + excluded.settled, won = s.won + excluded.won,
             profit = s.profit + excluded.profit, staked = s.staked + excluded.staked,
             level_profit = s.level_profit + excluded.level_profit,
             level_profit_sq = s.level_profit_sq + excluded.level_profit_sq, odds_sum = s.odds_sum + excluded.odds_sum
    $q$, days);
  END IF;

  -- Totals before a day: add each change dated before it.
  IF EXISTS (SELECT 1 FROM user_bet_totals_before_days) THEN
    IF TG_OP = 'DELETE' THEN
      EXECUTE format($q$
        UPDATE user_bet_totals_before AS t SET settled = t.settled + c.settled, won = t.won + c.won,
               profit = t.profit + c.profit, staked = t.staked + c.staked,
               level_profit = t.level_profit + c.level_profit, level_profit_sq = t.level_profit_sq + c.level_profit_sq,
               odds_sum = t.odds_sum + c.odds_sum
        FROM (
          SELECT m.day, d.user_id, sum(d.settled) AS settled, sum(d.won) AS won, sum(d.profit) AS profit,
                 sum(d.staked) AS staked, sum(d.level_profit) AS level_profit,
                 sum(d.level_profit_sq) AS level_profit_sq, sum(d.odds_sum) AS odds_sum
          FROM (%s) d JOIN user_bet_totals_before_days m ON m.day > d.day
          GROUP BY m.day, d.user_id
        ) c
        WHERE t.day = c.day AND t.user_id = c.user_id
      $q$, days);
    ELSE
      EXECUTE format($q$
        INSERT INTO user_bet_totals_before AS t (day, user_id, settled, won, profit, staked, level_profit,
                                                 level_profit_sq, odds_sum)
        SELECT m.day, d.user_id, sum(d.settled), sum(d.won), sum(d.profit), sum(d.staked), sum(d.level_profit),
               sum(d.level_profit_sq), sum(d.odds_sum)
        FROM (%s) d JOIN user_bet_totals_before_days m ON m.day > d.day
        GROUP BY m.day, d.user_id ORDER BY 1, 2
        ON CONFLICT (day, user_id) DO UPDATE SET settled = t.settled + excluded.settled, won = t.won + excluded.won,
               profit = t.profit + excluded.profit, staked = t.staked + excluded.staked,
               level_profit = t.level_profit + excluded.level_profit,
               level_profit_sq = t.level_profit_sq + excluded.level_profit_sq, odds_sum = t.odds_sum + excluded.odds_sum
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
    SET cum_settled = r.cum_settled, cum_won = r.cum_won, cum_profit = r.cum_profit, cum_staked = r.cum_staked,
        cum_level_profit = r.cum_level_profit, cum_level_profit_sq = r.cum_level_profit_sq,
        cum_odds_sum = r.cum_odds_sum
    FROM (
      SELECT x.user_id, x.day,
             coalesce(b.cum_settled, 0) + sum(x.settled) OVER w AS cum_settled,
             coalesce(b.cum_won, 0) + sum(x.won) OVER w AS cum_won,
             coalesce(b.cum_profit, 0) + sum(x.profit) OVER w AS cum_profit,
             coalesce(b.cum_staked, 0) + sum(x.staked) OVER w AS cum_staked,
             coalesce(b.cum_level_profit, 0) + sum(x.level_profit) OVER w AS cum_level_profit,
             coalesce(b.cum_level_profit_sq, 0) + sum(x.level_profit_sq) OVER w AS cum_level_profit_sq,
             coalesce(b.cum_odds_sum, 0) + sum(x.odds_sum) OVER w AS cum_odds_sum
      FROM (SELECT user_id, min(day) AS from_day FROM (%s) d GROUP BY user_id) a
      JOIN user_bet_days x ON x.user_id = a.user_id AND x.day >= a.from_day
      LEFT JOIN LATERAL (
        SELECT p.cum_settled, p.cum_won, p.cum_profit, p.cum_staked, p.cum_level_profit, p.cum_level_profit_sq,
               p.cum_odds_sum
        FROM user_bet_days p
        WHERE p.user_id = a.user_id AND p.day < a.from_day ORDER BY p.day DESC LIMIT 1
      ) b ON true
      WINDOW w AS (PARTITION BY x.user_id ORDER BY x.day)
    ) r
    WHERE s.user_id = r.user_id AND s.day = r.day
      AND (s.cum_settled, s.cum_won, s.cum_profit, s.cum_staked, s.cum_level_profit, s.cum_level_profit_sq,
           s.cum_odds_sum)
          IS DISTINCT FROM (r.cum_settled, r.cum_won, r.cum_profit, r.cum_staked, r.cum_level_profit,
                            r.cum_level_profit_sq, r.cum_odds_sum)
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
