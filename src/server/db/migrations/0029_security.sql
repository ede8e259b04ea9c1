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
-- Turning two-factor sign-in on ends every session the account had: a session signed in with the
-- password alone (perhaps by someone who learnt it) does not outlive the owner's switch. The
-- two-factor plugin sets the flag, then makes the session that confirmed it anew (which stays).
CREATE FUNCTION users_two_factor_on_ends_sessions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sessions WHERE user_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_two_factor_on_ends_sessions AFTER UPDATE OF two_factor_enabled ON users
FOR EACH ROW WHEN (NEW.two_factor_enabled AND NOT OLD.two_factor_enabled)
EXECUTE FUNCTION users_two_factor_on_ends_sessions();
--> statement-breakpoint
-- An account holds at most 50,000 imported bets (IMPORTED_BETS_MAX in shared/import-history.ts;
-- docs/SECURITY.md). The import checks first and answers 422 in its words; this holds it whatever
-- writes the rows, imports racing on two servers included: each inserting statement takes the
-- account's lock, then counts what is committed (a fresh snapshot per statement in plpgsql).
CREATE FUNCTION imported_bets_total_cap() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  FOR account IN SELECT DISTINCT user_id FROM inserted LOOP
    PERFORM pg_advisory_xact_lock(hashtext('imported_bets_total_cap'), hashtext(account));
    IF (SELECT count(*) FROM imported_bets WHERE user_id = account) > 50000 THEN
      RAISE EXCEPTION 'An account may hold at most 50,000 imported bets'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'imported_bets_total_cap';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER imported_bets_total_cap AFTER INSERT ON imported_bets
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION imported_bets_total_cap();
--> statement-breakpoint
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
--> statement-breakpoint
-- A username given up stays its owner's for 30 days (modules/profiles/og.ts redirects it to them
-- for as long): no other profile may take it meanwhile, whatever writes it. The owner may take it
-- back. The API answers the refusal as a taken name (profiles/queries.ts).
CREATE FUNCTION profiles_username_not_recently_released() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM username_history h
    WHERE h.old_username = NEW.username AND h.user_id <> NEW.user_id
      AND h.renamed_at > now() - interval '30 days'
  ) THEN
    RAISE EXCEPTION 'The username % was given up less than 30 days ago', NEW.username
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'profiles_username_recently_released';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER profiles_username_not_recently_released BEFORE INSERT OR UPDATE OF username ON profiles
FOR EACH ROW EXECUTE FUNCTION profiles_username_not_recently_released();
