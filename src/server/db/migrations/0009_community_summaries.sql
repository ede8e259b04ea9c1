CREATE TABLE "user_bet_days" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cum_settled" integer DEFAULT 0 NOT NULL,
	"cum_won" integer DEFAULT 0 NOT NULL,
	"cum_profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cum_staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_bet_days_pkey" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_bet_totals_before" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_bet_totals_before_pkey" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_bet_totals_before_days" (
	"day" date PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sport_stats" (
	"user_id" text NOT NULL,
	"sport" text NOT NULL,
	"bets" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_sport_stats_pkey" PRIMARY KEY("user_id","sport")
);
--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD CONSTRAINT "user_bet_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD CONSTRAINT "user_bet_totals_before_day_user_bet_totals_before_days_day_fk" FOREIGN KEY ("day") REFERENCES "public"."user_bet_totals_before_days"("day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD CONSTRAINT "user_bet_totals_before_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sport_stats" ADD CONSTRAINT "user_sport_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_settled_at_idx" ON "bets" USING btree ("settled_at") WHERE settled_at is not null;--> statement-breakpoint
-- user_sport_stats and user_bet_days (the Spotlight and Influencers summaries) are kept by
-- statement-level AFTER triggers with transition tables, like user_bet_stats (0003): one aggregate
-- per statement, so a bulk INSERT ... SELECT costs one summary update, not one per row.
-- Each row of a statement contributes +1 (new rows) or -1 (old rows); an UPDATE is both, so a
-- settle, a changed settled_at, a changed sport or a bet moved to another user all balance.
--
-- user_bet_days also keeps running totals (cum_*) per user in day order. A change on day D
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
-- users' user_bet_stats rows (the 0003 trigger updates them in the same transaction anyway), so
-- the second waits for the first to commit and then, statement by statement, sees its work.
CREATE FUNCTION community_summaries_apply() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER bets_summaries_insert AFTER INSERT ON bets
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_apply();
--> statement-breakpoint
CREATE TRIGGER bets_summaries_update AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_apply();
--> statement-breakpoint
CREATE TRIGGER bets_summaries_delete AFTER DELETE ON bets
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_apply();
--> statement-breakpoint
CREATE FUNCTION community_summaries_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_sport_stats;
  DELETE FROM user_bet_days;
  DELETE FROM user_bet_totals_before_days;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_summaries_truncate AFTER TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_truncate();
--> statement-breakpoint
-- Summaries of the bets that exist before this migration.
INSERT INTO user_sport_stats (user_id, sport, bets, won, lost, profit)
SELECT user_id, bet_type, count(*), count(*) FILTER (WHERE status = 'won'), count(*) FILTER (WHERE status = 'lost'),
       coalesce(sum(profit_loss), 0)
FROM bets GROUP BY user_id, bet_type;
--> statement-breakpoint
INSERT INTO user_bet_days (user_id, day, settled, won, profit, staked, cum_settled, cum_won, cum_profit, cum_staked)
SELECT user_id, day, settled, won, profit, staked,
       sum(settled) OVER w, sum(won) OVER w, sum(profit) OVER w, sum(staked) OVER w
FROM (
  SELECT user_id, (settled_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS settled,
         (count(*) FILTER (WHERE status = 'won'))::int AS won, sum(profit_loss) AS profit, sum(amount) AS staked
  FROM bets WHERE status <> 'pending' GROUP BY 1, 2
) g
WINDOW w AS (PARTITION BY user_id ORDER BY day);
--> statement-breakpoint
-- Community queries keep only public profiles; without statistics on this expression the planner
-- guesses 0.5% of users and picks nested loops over thousands of them.
CREATE STATISTICS user_settings_profile_public_stats ON ((privacy_settings->>'profile_public')) FROM user_settings;
