-- The rankings at the prices that could be had (docs/decisions/047): a graded position counts each
-- of its bets at the odds a profile counts it at (decision 040: the best price seen when the odds
-- taken exceed it by more than 5%), so the Spotlight and the directory rank what the profile shows.
-- bet_positions keeps the odds taken (odds, profit) beside the odds and profit it counts at; the
-- rankings' day sums (user_position_days) are recounted from the counted ones. Kept from then on by
-- db/functions/bet_positions_apply.sql, also when a bet's prices change.
ALTER TABLE "bet_positions" ADD COLUMN "counted_odds" numeric(20, 6);--> statement-breakpoint
ALTER TABLE "bet_positions" ADD COLUMN "counted_profit" numeric(20, 2);--> statement-breakpoint
UPDATE "bet_positions" p SET "counted_odds" = c.odds, "counted_profit" = c.profit
FROM (
	SELECT b.user_id, b.event_id, b.market,
	       round(sum(b.amount * CASE WHEN bp.above_market THEN bp.best_odds ELSE b.decimal_odds END) / sum(b.amount), 6) AS odds,
	       sum(CASE WHEN bp.above_market AND b.status = 'won' THEN round(b.amount * bp.best_odds, 2) - b.amount
	                ELSE b.profit_loss END) AS profit
	FROM "bets" b
	JOIN "bet_positions" x ON x.user_id = b.user_id AND x.event_id = b.event_id AND x.market = b.market
	 AND x.selection = b.selection AND x.line IS NOT DISTINCT FROM b.line
	LEFT JOIN "bet_prices" bp ON bp.bet_id = b.id
	WHERE b.event_id IS NOT NULL AND b.leg_count IS NULL
	GROUP BY b.user_id, b.event_id, b.market
) c
WHERE p.user_id = c.user_id AND p.event_id = c.event_id AND p.market = c.market;--> statement-breakpoint
ALTER TABLE "bet_positions" ALTER COLUMN "counted_odds" SET NOT NULL;--> statement-breakpoint
DELETE FROM "user_position_days";--> statement-breakpoint
INSERT INTO "user_position_days" ("user_id", "day", "positions", "won", "events", "profit", "staked", "level_profit", "level_profit_sq", "odds_sum")
SELECT p.user_id, (p.starts_at AT TIME ZONE 'UTC')::date, count(*)::int, (count(*) FILTER (WHERE p.status = 'won'))::int,
       count(DISTINCT p.event_id)::int, sum(p.counted_profit), sum(p.stake),
       sum(CASE p.status WHEN 'won' THEN p.counted_odds - 1 ELSE -1 END),
       sum(CASE p.status WHEN 'won' THEN (p.counted_odds - 1) * (p.counted_odds - 1) ELSE 1 END), sum(p.counted_odds)
FROM "bet_positions" p
WHERE p.status IN ('won', 'lost') AND p.counted_odds >= 1.20
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
-- Achievements count graded positions that took a risk (docs/decisions/047): per user, the sums
-- src/shared/achievements.ts reads of their positions won or lost at counted odds of 1.50 or more,
-- and the longest run of such wins in the order of the game. Kept by
-- db/functions/user_achievement_figures_apply.sql whenever a user's positions change.
CREATE TABLE "user_achievement_figures" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
	"positions" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT 0 NOT NULL,
	"longest_win_streak" integer DEFAULT 0 NOT NULL,
	"max_stake" numeric(20, 2) DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "user_achievement_figures" ("user_id", "positions", "won", "profit", "longest_win_streak", "max_stake")
SELECT a.user_id, a.positions, a.won, a.profit, coalesce(s.longest, 0), a.max_stake
FROM (
	SELECT p.user_id, count(*)::int AS positions, (count(*) FILTER (WHERE p.status = 'won'))::int AS won,
	       sum(p.counted_profit) AS profit, max(p.stake) AS max_stake
	FROM "bet_positions" p
	WHERE p.status IN ('won', 'lost') AND p.counted_odds >= 1.50
	GROUP BY p.user_id
) a
LEFT JOIN (
	SELECT user_id, max(n)::int AS longest
	FROM (
		SELECT user_id, count(*) FILTER (WHERE risky_win) AS n
		FROM (
			SELECT p.user_id, p.status = 'won' AND p.counted_odds >= 1.50 AS risky_win,
			       count(*) FILTER (WHERE NOT (p.status = 'won' AND p.counted_odds >= 1.50))
			         OVER (PARTITION BY p.user_id ORDER BY p.starts_at, p.event_id, p.market) AS run
			FROM "bet_positions" p
			WHERE p.status IN ('won', 'lost')
		) x
		GROUP BY user_id, run
	) y
	GROUP BY user_id
) s ON s.user_id = a.user_id;
