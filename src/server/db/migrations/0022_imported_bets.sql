-- A bettor's imported history (docs/decisions/009): bets typed in after the fact,
-- from a spreadsheet or another tracker. They live in a table of their own, which no trigger of
-- bets, no summary, no ledger and no community query reads, so by construction nothing public
-- (the profile, the ledger, the Spotlight, the ranking, achievements) can count them. The owner
-- sees them in their own "Imported history" list and, on request, in their dashboard's figures.
CREATE TABLE "imported_bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	-- One id per accepted file: the rows that came in together.
	"import_id" uuid NOT NULL,
	-- sha256 (hex) of the row's normalised fields (src/shared/import-history.ts rowHash): the same
	-- bet imported twice, from one file or two, is the same hash, and the unique key keeps one.
	"row_hash" text NOT NULL,
	"description" text NOT NULL,
	"sport" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	-- The odds as the file wrote them (+150, 2.5, 5/2), and as decimal odds to 6 places.
	"odds" text NOT NULL,
	"decimal_odds" numeric(14, 6) NOT NULL,
	-- When the event took place, as the file says (not checked against anything: it is history).
	"event_date" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"profit_loss" numeric(16, 2),
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "imported_bets_user_row_hash_unique" UNIQUE ("user_id", "row_hash"),
	CONSTRAINT "imported_bets_row_hash_format" CHECK ("row_hash" ~ '^[0-9a-f]{64}$'),
	CONSTRAINT "imported_bets_description_length" CHECK (char_length("description") BETWEEN 1 AND 500),
	CONSTRAINT "imported_bets_sport" CHECK ("sport" IN ('football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other')),
	CONSTRAINT "imported_bets_amount_range" CHECK ("amount" >= 0.01 AND "amount" <= 1000000),
	CONSTRAINT "imported_bets_odds_length" CHECK (char_length("odds") BETWEEN 1 AND 32),
	CONSTRAINT "imported_bets_decimal_odds_range" CHECK ("decimal_odds" > 1 AND "decimal_odds" <= 100000),
	CONSTRAINT "imported_bets_status" CHECK ("status" IN ('pending', 'won', 'lost', 'void')),
	-- The result decides the profit as it does for a recorded bet: a won bet's is its potential
	-- win less the stake (never negative), a lost one's the stake lost, a void one's nothing, and a
	-- pending one has none yet.
	CONSTRAINT "imported_bets_status_profit" CHECK (
		("status" = 'pending' AND "profit_loss" IS NULL)
		OR ("status" = 'won' AND "profit_loss" >= 0)
		OR ("status" = 'lost' AND "profit_loss" = -"amount")
		OR ("status" = 'void' AND "profit_loss" = 0)
	)
);--> statement-breakpoint
-- The owner's imported list, newest event first (keyset on event_date, id).
CREATE INDEX "imported_bets_user_event_idx" ON "imported_bets" USING btree ("user_id", "event_date" DESC, "id" DESC);