-- An honest record (docs/LEDGER.md): a bet settles only after its event starts (CHECK), a settled
-- bet is final and a bet is deleted only before its event (triggers), and every change to a
-- user's record appends one entry to their hash-chained ledger in the same transaction.
CREATE TABLE "bet_ledger" (
	"user_id" text NOT NULL,
	"seq" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"bet_id" uuid NOT NULL,
	"body" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "bet_ledger_pkey" PRIMARY KEY("user_id","seq"),
	CONSTRAINT "bet_ledger_seq_positive" CHECK ("bet_ledger"."seq" >= 1),
	CONSTRAINT "bet_ledger_kind" CHECK ("bet_ledger"."kind" in ('recorded', 'settled', 'deleted')),
	CONSTRAINT "bet_ledger_hash_hex" CHECK ("bet_ledger"."hash" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "bet_ledger_heads" (
	"user_id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bet_ledger" ADD CONSTRAINT "bet_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_ledger_heads" ADD CONSTRAINT "bet_ledger_heads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_user_id_pending_event_idx" ON "bets" USING btree ("user_id","event_date") WHERE status = 'pending';--> statement-breakpoint
-- NOT VALID: bets settled before their event while that was still allowed stay as they were (the
-- ledger's back-fill below shows them as they happened); every new settlement is checked.
ALTER TABLE "bets" ADD CONSTRAINT "bets_settled_after_event_start" CHECK ("bets"."settled_at" is null or "bets"."settled_at" >= "bets"."event_date") NOT VALID;