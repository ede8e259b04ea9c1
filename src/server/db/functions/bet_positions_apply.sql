-- One position per pick (docs/decisions/038): bet_positions holds each account's graded single
-- bets on one event and market merged into one position (stakes summed, odds weighted by stake),
-- and user_position_days the rankings' sums of the won and lost positions priced at 1.20 or more,
-- per UTC day of event start, with running totals.
--
-- A statement touching graded singles recounts, for each (user, event) it touched, that user's
-- positions on the event from the bets (a handful of rows: one pick, maybe a few markets) and
-- writes only the positions that changed, then the touched users' days from their positions with
-- their running totals (recounted from the earliest touched day on where a later day follows:
-- decision 058). Grading is the only change to a decided position's result, and an event is graded
-- in one statement, so a position's bets always share one status.
--
-- A position counts each bet at the odds public figures count it at (docs/decisions/040 and 047):
-- the best price seen when the odds taken exceed it by more than 5% (bet_prices.above_market), so
-- counted_odds and counted_profit feed the rankings' day sums, and odds and profit keep what was
-- taken. A bet's prices change after it is recorded (a results file brings the closing prices), so
-- a change of a bet_prices row's best price recounts that position too.
--
-- Two selections or lines of one market of one event (both sides, a middle) would be two rows
-- under the key (user, event, market): the recount refuses them as a unique violation of
-- bet_positions_one_side_per_market, which the API answers with 409.
--
-- Concurrency: the users' user_bet_stats rows are locked first (in user order, as the other
-- summary triggers lock them), so two transactions writing one user's bets pass here one after the
-- other, and each statement after the lock sees what the other committed.
--
-- Named bets_positions_* so they fire before bets_stats_* (same event: alphabetical order).
CREATE OR REPLACE FUNCTION bet_positions_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  uids text[];
  eids uuid[];
  locked integer;
  refused uuid;
  -- The (user, day) pairs whose day rows are recounted: the days of the positions before and after.
  du text[];
  dd date[];
  -- The touched users whose running totals are recounted over days after those touched, and the
  -- last day before each touched user's earliest touched one.
  later text[];
  base_days user_position_days[];
BEGIN
  IF TG_TABLE_NAME = 'bet_prices' AND TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id ORDER BY user_id, event_id), array_agg(event_id ORDER BY user_id, event_id) INTO uids, eids
    FROM (SELECT DISTINCT b.user_id, b.event_id FROM new_rows n JOIN bets b ON b.id = n.bet_id) k;
  ELSIF TG_TABLE_NAME = 'bet_prices' THEN
    -- Only a change of the price a bet counts at: a close arriving for a bet within the market changes nothing.
    SELECT array_agg(user_id ORDER BY user_id, event_id), array_agg(event_id ORDER BY user_id, event_id) INTO uids, eids
    FROM (
      SELECT DISTINCT b.user_id, b.event_id
      FROM old_rows o JOIN new_rows n ON n.bet_id = o.bet_id JOIN bets b ON b.id = n.bet_id
      WHERE (o.above_market, CASE WHEN o.above_market THEN o.best_odds END)
            IS DISTINCT FROM (n.above_market, CASE WHEN n.above_market THEN n.best_odds END)
    ) k;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(user_id ORDER BY user_id, event_id), array_agg(event_id ORDER BY user_id, event_id) INTO uids, eids
    FROM (SELECT DISTINCT user_id, event_id FROM new_rows WHERE event_id IS NOT NULL AND leg_count IS NULL) k;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Only what a position reads: who, which pick, the stake, the odds, the result, the start.
    SELECT array_agg(user_id ORDER BY user_id, event_id), array_agg(event_id ORDER BY user_id, event_id) INTO uids, eids
    FROM (
      SELECT DISTINCT x.user_id, x.event_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (VALUES (o.user_id, o.event_id, o.leg_count), (n.user_id, n.event_id, n.leg_count)) x(user_id, event_id, leg_count)
      WHERE x.event_id IS NOT NULL AND x.leg_count IS NULL
        AND (o.user_id, o.event_id, o.market, o.selection, o.line, o.amount, o.decimal_odds, o.status, o.profit_loss, o.event_date)
            IS DISTINCT FROM
            (n.user_id, n.event_id, n.market, n.selection, n.line, n.amount, n.decimal_odds, n.status, n.profit_loss, n.event_date)
    ) k;
  ELSE
    SELECT array_agg(user_id ORDER BY user_id, event_id), array_agg(event_id ORDER BY user_id, event_id) INTO uids, eids
    FROM (SELECT DISTINCT user_id, event_id FROM old_rows WHERE event_id IS NOT NULL AND leg_count IS NULL) k;
  END IF;
  IF uids IS NULL THEN
    RETURN NULL;
  END IF;

  SELECT count(*)::int INTO locked
  FROM (SELECT 1 FROM user_bet_stats WHERE user_id = ANY (uids) ORDER BY user_id FOR UPDATE) l;

  -- A second selection or line of a market already held: the first bet on the other side is named.
  SELECT min(b.id::text)::uuid INTO refused
  FROM unnest(uids, eids) k(u, e)
  JOIN bets b ON b.user_id = k.u AND b.event_id = k.e AND b.leg_count IS NULL
  GROUP BY b.user_id, b.event_id, b.market
  HAVING count(DISTINCT b.selection || '/' || coalesce(b.line::text, '')) > 1
  LIMIT 1;
  IF refused IS NOT NULL THEN
    RAISE EXCEPTION 'one side per market: the account holds another selection of this market (bet %)', refused
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'bet_positions_one_side_per_market';
  END IF;

  -- The touched pairs' positions as their bets make them now, written over what was there: a
  -- position whose figures changed is updated in place (a grading settles thousands at once, so no
  -- position is deleted and written again), one no longer made is deleted, a new one inserted. The
  -- primary key (user, event, market) refuses a second side that a concurrent first bet let past
  -- the check. The days to recount are those of the positions before and after.
  WITH made AS (
    SELECT b.user_id, b.event_id, b.market, b.selection, b.line, count(*)::int AS bets, sum(b.amount) AS stake,
           round(sum(b.amount * b.decimal_odds) / sum(b.amount), 6) AS odds, sum(b.profit_loss) AS profit,
           CASE WHEN bool_or(b.status = 'pending') THEN 'pending' ELSE min(b.status) END AS status,
           min(b.event_date) AS starts_at,
           round(sum(b.amount * CASE WHEN bp.above_market THEN bp.best_odds ELSE b.decimal_odds END) / sum(b.amount), 6)
             AS counted_odds,
           sum(CASE WHEN bp.above_market AND b.status = 'won' THEN round(b.amount * bp.best_odds, 2) - b.amount
                    ELSE b.profit_loss END) AS counted_profit
    FROM unnest(uids, eids) k(u, e)
    JOIN bets b ON b.user_id = k.u AND b.event_id = k.e AND b.leg_count IS NULL
    LEFT JOIN bet_prices bp ON bp.bet_id = b.id
    GROUP BY b.user_id, b.event_id, b.market, b.selection, b.line
  ),
  held AS (
    SELECT p.user_id, p.event_id, p.market, p.starts_at
    FROM unnest(uids, eids) k(u, e)
    JOIN bet_positions p ON p.user_id = k.u AND p.event_id = k.e
  ),
  gone AS (
    DELETE FROM bet_positions p
    USING held h
    WHERE p.user_id = h.user_id AND p.event_id = h.event_id AND p.market = h.market
      AND NOT EXISTS (SELECT 1 FROM made m WHERE m.user_id = h.user_id AND m.event_id = h.event_id AND m.market = h.market)
  ),
  changed AS (
    UPDATE bet_positions p
    SET selection = m.selection, line = m.line, bets = m.bets, stake = m.stake, odds = m.odds, profit = m.profit,
        status = m.status, starts_at = m.starts_at, counted_odds = m.counted_odds, counted_profit = m.counted_profit
    FROM made m
    WHERE p.user_id = m.user_id AND p.event_id = m.event_id AND p.market = m.market
      AND (p.selection, p.line, p.bets, p.stake, p.odds, p.profit, p.status, p.starts_at, p.counted_odds, p.counted_profit)
          IS DISTINCT FROM
          (m.selection, m.line, m.bets, m.stake, m.odds, m.profit, m.status, m.starts_at, m.counted_odds, m.counted_profit)
  ),
  added AS (
    INSERT INTO bet_positions (user_id, event_id, market, selection, line, bets, stake, odds, profit, status, starts_at,
                               counted_odds, counted_profit)
    SELECT m.user_id, m.event_id, m.market, m.selection, m.line, m.bets, m.stake, m.odds, m.profit, m.status, m.starts_at,
           m.counted_odds, m.counted_profit
    FROM made m
    WHERE NOT EXISTS (SELECT 1 FROM held h WHERE h.user_id = m.user_id AND h.event_id = m.event_id AND h.market = m.market)
  )
  SELECT array_agg(user_id), array_agg((starts_at AT TIME ZONE 'UTC')::date) INTO du, dd
  FROM (SELECT user_id, starts_at FROM held UNION ALL SELECT user_id, starts_at FROM made) d;

  DELETE FROM user_position_days d
  USING (SELECT DISTINCT user_id, day FROM unnest(du, dd) t(user_id, day)) t
  WHERE d.user_id = t.user_id AND d.day = t.day;

  -- The touched users with a day after their earliest touched day still there (a result for an
  -- event older than their latest decided one): their running totals are recounted below. For every
  -- other user (a grading's bettors, mostly) the touched days are now their last, so the days are
  -- written with their running totals at once: the user's last day before them (read here, before
  -- the INSERT writes any), plus the days' own sums.
  SELECT array_agg(a.user_id) FILTER (WHERE a.later), array_agg(b.last) FILTER (WHERE (b.last).user_id IS NOT NULL)
  INTO later, base_days
  FROM (
    SELECT f.user_id, f.from_day,
           EXISTS (SELECT 1 FROM user_position_days x WHERE x.user_id = f.user_id AND x.day > f.from_day) AS later
    FROM (SELECT user_id, min(day) AS from_day FROM unnest(du, dd) t(user_id, day) GROUP BY user_id) f
  ) a
  LEFT JOIN LATERAL (
    SELECT x AS last FROM user_position_days x
    WHERE x.user_id = a.user_id AND x.day < a.from_day ORDER BY x.day DESC LIMIT 1
  ) b ON true;

  INSERT INTO user_position_days (user_id, day, positions, won, events, profit, staked, level_profit, level_profit_sq, odds_sum,
                                  cum_positions, cum_won, cum_events, cum_profit, cum_staked, cum_level_profit,
                                  cum_level_profit_sq, cum_odds_sum)
  SELECT g.user_id, g.day, g.positions, g.won, g.events, g.profit, g.staked, g.level_profit, g.level_profit_sq, g.odds_sum,
         coalesce(b.cum_positions, 0) + sum(g.positions) OVER w, coalesce(b.cum_won, 0) + sum(g.won) OVER w,
         coalesce(b.cum_events, 0) + sum(g.events) OVER w, coalesce(b.cum_profit, 0) + sum(g.profit) OVER w,
         coalesce(b.cum_staked, 0) + sum(g.staked) OVER w, coalesce(b.cum_level_profit, 0) + sum(g.level_profit) OVER w,
         coalesce(b.cum_level_profit_sq, 0) + sum(g.level_profit_sq) OVER w,
         coalesce(b.cum_odds_sum, 0) + sum(g.odds_sum) OVER w
  FROM (
    SELECT p.user_id, t.day, count(*)::int AS positions, (count(*) FILTER (WHERE p.status = 'won'))::int AS won,
           count(DISTINCT p.event_id)::int AS events, sum(p.counted_profit) AS profit, sum(p.stake) AS staked,
           sum(CASE p.status WHEN 'won' THEN p.counted_odds - 1 ELSE -1 END) AS level_profit,
           sum(CASE p.status WHEN 'won' THEN (p.counted_odds - 1) * (p.counted_odds - 1) ELSE 1 END) AS level_profit_sq,
           sum(p.counted_odds) AS odds_sum
    FROM (SELECT DISTINCT user_id, day FROM unnest(du, dd) t(user_id, day)) t
    JOIN bet_positions p ON p.user_id = t.user_id
     AND p.starts_at >= t.day::timestamp AT TIME ZONE 'UTC' AND p.starts_at < (t.day + 1)::timestamp AT TIME ZONE 'UTC'
    WHERE p.status IN ('won', 'lost') AND p.counted_odds >= 1.20
    GROUP BY p.user_id, t.day
  ) g
  LEFT JOIN unnest(base_days) b ON b.user_id = g.user_id
  WINDOW w AS (PARTITION BY g.user_id ORDER BY g.day)
  ORDER BY 1, 2;

  IF later IS NULL THEN
    RETURN NULL;
  END IF;

  -- Running totals of those users from their earliest touched day on, from the last day before it.
  UPDATE user_position_days AS s
  SET cum_positions = r.cum_positions, cum_won = r.cum_won, cum_events = r.cum_events, cum_profit = r.cum_profit,
      cum_staked = r.cum_staked, cum_level_profit = r.cum_level_profit, cum_level_profit_sq = r.cum_level_profit_sq,
      cum_odds_sum = r.cum_odds_sum
  FROM (
    SELECT x.user_id, x.day,
           coalesce(b.cum_positions, 0) + sum(x.positions) OVER w AS cum_positions,
           coalesce(b.cum_won, 0) + sum(x.won) OVER w AS cum_won,
           coalesce(b.cum_events, 0) + sum(x.events) OVER w AS cum_events,
           coalesce(b.cum_profit, 0) + sum(x.profit) OVER w AS cum_profit,
           coalesce(b.cum_staked, 0) + sum(x.staked) OVER w AS cum_staked,
           coalesce(b.cum_level_profit, 0) + sum(x.level_profit) OVER w AS cum_level_profit,
           coalesce(b.cum_level_profit_sq, 0) + sum(x.level_profit_sq) OVER w AS cum_level_profit_sq,
           coalesce(b.cum_odds_sum, 0) + sum(x.odds_sum) OVER w AS cum_odds_sum
    FROM (SELECT t.user_id, min(t.day) AS from_day FROM unnest(du, dd) t(user_id, day)
          WHERE t.user_id IN (SELECT unnest(later)) GROUP BY t.user_id) a
    JOIN user_position_days x ON x.user_id = a.user_id AND x.day >= a.from_day
    LEFT JOIN LATERAL (
      SELECT p.cum_positions, p.cum_won, p.cum_events, p.cum_profit, p.cum_staked, p.cum_level_profit,
             p.cum_level_profit_sq, p.cum_odds_sum
      FROM user_position_days p
      WHERE p.user_id = a.user_id AND p.day < a.from_day ORDER BY p.day DESC LIMIT 1
    ) b ON true
    WINDOW w AS (PARTITION BY x.user_id ORDER BY x.day)
  ) r
  WHERE s.user_id = r.user_id AND s.day = r.day;

  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_positions_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_positions_apply();

CREATE TRIGGER bets_positions_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_positions_apply();

CREATE TRIGGER bets_positions_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_positions_apply();

CREATE TRIGGER bet_prices_positions_insert AFTER INSERT ON bet_prices
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_positions_apply();

CREATE TRIGGER bet_prices_positions_update AFTER UPDATE ON bet_prices
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_positions_apply();
