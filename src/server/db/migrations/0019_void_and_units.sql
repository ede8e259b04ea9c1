-- Issue 15: void / push settlement, the sums behind level-stakes yield, the 95% intervals, the
-- p-value and the drawdown, and an optional unit size (docs/decisions/007).
--
-- A void bet (a cancelled event or a push) settles like won or lost — only after its event starts,
-- final once set, appended to the ledger by 0013's trigger with "status":"void" — with its stake
-- returned: profit_loss is 0.00 (a CHECK). It counts in total_bets and voided and in no rate.
ALTER TABLE "bets" DROP CONSTRAINT "bets_status";--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_status" CHECK ("bets"."status" in ('pending', 'won', 'lost', 'void'));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_void_returns_stake" CHECK ("bets"."status" <> 'void' or "bets"."profit_loss" = 0);--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "unit_size" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_unit_size_range" CHECK ("user_settings"."unit_size" is null or "user_settings"."unit_size" between 0.01 and 1000000);--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "voided" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "profit_stake" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "stake_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "break_even_var" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "longest_loss_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "current_loss_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "peak_profit" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "max_drawdown" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- What one bet adds to the sums, by its result (null for pending and void bets, which add
-- nothing to them). u is the return per unit staked: won → decimal odds − 1, lost → −1. Single
-- SELECTs, so the planner inlines them into the statements below.
CREATE FUNCTION bet_unit_return(status text, decimal_odds numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE status WHEN 'won' THEN decimal_odds - 1 WHEN 'lost' THEN -1::numeric END
$$;
--> statement-breakpoint
-- Of a won or lost bet, its value; of any other, null.
CREATE FUNCTION bet_decided(status text, value numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('won', 'lost') THEN value END
$$;
--> statement-breakpoint
-- user_bet_stats_apply (0003) keeping, besides the totals: voided; settled_staked over won and
-- lost bets only (a void bet's stake came back); and the sums behind the yield, the intervals and
-- the p-value (src/shared/stats.ts reads them), each a plain sum over won and lost bets:
--   odds_sum Σ odds · level_profit Σ u · level_profit_sq Σ u² · profit_sq Σ profit² ·
--   profit_stake Σ profit × stake · stake_sq Σ stake² · break_even_var Σ stake² × (odds − 1)
-- Still one aggregate per statement, signed +1 for new rows and −1 for old ones.
CREATE OR REPLACE FUNCTION user_bet_stats_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_bet_stats AS s (user_id, total_bets, won, lost, pending, voided, total_staked, total_profit,
                                     settled_staked, odds_sum, level_profit, level_profit_sq, profit_sq,
                                     profit_stake, stake_sq, break_even_var)
    SELECT user_id, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
           count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'void'),
           sum(amount), coalesce(sum(profit_loss), 0),
           coalesce(sum(bet_decided(status, amount)), 0),
           coalesce(sum(bet_decided(status, decimal_odds)), 0),
           coalesce(sum(bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(bet_decided(status, profit_loss * profit_loss)), 0),
           coalesce(sum(bet_decided(status, profit_loss * amount)), 0),
           coalesce(sum(bet_decided(status, amount * amount)), 0),
           coalesce(sum(bet_decided(status, amount * amount * (decimal_odds - 1))), 0)
    FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      total_bets = s.total_bets + excluded.total_bets,
      won = s.won + excluded.won,
      lost = s.lost + excluded.lost,
      pending = s.pending + excluded.pending,
      voided = s.voided + excluded.voided,
      total_staked = s.total_staked + excluded.total_staked,
      total_profit = s.total_profit + excluded.total_profit,
      settled_staked = s.settled_staked + excluded.settled_staked,
      odds_sum = s.odds_sum + excluded.odds_sum,
      level_profit = s.level_profit + excluded.level_profit,
      level_profit_sq = s.level_profit_sq + excluded.level_profit_sq,
      profit_sq = s.profit_sq + excluded.profit_sq,
      profit_stake = s.profit_stake + excluded.profit_stake,
      stake_sq = s.stake_sq + excluded.stake_sq,
      break_even_var = s.break_even_var + excluded.break_even_var;
  ELSIF TG_OP = 'UPDATE' THEN
    -- Old rows subtract, new rows add; a user whose row is missing (it cannot be, but be safe)
    -- gets one from the delta.
    INSERT INTO user_bet_stats AS s (user_id, total_bets, won, lost, pending, voided, total_staked, total_profit,
                                     settled_staked, odds_sum, level_profit, level_profit_sq, profit_sq,
                                     profit_stake, stake_sq, break_even_var)
    SELECT user_id, sum(sign), coalesce(sum(sign) FILTER (WHERE status = 'won'), 0),
           coalesce(sum(sign) FILTER (WHERE status = 'lost'), 0), coalesce(sum(sign) FILTER (WHERE status = 'pending'), 0),
           coalesce(sum(sign) FILTER (WHERE status = 'void'), 0),
           sum(sign * amount), coalesce(sum(sign * profit_loss), 0),
           coalesce(sum(sign * bet_decided(status, amount)), 0),
           coalesce(sum(sign * bet_decided(status, decimal_odds)), 0),
           coalesce(sum(sign * bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(sign * bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0),
           coalesce(sum(sign * bet_decided(status, profit_loss * profit_loss)), 0),
           coalesce(sum(sign * bet_decided(status, profit_loss * amount)), 0),
           coalesce(sum(sign * bet_decided(status, amount * amount)), 0),
           coalesce(sum(sign * bet_decided(status, amount * amount * (decimal_odds - 1))), 0)
    FROM (
      SELECT user_id, 1 AS sign, status, amount, profit_loss, decimal_odds FROM new_rows
      UNION ALL
      SELECT user_id, -1 AS sign, status, amount, profit_loss, decimal_odds FROM old_rows
    ) delta
    GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET
      total_bets = s.total_bets + excluded.total_bets,
      won = s.won + excluded.won,
      lost = s.lost + excluded.lost,
      pending = s.pending + excluded.pending,
      voided = s.voided + excluded.voided,
      total_staked = s.total_staked + excluded.total_staked,
      total_profit = s.total_profit + excluded.total_profit,
      settled_staked = s.settled_staked + excluded.settled_staked,
      odds_sum = s.odds_sum + excluded.odds_sum,
      level_profit = s.level_profit + excluded.level_profit,
      level_profit_sq = s.level_profit_sq + excluded.level_profit_sq,
      profit_sq = s.profit_sq + excluded.profit_sq,
      profit_stake = s.profit_stake + excluded.profit_stake,
      stake_sq = s.stake_sq + excluded.stake_sq,
      break_even_var = s.break_even_var + excluded.break_even_var;
  ELSE
    -- DELETE only subtracts from rows that exist: when a user is deleted, the cascade may have
    -- removed their summary row already, and re-creating it would violate its foreign key.
    UPDATE user_bet_stats AS s SET
      total_bets = s.total_bets - d.total_bets,
      won = s.won - d.won,
      lost = s.lost - d.lost,
      pending = s.pending - d.pending,
      voided = s.voided - d.voided,
      total_staked = s.total_staked - d.total_staked,
      total_profit = s.total_profit - d.total_profit,
      settled_staked = s.settled_staked - d.settled_staked,
      odds_sum = s.odds_sum - d.odds_sum,
      level_profit = s.level_profit - d.level_profit,
      level_profit_sq = s.level_profit_sq - d.level_profit_sq,
      profit_sq = s.profit_sq - d.profit_sq,
      profit_stake = s.profit_stake - d.profit_stake,
      stake_sq = s.stake_sq - d.stake_sq,
      break_even_var = s.break_even_var - d.break_even_var
    FROM (
      SELECT user_id, count(*) AS total_bets, count(*) FILTER (WHERE status = 'won') AS won,
             count(*) FILTER (WHERE status = 'lost') AS lost, count(*) FILTER (WHERE status = 'pending') AS pending,
             count(*) FILTER (WHERE status = 'void') AS voided,
             sum(amount) AS total_staked, coalesce(sum(profit_loss), 0) AS total_profit,
             coalesce(sum(bet_decided(status, amount)), 0) AS settled_staked,
             coalesce(sum(bet_decided(status, decimal_odds)), 0) AS odds_sum,
             coalesce(sum(bet_unit_return(status, decimal_odds)), 0) AS level_profit,
             coalesce(sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0) AS level_profit_sq,
             coalesce(sum(bet_decided(status, profit_loss * profit_loss)), 0) AS profit_sq,
             coalesce(sum(bet_decided(status, profit_loss * amount)), 0) AS profit_stake,
             coalesce(sum(bet_decided(status, amount * amount)), 0) AS stake_sq,
             coalesce(sum(bet_decided(status, amount * amount * (decimal_odds - 1))), 0) AS break_even_var
      FROM old_rows GROUP BY user_id
    ) d
    WHERE s.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The runs and the drawdown recounted from a user's settled bets in settlement order (settled_at,
-- id), one ordered pass over bets_user_id_settled_at_idx for the won and lost bets (void bets
-- neither break nor extend a run, and do not move the running total):
--   runs as gaps and islands (a bet starts a run when its result differs from the previous one's)
--   the running total of profit and its running peak (the start is a peak of 0); the drawdown is
--   the largest peak − running total
-- and the last settled bet of any result: where an append must start after.
CREATE FUNCTION bet_runs_recount(uid text, OUT longest_win integer, OUT current_win integer,
                                 OUT longest_loss integer, OUT current_loss integer, OUT peak_profit numeric,
                                 OUT max_drawdown numeric, OUT last_settled_at timestamptz, OUT last_settled_id uuid)
LANGUAGE sql STABLE AS $$
  WITH decided AS (
    SELECT status, settled_at, id,
           CASE WHEN status = lag(status) OVER w THEN 0 ELSE 1 END AS starts_run,
           sum(profit_loss) OVER w AS total
    FROM bets
    WHERE user_id = uid AND status <> 'pending' AND status <> 'void'
    WINDOW w AS (ORDER BY settled_at, id)
  ),
  numbered AS (
    SELECT status, total, sum(starts_run) OVER w AS run, greatest(max(total) OVER w, 0) AS peak
    FROM decided
    WINDOW w AS (ORDER BY settled_at, id)
  ),
  runs AS (
    SELECT status, run, count(*)::integer AS len FROM numbered GROUP BY status, run
  ),
  last_run AS (
    SELECT status, len FROM runs ORDER BY run DESC LIMIT 1
  ),
  final AS (
    SELECT settled_at, id FROM bets
    WHERE user_id = uid AND status <> 'pending'
    ORDER BY settled_at DESC, id DESC LIMIT 1
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
--> statement-breakpoint
-- user_bet_summary_merge (0007) with losing runs and the drawdown, and void bets skipped. Folds
-- one statement's changes for one user into the summary row:
--   settled_removed: a settled bet left the user's settlement order or changed its result or profit
--   removed_max_amount / added_max_amount: the largest stake that left / entered the user's bets
--   added_*: bets that entered the settlement order, in that order
-- An append (every added bet after the last one) extends the runs, the running total, its peak
-- and the drawdown; anything else recounts them (bet_runs_recount).
CREATE FUNCTION user_bet_runs_merge(uid text, settled_removed boolean, removed_max_amount numeric,
                                    added_max_amount numeric, added_status text[], added_settled_at timestamptz[],
                                    added_id uuid[], added_profit numeric[])
RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  s user_bet_stats%ROWTYPE;
  recount record;
  added integer := coalesce(cardinality(added_status), 0);
  total numeric;
  i integer;
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
    SELECT * INTO recount FROM bet_runs_recount(uid);
    s.longest_win_streak := recount.longest_win;
    s.current_win_streak := recount.current_win;
    s.longest_loss_streak := recount.longest_loss;
    s.current_loss_streak := recount.current_loss;
    s.peak_profit := recount.peak_profit;
    s.max_drawdown := recount.max_drawdown;
    s.last_settled_at := recount.last_settled_at;
    s.last_settled_id := recount.last_settled_id;
  ELSIF added > 0 THEN
    -- The running total before these bets: total_profit, which user_bet_stats_apply (fired
    -- first: bets_stats_* sorts before bets_streaks_*) has already raised by their profit.
    total := s.total_profit - (SELECT coalesce(sum(p), 0) FROM unnest(added_profit) p);
    FOR i IN 1 .. added LOOP
      CONTINUE WHEN added_status[i] = 'void';
      total := total + added_profit[i];
      s.peak_profit := greatest(s.peak_profit, total);
      s.max_drawdown := greatest(s.max_drawdown, s.peak_profit - total);
      IF added_status[i] = 'won' THEN
        s.current_win_streak := s.current_win_streak + 1;
        s.current_loss_streak := 0;
      ELSE
        s.current_loss_streak := s.current_loss_streak + 1;
        s.current_win_streak := 0;
      END IF;
      s.longest_win_streak := greatest(s.longest_win_streak, s.current_win_streak);
      s.longest_loss_streak := greatest(s.longest_loss_streak, s.current_loss_streak);
    END LOOP;
    s.last_settled_at := added_settled_at[added];
    s.last_settled_id := added_id[added];
  END IF;

  UPDATE user_bet_stats SET
    longest_win_streak = s.longest_win_streak,
    current_win_streak = s.current_win_streak,
    longest_loss_streak = s.longest_loss_streak,
    current_loss_streak = s.current_loss_streak,
    peak_profit = s.peak_profit,
    max_drawdown = s.max_drawdown,
    last_settled_at = s.last_settled_at,
    last_settled_id = s.last_settled_id,
    max_amount = s.max_amount
  WHERE user_id = uid;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_bet_streaks_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM user_bet_runs_merge(
      user_id, false, NULL, max(amount),
      array_agg(status ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'),
      array_agg(settled_at ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'),
      array_agg(id ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'),
      array_agg(profit_loss ORDER BY settled_at, id) FILTER (WHERE status <> 'pending'))
    FROM new_rows GROUP BY user_id ORDER BY user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A row "leaves" a user's order or stakes when its old version differs from its new one in
    -- what that order, the runs, the running total or the stake depend on, and "enters" the same way.
    PERFORM user_bet_runs_merge(
      user_id, bool_or(settled_removed), max(removed_amount), max(added_amount),
      array_agg(status ORDER BY settled_at, id) FILTER (WHERE settled_added),
      array_agg(settled_at ORDER BY settled_at, id) FILTER (WHERE settled_added),
      array_agg(id ORDER BY settled_at, id) FILTER (WHERE settled_added),
      array_agg(profit_loss ORDER BY settled_at, id) FILTER (WHERE settled_added))
    FROM (
      SELECT o.user_id,
             o.status <> 'pending' AND (n.id IS NULL OR n.user_id <> o.user_id OR n.status <> o.status
                                        OR n.settled_at IS DISTINCT FROM o.settled_at
                                        OR n.profit_loss IS DISTINCT FROM o.profit_loss) AS settled_removed,
             CASE WHEN n.id IS NULL OR n.user_id <> o.user_id OR n.amount <> o.amount THEN o.amount END AS removed_amount,
             NULL::numeric AS added_amount, false AS settled_added,
             NULL::text AS status, NULL::timestamptz AS settled_at, NULL::uuid AS id, NULL::numeric AS profit_loss
      FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
      UNION ALL
      SELECT n.user_id, false, NULL, n.amount,
             n.status <> 'pending' AND (o.id IS NULL OR o.user_id <> n.user_id OR o.status <> n.status
                                        OR o.settled_at IS DISTINCT FROM n.settled_at
                                        OR o.profit_loss IS DISTINCT FROM n.profit_loss),
             n.status, n.settled_at, n.id, n.profit_loss
      FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    ) delta
    GROUP BY user_id ORDER BY user_id;
  ELSE
    PERFORM user_bet_runs_merge(user_id, bool_or(status <> 'pending'), max(amount), NULL, NULL, NULL, NULL, NULL)
    FROM old_rows GROUP BY user_id ORDER BY user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP FUNCTION user_bet_summary_merge(text, boolean, numeric, numeric, text[], timestamptz[], uuid[]);--> statement-breakpoint
DROP FUNCTION bet_win_streaks(text);--> statement-breakpoint
-- The new columns for the bets that exist before this migration.
UPDATE user_bet_stats s SET
  (voided, settled_staked, odds_sum, level_profit, level_profit_sq, profit_sq, profit_stake, stake_sq,
   break_even_var) =
    (SELECT count(*) FILTER (WHERE status = 'void'),
            coalesce(sum(bet_decided(status, amount)), 0),
            coalesce(sum(bet_decided(status, decimal_odds)), 0),
            coalesce(sum(bet_unit_return(status, decimal_odds)), 0),
            coalesce(sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)), 0),
            coalesce(sum(bet_decided(status, profit_loss * profit_loss)), 0),
            coalesce(sum(bet_decided(status, profit_loss * amount)), 0),
            coalesce(sum(bet_decided(status, amount * amount)), 0),
            coalesce(sum(bet_decided(status, amount * amount * (decimal_odds - 1))), 0)
     FROM bets b WHERE b.user_id = s.user_id),
  (longest_win_streak, current_win_streak, longest_loss_streak, current_loss_streak, peak_profit, max_drawdown,
   last_settled_at, last_settled_id) =
    (SELECT longest_win, current_win, longest_loss, current_loss, peak_profit, max_drawdown, last_settled_at,
            last_settled_id
     FROM bet_runs_recount(s.user_id));
--> statement-breakpoint
-- The community summaries (0009, 0012, 0016) for the ranking by level-stakes yield: each day of a
-- user's settlements, and each stored "totals before a day", also keeps Σ u, Σ u² and Σ odds of
-- its won and lost bets (and running totals of them per day), so the Spotlight has a period's
-- yield interval from a few summary rows (docs/decisions/007). A void bet is in no day: days,
-- like every rate, count won and lost bets only (user_sport_stats counts it among a sport's bets,
-- with nothing won, lost or made).
ALTER TABLE "user_bet_days" ADD COLUMN "level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "cum_level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "cum_level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "cum_odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD COLUMN "level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD COLUMN "level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD COLUMN "odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
-- 0016's function with: decimal_odds in the statement's rows; days over won and lost bets with
-- the three sums (and their running totals) wherever settled/won/profit/staked are kept; and the
-- settle fast path open to void (a void bet changes no summary row: its sport already counts it).
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
        CROSS JOIN LATERAL (
          SELECT sum(e.settled) AS settled, sum(e.won) AS won, sum(e.profit) AS profit, sum(e.staked) AS staked,
                 sum(e.level_profit) AS level_profit, sum(e.level_profit_sq) AS level_profit_sq,
                 sum(e.odds_sum) AS odds_sum
          FROM d e WHERE e.user_id = d.user_id AND e.day <= d.day
        ) c
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
--> statement-breakpoint
-- The three sums for the days that exist before this migration (no bet was void then), and their
-- running totals; the stored totals before a day are a cache the Spotlight refills on demand.
UPDATE user_bet_days d SET level_profit = g.level_profit, level_profit_sq = g.level_profit_sq, odds_sum = g.odds_sum
FROM (
  SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date AS day,
         sum(bet_unit_return(status, decimal_odds)) AS level_profit,
         sum(bet_unit_return(status, decimal_odds) * bet_unit_return(status, decimal_odds)) AS level_profit_sq,
         sum(decimal_odds) AS odds_sum
  FROM bets WHERE status IN ('won', 'lost') GROUP BY 1, 2
) g
WHERE d.user_id = g.user_id AND d.day = g.day;
--> statement-breakpoint
UPDATE user_bet_days d SET cum_level_profit = w.cum_level_profit, cum_level_profit_sq = w.cum_level_profit_sq,
       cum_odds_sum = w.cum_odds_sum
FROM (
  SELECT user_id, day, sum(level_profit) OVER x AS cum_level_profit, sum(level_profit_sq) OVER x AS cum_level_profit_sq,
         sum(odds_sum) OVER x AS cum_odds_sum
  FROM user_bet_days WINDOW x AS (PARTITION BY user_id ORDER BY day)
) w
WHERE d.user_id = w.user_id AND d.day = w.day;
--> statement-breakpoint
DELETE FROM user_bet_totals_before_days;
--> statement-breakpoint
-- The low end of the 95% interval of level-stakes yield (a fraction: −0.192 is −19.2%) from a
-- record's n won and lost bets, Σu, Σu² and Σodds: yieldInterval in src/shared/stats.ts, the same
-- operations in double precision, for the rankings to order by. The variance of the mean is the
-- larger of the sample variance of u over n and a break-even bettor's, Σ(odds − 1) / n².
CREATE FUNCTION level_yield_low(n bigint, level_profit numeric, level_profit_sq numeric, odds_sum numeric)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN n > 0 THEN
    level_profit::float8 / n - 1.959963984540054 * sqrt(greatest(
      (odds_sum - n)::float8 / n / n,
      CASE WHEN n > 1 THEN (n * level_profit_sq - level_profit * level_profit)::float8 / (n * (n - 1)) / n ELSE 0 END))
  END
$$;
