-- The transparency log (docs/LOG.md, docs/decisions/024-log-sequencer.md): one append-only Merkle
-- log over every ledger entry of every profile. A ledger row queues itself (log_pending, by the
-- trigger below, in the ledger row's own transaction); the sequencer (src/server/modules/log)
-- takes the queue in order under the lock of log_state's one row, so however many servers share
-- the database there is one sequence and no fork.
CREATE TABLE "log_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	-- The verifier key of the first key that signed a checkpoint: a server with another key
	-- serves the log but does not sign it (two keys would be two logs).
	"verifier_key" text,
	-- Entries that were in the ledger before the log existed: the first `backfilled` leaves,
	-- sealed when the log was created (`created_at`), not when they were recorded.
	"backfilled" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_state_one_row" CHECK ("log_state"."id"),
	CONSTRAINT "log_state_size" CHECK ("log_state"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "log_pending" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"seq" integer NOT NULL,
	-- An account erased before its entries were sequenced takes them with it: they never enter the log.
	CONSTRAINT "log_pending_ledger_fk" FOREIGN KEY ("user_id", "seq") REFERENCES "bet_ledger"("user_id", "seq") ON DELETE cascade
);
--> statement-breakpoint
-- One row per log entry. No foreign key to bet_ledger: the log outlives an erased account's
-- entries (their leaf hashes stay, their text goes with the account).
CREATE TABLE "log_leaves" (
	"index" bigint PRIMARY KEY NOT NULL,
	"leaf_hash" bytea NOT NULL,
	"user_id" text NOT NULL,
	"seq" integer NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_leaves_index" CHECK ("log_leaves"."index" >= 0),
	CONSTRAINT "log_leaves_leaf_hash" CHECK (octet_length("log_leaves"."leaf_hash") = 32),
	CONSTRAINT "log_leaves_entry_once" UNIQUE ("user_id", "seq")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "log_leaves_leaf_hash_idx" ON "log_leaves" USING btree ("leaf_hash");
--> statement-breakpoint
-- The tree's stored hashes (src/shared/log/tlog.ts): each leaf hash and each complete subtree's
-- hash, by stored-hash index, so a root or a proof is O(log n) reads.
CREATE TABLE "log_hashes" (
	"index" bigint PRIMARY KEY NOT NULL,
	"hash" bytea NOT NULL,
	CONSTRAINT "log_hashes_hash" CHECK (octet_length("log_hashes"."hash") = 32)
);
--> statement-breakpoint
CREATE TABLE "log_checkpoints" (
	"size" bigint PRIMARY KEY NOT NULL,
	-- The signed note (C2SP tlog-checkpoint in a signed-note), as served.
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_checkpoints_size" CHECK ("log_checkpoints"."size" >= 1)
);
--> statement-breakpoint
-- The log's rules live with their functions: log_append_only.sql (no UPDATE, DELETE or TRUNCATE
-- of the log's tables; refuse_truncate.sql) and bet_ledger_queue_for_log.sql (each ledger row
-- queues itself) in src/server/db/functions/.
-- The entries already in the ledger, queued once, each chain in order (chains one after another:
-- the order they were committed in is not known).
INSERT INTO log_state (id, backfilled) SELECT true, count(*) FROM bet_ledger;
--> statement-breakpoint
INSERT INTO log_pending (user_id, seq) SELECT user_id, seq FROM bet_ledger ORDER BY user_id, seq;
