-- user_game_days: per user and UTC day of the games (a bet's event start, a parlay's last leg's): the won and lost
-- bets and their profit, so the profile's profit line follows the order of the games at any length
-- of record, read from one row per day with games rather than from the bets
-- (db/functions/user_game_days_apply.sql keeps it; user_bet_days stays per day of settlement for
-- the well-being budget and statements).
CREATE TABLE "user_game_days" (
	"user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"settled" integer DEFAULT 0 NOT NULL,
	"profit" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "user_game_days_pkey" PRIMARY KEY ("user_id", "day")
);
--> statement-breakpoint
INSERT INTO "user_game_days" ("user_id", "day", "settled", "profit")
SELECT "user_id", (coalesce("last_event_date", "event_date") AT TIME ZONE 'UTC')::date, count(*)::int, sum("profit_loss")
FROM "bets" WHERE "status" IN ('won', 'lost')
GROUP BY 1, 2;
--> statement-breakpoint
-- Closing-line value counts per position since this version (db/functions/user_market_figures_apply.sql):
-- the kept figures restated once, as that function now sums them.
UPDATE "user_market_figures" f SET "closes" = c.closes, "beat_close" = c.beat_close, "clv_sum" = c.clv_sum
FROM (
	SELECT q.user_id, count(*)::int AS closes, (count(*) FILTER (WHERE q.clv > 0))::int AS beat_close, sum(q.clv) AS clv_sum
	FROM (
		SELECT p.user_id, round(round(sum(b.amount * b.decimal_odds) / sum(b.amount), 6) / min(p.fair_close) - 1, 6) AS clv
		FROM "bet_prices" p JOIN "bets" b ON b.id = p.bet_id
		WHERE p.fair_close IS NOT NULL AND b.status <> 'void'
		GROUP BY p.user_id, b.event_id, b.market, b.selection, b.line
	) q
	GROUP BY q.user_id
) c
WHERE f.user_id = c.user_id;
