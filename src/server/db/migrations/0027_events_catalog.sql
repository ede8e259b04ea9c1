-- The events catalog (docs/decisions/022-events-catalog-and-grading.md): events imported from
-- fixtures and results feeds, the bookmakers' prices they carry, and bets and parlay legs placed
-- on a listed event, which are graded from its result by the database (never by the bettor).
-- Tables, constraints, indexes and data only; the functions and triggers that grade, guard and
-- count are in db/functions/ (bet_grade, events_grade, events_guard_result, events_cancel_postponed,
-- bets_match_event, bets_guard_graded, bet_legs_graded, user_bet_kinds_count, bet_ledger_event_json).
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	-- Where it came from: a feed format (modules/events/feeds/types.ts FEED_FORMATS) or 'sample'
	-- (the demo and seed catalog), and the feed's own id for it. One event per pair, however many
	-- files repeat or update it.
	"source_feed" text NOT NULL,
	"source_id" text NOT NULL,
	"sport" text NOT NULL,
	"competition" text NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	-- In UTC; null while the feed gives a date without a usable time (nobody can bet on it then).
	"starts_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	-- The final (full-time) score: present exactly when the event is final.
	"home_score" integer,
	"away_score" integer,
	-- When the result was applied to the bets (the grading's clock), null until then.
	"graded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_source_unique" UNIQUE ("source_feed", "source_id"),
	CONSTRAINT "events_source_feed" CHECK ("source_feed" IN ('football-json', 'football-data', 'the-odds-api', 'sample')),
	CONSTRAINT "events_source_id_length" CHECK (char_length("source_id") BETWEEN 1 AND 300),
	CONSTRAINT "events_sport" CHECK ("sport" IN ('football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other')),
	CONSTRAINT "events_competition_length" CHECK (char_length("competition") BETWEEN 1 AND 200),
	CONSTRAINT "events_participants" CHECK (char_length("home") BETWEEN 1 AND 200 AND char_length("away") BETWEEN 1 AND 200 AND "home" <> "away"),
	CONSTRAINT "events_status" CHECK ("status" IN ('scheduled', 'live', 'final', 'postponed', 'cancelled')),
	CONSTRAINT "events_score_when_final" CHECK (("status" = 'final') = ("home_score" IS NOT NULL AND "away_score" IS NOT NULL) AND ("home_score" IS NULL) = ("away_score" IS NULL)),
	CONSTRAINT "events_score_range" CHECK ("home_score" BETWEEN 0 AND 10000 AND "away_score" BETWEEN 0 AND 10000),
	CONSTRAINT "events_final_has_start" CHECK ("status" <> 'final' OR "starts_at" IS NOT NULL)
);
--> statement-breakpoint
-- GET /api/events: upcoming scheduled events in start order.
CREATE INDEX "events_upcoming_idx" ON "events" USING btree ("starts_at", "id") WHERE "status" = 'scheduled';
--> statement-breakpoint
-- The postponement sweep (decision 023): postponed events by start.
CREATE INDEX "events_postponed_idx" ON "events" USING btree ("starts_at") WHERE "status" = 'postponed';
--> statement-breakpoint
-- A bookmaker's decimal price for one selection of an event, before it ('pre') or at its close
-- ('closing'), as the feed published it. One row per bookmaker, kind, market, selection and line.
CREATE TABLE "event_prices" (
	"event_id" uuid NOT NULL REFERENCES "events" ("id") ON DELETE CASCADE,
	"bookmaker" text NOT NULL,
	"kind" text NOT NULL,
	"market" text NOT NULL,
	"selection" text NOT NULL,
	"line" numeric(6, 1),
	"odds" numeric(14, 6) NOT NULL,
	CONSTRAINT "event_prices_unique" UNIQUE NULLS NOT DISTINCT ("event_id", "bookmaker", "kind", "market", "selection", "line"),
	CONSTRAINT "event_prices_bookmaker_length" CHECK (char_length("bookmaker") BETWEEN 1 AND 40),
	CONSTRAINT "event_prices_kind" CHECK ("kind" IN ('pre', 'closing')),
	CONSTRAINT "event_prices_selection" CHECK (
		("market" = 'moneyline' AND "selection" IN ('home', 'away') AND "line" IS NULL)
		OR ("market" = '1x2' AND "selection" IN ('home', 'draw', 'away') AND "line" IS NULL)
		OR ("market" = 'spread' AND "selection" IN ('home', 'away') AND "line" IS NOT NULL)
		OR ("market" = 'total' AND "selection" IN ('over', 'under') AND "line" >= 0)),
	CONSTRAINT "event_prices_half_line" CHECK ("line" IS NULL OR "line" * 2 = trunc("line" * 2)),
	CONSTRAINT "event_prices_odds" CHECK ("odds" > 1 AND "odds" <= 100000)
);
--> statement-breakpoint
-- A bet on a listed event: the event, the market, the selection and (spread, total) the line. A
-- bet without an event is self-reported; a parlay's bets row has none (its legs may). The same
-- rule for markets and selections as the prices'.
ALTER TABLE "bets" ADD COLUMN "event_id" uuid REFERENCES "events" ("id");--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "selection" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "line" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_event_selection" CHECK (
	("event_id" IS NULL AND "market" IS NULL AND "selection" IS NULL AND "line" IS NULL)
	OR ("event_id" IS NOT NULL AND "leg_count" IS NULL AND (
		("market" = 'moneyline' AND "selection" IN ('home', 'away') AND "line" IS NULL)
		OR ("market" = '1x2' AND "selection" IN ('home', 'draw', 'away') AND "line" IS NULL)
		OR ("market" = 'spread' AND "selection" IN ('home', 'away') AND "line" IS NOT NULL)
		OR ("market" = 'total' AND "selection" IN ('over', 'under') AND "line" >= 0))));--> statement-breakpoint
-- Graded: a single bet on a listed event, or a parlay whose every leg is on one (bet_legs_graded
-- checks a parlay's at its recording); self-reported otherwise. Never changes.
ALTER TABLE "bets" ADD COLUMN "graded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_graded_single" CHECK ("leg_count" IS NOT NULL OR "graded" = ("event_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_half_line" CHECK ("line" IS NULL OR "line" * 2 = trunc("line" * 2));--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "event_id" uuid REFERENCES "events" ("id");--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "market" text;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "selection" text;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "line" numeric(6, 1);--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_event_selection" CHECK (
	("event_id" IS NULL AND "market" IS NULL AND "selection" IS NULL AND "line" IS NULL)
	OR ("event_id" IS NOT NULL AND (
		("market" = 'moneyline' AND "selection" IN ('home', 'away') AND "line" IS NULL)
		OR ("market" = '1x2' AND "selection" IN ('home', 'draw', 'away') AND "line" IS NULL)
		OR ("market" = 'spread' AND "selection" IN ('home', 'away') AND "line" IS NOT NULL)
		OR ("market" = 'total' AND "selection" IN ('over', 'under') AND "line" >= 0))));--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_half_line" CHECK ("line" IS NULL OR "line" * 2 = trunc("line" * 2));--> statement-breakpoint
-- A parlay's legs are on different events: one result could otherwise settle two legs of one
-- parlay in one statement, and a parlay of one pick twice is no parlay.
CREATE UNIQUE INDEX "bet_legs_one_per_event" ON "bet_legs" USING btree ("bet_id", "event_id") WHERE "event_id" IS NOT NULL;--> statement-breakpoint
-- The grading's reads: an event's pending bets and legs.
CREATE INDEX "bets_event_pending_idx" ON "bets" USING btree ("event_id") WHERE "event_id" IS NOT NULL AND "status" = 'pending';--> statement-breakpoint
CREATE INDEX "bet_legs_event_pending_idx" ON "bet_legs" USING btree ("event_id") WHERE "event_id" IS NOT NULL AND "status" = 'pending';--> statement-breakpoint
-- How many of each user's bets are graded and how many self-reported (a bet's kind never changes),
-- kept by a statement trigger on bets so a profile reads one row.
CREATE TABLE "user_bet_kinds" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
	"graded" integer DEFAULT 0 NOT NULL,
	"self_reported" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "user_bet_kinds" ("user_id", "self_reported") SELECT "user_id", count(*)::int FROM "bets" GROUP BY "user_id";
