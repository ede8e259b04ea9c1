-- Prices that could be had, the closing line, and what was taken back (docs/decisions/040 and 041).
-- Tables, constraints and data only; the functions that keep them are db/functions/bet_prices_apply,
-- user_market_figures_apply and user_bet_kinds_count (deletions), the delete window is in
-- bets_guard_record.
--
-- Decimal odds below 1.01 are refused by functions/odds_at_least_minimum.sql, a trigger on insert
-- and on a change of the odds, not a CHECK: a check also holds on every other update, so a bet
-- recorded before the rule at 1.005 could never be settled or graded.
-- Deleted bets, counted as the graded and self-reported ones are: every public row shows them.
ALTER TABLE "user_bet_kinds" ADD COLUMN "deleted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
INSERT INTO "user_bet_kinds" AS k ("user_id", "deleted")
SELECT l."user_id", count(*)::int FROM "bet_ledger" l JOIN "users" u ON u."id" = l."user_id"
WHERE l."kind" = 'deleted' GROUP BY l."user_id"
ON CONFLICT ("user_id") DO UPDATE SET "deleted" = excluded."deleted";--> statement-breakpoint
-- A graded bet's prices as the feeds gave them: the best price any bookmaker offered for its
-- selection (pre-match or closing), and the fair closing odds (the closing prices with the margin
-- removed proportionally: Pinnacle's, else the market average). One row per graded single bet on
-- an event with prices; kept by bet_prices_apply when the bet is recorded and when prices arrive
-- (a settled bet's row still changes: the close is known only after the start).
CREATE TABLE "bet_prices" (
	"bet_id" uuid PRIMARY KEY NOT NULL REFERENCES "bets" ("id") ON DELETE CASCADE,
	"user_id" text NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
	"best_odds" numeric(14, 6),
	"fair_close" numeric(14, 6),
	-- The bet's odds exceed the best price seen by more than 5%: it counts at best_odds in public figures.
	"above_market" boolean DEFAULT false NOT NULL,
	-- Closing-line value: odds taken / fair closing odds - 1 (null without a full closing market).
	"clv" numeric(12, 6),
	CONSTRAINT "bet_prices_above_market" CHECK (NOT "above_market" OR "best_odds" IS NOT NULL),
	CONSTRAINT "bet_prices_clv" CHECK (("clv" IS NULL) = ("fair_close" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "bet_prices_user_idx" ON "bet_prices" USING btree ("user_id");--> statement-breakpoint
-- Every bet on an event, settled or not: arriving prices find the bets they price.
CREATE INDEX "bets_event_idx" ON "bets" USING btree ("event_id") WHERE "event_id" IS NOT NULL;--> statement-breakpoint
-- Per user, what bet_prices sums to (one row read by a profile): bets above the market and how
-- much less they count for (the sums of user_bet_stats they reduce, in the same units), and the
-- closing-line value of the bets with a close (void bets aside).
CREATE TABLE "user_market_figures" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
	"above_market" integer DEFAULT 0 NOT NULL,
	"profit_excess" numeric(20, 2) DEFAULT 0 NOT NULL,
	"odds_excess" numeric DEFAULT 0 NOT NULL,
	"level_profit_excess" numeric DEFAULT 0 NOT NULL,
	"level_profit_sq_excess" numeric DEFAULT 0 NOT NULL,
	"profit_sq_excess" numeric DEFAULT 0 NOT NULL,
	"profit_stake_excess" numeric DEFAULT 0 NOT NULL,
	"break_even_var_excess" numeric DEFAULT 0 NOT NULL,
	"closes" integer DEFAULT 0 NOT NULL,
	"beat_close" integer DEFAULT 0 NOT NULL,
	"clv_sum" numeric DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A profile's "Deleted before the start" list: its deleted entries, newest first, without reading
-- the rest of its ledger.
CREATE INDEX "bet_ledger_deleted_idx" ON "bet_ledger" USING btree ("user_id", "seq" DESC) WHERE "kind" = 'deleted';
