-- One position per pick, and the rankings' summaries of graded positions
-- (docs/decisions/038-positions-and-the-luck-adjusted-ranking.md).
--
-- bet_positions: an account's graded single bets on one event and market, merged: stakes summed,
-- odds weighted by stake. The key is (user, event, market), so a second selection or line of the
-- same market (both sides, a middle) cannot become a position: bet_positions_apply refuses it
-- with this constraint's name. Kept by bet_positions_apply (db/functions) from the bets.
CREATE TABLE "bet_positions" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "events"("id"),
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"line" numeric(6, 1),
	"bets" integer NOT NULL,
	"stake" numeric(20, 2) NOT NULL,
	-- Σ stake × odds / Σ stake, 6 places (the scale of bets.decimal_odds).
	"odds" numeric(20, 6) NOT NULL,
	"profit" numeric(20, 2),
	"status" text NOT NULL,
	-- The earliest start its bets were recorded with: the order of streaks, runs and drawdown.
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bet_positions_one_side_per_market" PRIMARY KEY ("user_id", "event_id", "market"),
	CONSTRAINT "bet_positions_status" CHECK ("status" IN ('pending', 'won', 'lost', 'void'))
);
--> statement-breakpoint
-- A user's positions in game order (the profile's list, the per-day recount).
CREATE INDEX "bet_positions_user_start_idx" ON "bet_positions" ("user_id", "starts_at", "event_id", "market");
--> statement-breakpoint
-- Bets of one user on one event: the recount of that user's positions on it.
CREATE INDEX "bets_user_event_idx" ON "bets" ("user_id", "event_id") WHERE "event_id" IS NOT NULL AND "leg_count" IS NULL;
--> statement-breakpoint
-- Per user and UTC day of event start: the won and lost graded positions priced at 1.20 or more
-- (the ones that count for the rankings), their distinct events, money and level sums, and running
-- totals in day order (cum_*), so a window's figures are two rows' difference.
CREATE TABLE "user_position_days" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"positions" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"events" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	"level_profit" numeric DEFAULT '0' NOT NULL,
	"level_profit_sq" numeric DEFAULT '0' NOT NULL,
	"odds_sum" numeric DEFAULT '0' NOT NULL,
	"cum_positions" integer DEFAULT 0 NOT NULL,
	"cum_won" integer DEFAULT 0 NOT NULL,
	"cum_events" integer DEFAULT 0 NOT NULL,
	"cum_profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cum_staked" numeric(20, 2) DEFAULT '0' NOT NULL,
	"cum_level_profit" numeric DEFAULT '0' NOT NULL,
	"cum_level_profit_sq" numeric DEFAULT '0' NOT NULL,
	"cum_odds_sum" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "user_position_days_pkey" PRIMARY KEY ("user_id", "day")
);
--> statement-breakpoint
-- The unit size in force when the bet was recorded (user_settings.unit_size then; bets_unit_size
-- fills it), so changing the setting later restates no past bet in units.
ALTER TABLE "bets" ADD COLUMN "unit_size" numeric(12, 2);
--> statement-breakpoint
UPDATE "bets" b SET "unit_size" = us."unit_size" FROM "user_settings" us WHERE us."user_id" = b."user_id" AND us."unit_size" IS NOT NULL;
--> statement-breakpoint
-- Existing graded singles become positions. Two selections of one market recorded before this rule
-- keep the side recorded first (the other stays a bet, out of the rankings).
INSERT INTO "bet_positions" ("user_id", "event_id", "market", "selection", "line", "bets", "stake", "odds", "profit", "status", "starts_at")
SELECT DISTINCT ON (g.user_id, g.event_id, g.market) g.user_id, g.event_id, g.market, g.selection, g.line, g.bets, g.stake,
       g.odds, g.profit, g.status, g.starts_at
FROM (
	SELECT b.user_id, b.event_id, b.market, b.selection, b.line, count(*)::int, sum(b.amount),
	       round(sum(b.amount * b.decimal_odds) / sum(b.amount), 6), sum(b.profit_loss),
	       CASE WHEN bool_or(b.status = 'pending') THEN 'pending' ELSE min(b.status) END, min(b.event_date),
	       min(b.created_at) AS first_at
	FROM "bets" b
	WHERE b.event_id IS NOT NULL AND b.leg_count IS NULL
	GROUP BY b.user_id, b.event_id, b.market, b.selection, b.line
) g(user_id, event_id, market, selection, line, bets, stake, odds, profit, status, starts_at, first_at)
ORDER BY g.user_id, g.event_id, g.market, g.first_at;
--> statement-breakpoint
INSERT INTO "user_position_days" ("user_id", "day", "positions", "won", "events", "profit", "staked", "level_profit", "level_profit_sq", "odds_sum")
SELECT p.user_id, (p.starts_at AT TIME ZONE 'UTC')::date, count(*)::int, (count(*) FILTER (WHERE p.status = 'won'))::int,
       count(DISTINCT p.event_id)::int, sum(p.profit), sum(p.stake),
       sum(CASE p.status WHEN 'won' THEN p.odds - 1 ELSE -1 END),
       sum(CASE p.status WHEN 'won' THEN (p.odds - 1) * (p.odds - 1) ELSE 1 END), sum(p.odds)
FROM "bet_positions" p
WHERE p.status IN ('won', 'lost') AND p.odds >= 1.20
GROUP BY 1, 2;
--> statement-breakpoint
UPDATE "user_position_days" s
SET "cum_positions" = r.cp, "cum_won" = r.cw, "cum_events" = r.ce, "cum_profit" = r.cpr, "cum_staked" = r.cs,
    "cum_level_profit" = r.clp, "cum_level_profit_sq" = r.clq, "cum_odds_sum" = r.co
FROM (
	SELECT user_id, day, sum(positions) OVER w AS cp, sum(won) OVER w AS cw, sum(events) OVER w AS ce,
	       sum(profit) OVER w AS cpr, sum(staked) OVER w AS cs, sum(level_profit) OVER w AS clp,
	       sum(level_profit_sq) OVER w AS clq, sum(odds_sum) OVER w AS co
	FROM "user_position_days"
	WINDOW w AS (PARTITION BY user_id ORDER BY day)
) r
WHERE s.user_id = r.user_id AND s.day = r.day;
--> statement-breakpoint
-- Runs and drawdown now follow the order of the game (event start, a parlay's last leg's, then id;
-- db/functions/bet_runs_recount.sql): every user's are recounted once in that order, the same
-- passes as that function, for all users at once.
WITH decided AS (
	SELECT user_id, status, row_number() OVER w AS rn,
	       CASE WHEN status = lag(status) OVER w THEN 0 ELSE 1 END AS starts_run,
	       sum(profit_loss) OVER w AS total
	FROM bets
	WHERE status IN ('won', 'lost')
	WINDOW w AS (PARTITION BY user_id ORDER BY coalesce(last_event_date, event_date), id)
),
numbered AS (
	SELECT user_id, status, total, sum(starts_run) OVER w AS run, greatest(max(total) OVER w, 0) AS peak
	FROM decided
	WINDOW w AS (PARTITION BY user_id ORDER BY rn)
),
runs AS (
	SELECT user_id, status, run, count(*)::integer AS len FROM numbered GROUP BY user_id, status, run
),
per_user AS (
	SELECT user_id,
	       coalesce(max(len) FILTER (WHERE status = 'won'), 0) AS longest_win,
	       coalesce(max(len) FILTER (WHERE status = 'lost'), 0) AS longest_loss
	FROM runs GROUP BY user_id
),
last_run AS (
	SELECT DISTINCT ON (user_id) user_id, status, len FROM runs ORDER BY user_id, run DESC
),
falls AS (
	SELECT user_id, max(peak) AS peak, max(peak - total) AS drawdown FROM numbered GROUP BY user_id
),
final AS (
	SELECT DISTINCT ON (user_id) user_id, coalesce(last_event_date, event_date) AS at, id
	FROM bets WHERE status <> 'pending'
	ORDER BY user_id, coalesce(last_event_date, event_date) DESC, id DESC
)
UPDATE user_bet_stats s
SET longest_win_streak = coalesce(p.longest_win, 0),
    current_win_streak = CASE WHEN l.status = 'won' THEN l.len ELSE 0 END,
    longest_loss_streak = coalesce(p.longest_loss, 0),
    current_loss_streak = CASE WHEN l.status = 'lost' THEN l.len ELSE 0 END,
    peak_profit = coalesce(fa.peak, 0),
    max_drawdown = coalesce(fa.drawdown, 0),
    last_settled_at = f.at,
    last_settled_id = f.id
FROM final f
LEFT JOIN per_user p ON p.user_id = f.user_id
LEFT JOIN last_run l ON l.user_id = f.user_id
LEFT JOIN falls fa ON fa.user_id = f.user_id
WHERE s.user_id = f.user_id;
