-- Per user and UTC day of the games (a bet's event start, a parlay's last leg's): the won and lost
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
