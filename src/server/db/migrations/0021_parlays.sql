-- Parlays (docs/decisions/008-parlays.md). A parlay is one `bets` row — its stake, its
-- combined decimal odds (the product of its legs'), its event_date the earliest leg's start (so
-- the 6-hour CHECK covers the earliest leg) — so every summary, streak, Spotlight and achievement
-- counts it once through the triggers that exist. Its legs are rows of `bet_legs`; each is settled
-- on its own, and the legs' trigger settles the parlay in the same transaction. The rules are the
-- database's, whatever code writes: 2-15 legs (a deferred check at commit), each leg's event at
-- least 6 hours after the recording, a leg settled only after its event started and final once
-- settled, the parlay settled only by its legs.
ALTER TABLE "bets" ADD COLUMN "leg_count" smallint;--> statement-breakpoint
-- The last leg's start: a parlay is overdue 72 hours after it (the earliest leg's start is too
-- soon: a parlay spanning a week cannot be settled before its last game).
ALTER TABLE "bets" ADD COLUMN "last_event_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_leg_count_range" CHECK ("bets"."leg_count" is null or "bets"."leg_count" between 2 and 15);--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_parlay_shape" CHECK (("bets"."leg_count" is null and "bets"."last_event_date" is null and "bets"."bet_type" <> 'parlay') or ("bets"."leg_count" is not null and "bets"."last_event_date" >= "bets"."event_date" and "bets"."bet_type" = 'parlay'));--> statement-breakpoint
CREATE TABLE "bet_legs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bet_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"description" text NOT NULL,
	"sport" text NOT NULL,
	"odds" text NOT NULL,
	"decimal_odds" numeric(14, 6) NOT NULL,
	"odds_num" numeric NOT NULL,
	"odds_den" numeric NOT NULL,
	"event_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "bet_legs_bet_id_position_unique" UNIQUE("bet_id","position"),
	CONSTRAINT "bet_legs_position_range" CHECK ("bet_legs"."position" between 1 and 15),
	CONSTRAINT "bet_legs_description_length" CHECK (char_length("bet_legs"."description") between 1 and 500),
	CONSTRAINT "bet_legs_status" CHECK ("bet_legs"."status" in ('pending', 'won', 'lost', 'void')),
	-- The exact odds (a fraction) the settlement multiplies, and the stored decimal odds rounded
	-- half up from them to 6 places, with integer arithmetic (no division is rounded early).
	CONSTRAINT "bet_legs_odds_exact" CHECK ("bet_legs"."odds_den" >= 1 and "bet_legs"."odds_num" > "bet_legs"."odds_den"
		and "bet_legs"."odds_num" = trunc("bet_legs"."odds_num") and "bet_legs"."odds_den" = trunc("bet_legs"."odds_den")
		and "bet_legs"."decimal_odds" = div(2 * "bet_legs"."odds_num" * 1000000 + "bet_legs"."odds_den", 2 * "bet_legs"."odds_den") / 1000000),
	CONSTRAINT "bet_legs_settled_after_event_start" CHECK ("bet_legs"."settled_at" is null or "bet_legs"."settled_at" >= "bet_legs"."event_date"),
	CONSTRAINT "bet_legs_settlement_consistent" CHECK (("bet_legs"."status" = 'pending') = ("bet_legs"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_ledger" DROP CONSTRAINT "bet_ledger_kind";--> statement-breakpoint
ALTER TABLE "bet_ledger" ADD CONSTRAINT "bet_ledger_kind" CHECK ("bet_ledger"."kind" in ('recorded', 'settled', 'deleted', 'leg-settled'));