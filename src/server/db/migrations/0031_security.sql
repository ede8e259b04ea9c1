-- Admin powers ask how the session signed in, not only what the account has turned on
-- (modules/auth/middleware.ts, adminPowers): a session completed with a second factor (a code
-- from the authenticator app or a recovery code) says so. Better Auth makes every session with
-- false; the two-factor endpoints mark the one they make (modules/auth/hooks.ts).
ALTER TABLE "sessions" ADD COLUMN "second_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A code from the authenticator app is accepted once (RFC 6238 section 5.2): each one accepted is
-- kept (a SHA-256 of the account and the code, never the code) for as long as it could be valid,
-- and a second use within that time is refused (modules/auth/totp-once.ts).
CREATE TABLE "used_totp_codes" (
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "used_totp_codes_pkey" PRIMARY KEY ("user_id", "code_hash"),
	CONSTRAINT "used_totp_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action
);--> statement-breakpoint
-- The version of a user's imported history (imports/queries.ts importedRecordVersion): its newest
-- import, read from this index in one step whatever the number of rows.
CREATE INDEX "imported_bets_user_imported_idx" ON "imported_bets" USING btree ("user_id", "imported_at" DESC, "import_id" DESC);
--> statement-breakpoint
-- A display name holds no bidirectional or invisible characters and no look-alike verified badge
-- (a check mark, the word "verified"): shared/display-name.ts checks the same first and words the
-- refusal. NOT VALID: enforced on every write from now on; names already stored stay as they are.
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_display_name_plain" CHECK (
  display_name !~ '[\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]'
  AND display_name !~ '[\u2611\u2705\u2713\u2714\U0001F5F8\U0001F5F9]'
  AND display_name !~* '\mverified\M'
) NOT VALID;
