-- What others say about the log's checkpoints (docs/LOG.md, decisions 042 and 043): RFC 3161
-- time-stamp tokens from Time-Stamp Authorities, and witnesses' cosignatures. Both are written
-- after the checkpoint, by the server that signed it, never in the sequencer's transaction.
CREATE TABLE "log_timestamps" (
	"size" bigint NOT NULL,
	-- The URL the token was asked of (TIMESTAMP_AUTHORITIES), and the name in its certificate.
	"authority" text NOT NULL,
	"tsa_name" text NOT NULL,
	-- The time the authority says it stamped (the token's genTime).
	"gen_time" timestamp with time zone NOT NULL,
	-- The token as the authority sent it: CMS SignedData (DER) over a TSTInfo whose message
	-- imprint is the SHA-256 of the checkpoint's signed text.
	"token" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_timestamps_pkey" PRIMARY KEY ("size", "authority"),
	CONSTRAINT "log_timestamps_checkpoint_fk" FOREIGN KEY ("size") REFERENCES "log_checkpoints"("size"),
	CONSTRAINT "log_timestamps_token" CHECK (octet_length("log_timestamps"."token") > 0)
);
--> statement-breakpoint
CREATE TABLE "log_cosignatures" (
	"size" bigint NOT NULL,
	-- The witness's name (its verifier key's name), and its cosignature/v1 line as served.
	"witness" text NOT NULL,
	"line" text NOT NULL,
	-- The time in the cosignature (the witness's clock).
	"cosigned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "log_cosignatures_pkey" PRIMARY KEY ("size", "witness"),
	CONSTRAINT "log_cosignatures_checkpoint_fk" FOREIGN KEY ("size") REFERENCES "log_checkpoints"("size"),
	CONSTRAINT "log_cosignatures_line" CHECK (left("log_cosignatures"."line", 2) = '— ')
);
--> statement-breakpoint
-- The size each witness last cosigned: the "old size" of the next add-checkpoint request. Moves
-- forward only (a witness answering 409 says its size; the log takes it if larger).
CREATE TABLE "log_witness_sizes" (
	"witness" text PRIMARY KEY NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "log_witness_sizes_size" CHECK ("log_witness_sizes"."size" >= 0)
);
