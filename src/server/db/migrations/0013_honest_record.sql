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
ALTER TABLE "bets" ADD CONSTRAINT "bets_settled_after_event_start" CHECK ("bets"."settled_at" is null or "bets"."settled_at" >= "bets"."event_date") NOT VALID;--> statement-breakpoint
-- A timestamp as the ledger writes it: ISO 8601 in UTC to the millisecond, as JavaScript's toISOString.
CREATE FUNCTION bet_ledger_iso(ts timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
--> statement-breakpoint
-- Appends one entry to the bet's owner's chain. The entry's body is RFC 8785 (JCS) canonical JSON:
-- keys in code-unit order, no whitespace, integers as integers, strings escaped as JSON.stringify
-- does (to_json(text) escapes exactly ", \, and U+0000-U+001F, the short forms for \b\f\n\r\t).
-- The head row is locked first, so concurrent writers of one user append one after another.
CREATE FUNCTION bet_ledger_append(b bets, p_kind text, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  prev_seq int;
  prev_hash text;
  entry text;
  entry_hash text;
  shown_status text := CASE WHEN p_kind = 'recorded' THEN 'pending' ELSE b.status END;
  shown_profit numeric := CASE WHEN p_kind = 'recorded' THEN NULL ELSE b.profit_loss END;
BEGIN
  SELECT seq, hash INTO prev_seq, prev_hash FROM bet_ledger_heads WHERE user_id = b.user_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO bet_ledger_heads (user_id, seq, hash) VALUES (b.user_id, 0, repeat('0', 64))
    ON CONFLICT (user_id) DO NOTHING;
    SELECT seq, hash INTO prev_seq, prev_hash FROM bet_ledger_heads WHERE user_id = b.user_id FOR UPDATE;
  END IF;
  entry := '{"at":' || to_json(bet_ledger_iso(p_at))::text
    || ',"bet":{"description":' || to_json(b.description)::text
    || ',"eventStart":' || to_json(bet_ledger_iso(b.event_date))::text
    || ',"id":' || to_json(b.id::text)::text
    || ',"odds":' || to_json(b.odds)::text
    || ',"profit":' || coalesce(((shown_profit * 100)::bigint)::text, 'null')
    || ',"sport":' || to_json(b.bet_type)::text
    || ',"stake":' || ((b.amount * 100)::bigint)::text
    || ',"status":' || to_json(shown_status)::text
    || '},"kind":' || to_json(p_kind)::text
    || ',"prevHash":"' || prev_hash
    || '","seq":' || (prev_seq + 1)::text || '}';
  entry_hash := encode(sha256(convert_to(prev_hash || entry, 'UTF8')), 'hex');
  INSERT INTO bet_ledger (user_id, seq, at, kind, bet_id, body, hash)
  VALUES (b.user_id, prev_seq + 1, p_at, p_kind, b.id, entry, entry_hash);
  UPDATE bet_ledger_heads SET seq = prev_seq + 1, hash = entry_hash WHERE user_id = b.user_id;
END;
$$;
--> statement-breakpoint
-- Back-fill: every bet's recording and settlement, per user in the order they happened, for each
-- user who has bets but no chain yet (all of them when this migration runs). A function, so the
-- tests can run the very same code.
CREATE FUNCTION bet_ledger_backfill() RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  appended int := 0;
BEGIN
  FOR r IN
    SELECT b AS bet, k.kind, k.at FROM bets b
    CROSS JOIN LATERAL (VALUES ('recorded', b.created_at, 0), ('settled', b.settled_at, 1)) AS k(kind, at, ord)
    WHERE k.at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM bet_ledger_heads h WHERE h.user_id = b.user_id)
    ORDER BY b.user_id, k.at, k.ord, b.id
  LOOP
    PERFORM bet_ledger_append(r.bet, r.kind, r.at);
    appended := appended + 1;
  END LOOP;
  RETURN appended;
END;
$$;
--> statement-breakpoint
SELECT bet_ledger_backfill();
--> statement-breakpoint
-- The record's changes, appended whatever code writes bets. A bet inserted already settled (the
-- seed's back-dated history) appends its recording, then its settlement. A delete that is part of
-- erasing the account (the cascade from users) appends nothing: the chain goes with the account.
CREATE FUNCTION bets_ledger_append() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bet_ledger_append(NEW, 'recorded', NEW.created_at);
    IF NEW.status <> 'pending' THEN
      PERFORM bet_ledger_append(NEW, 'settled', NEW.settled_at);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF OLD.status = 'pending' AND NEW.status <> 'pending' THEN
      PERFORM bet_ledger_append(NEW, 'settled', NEW.settled_at);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    PERFORM bet_ledger_append(OLD, 'deleted', statement_timestamp());
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_ledger_append AFTER INSERT OR UPDATE OR DELETE ON bets
FOR EACH ROW EXECUTE FUNCTION bets_ledger_append();
--> statement-breakpoint
-- What the record allows, whatever code writes bets (the handlers check first and say why):
-- a settled bet never changes; a pending bet changes only by being settled; a bet is deleted only
-- while pending and before its event starts (the database's clock), except with its account.
-- Violations are check_violation errors naming the rule, which the handlers translate.
CREATE FUNCTION bets_guard_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status <> 'pending' THEN
      RAISE EXCEPTION 'bet % is settled, and a settled bet is final', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_settled_is_final';
    END IF;
    IF (NEW.id, NEW.user_id, NEW.description, NEW.amount, NEW.odds, NEW.decimal_odds, NEW.bet_type,
        NEW.event_date, NEW.potential_win, NEW.created_at)
       IS DISTINCT FROM
       (OLD.id, OLD.user_id, OLD.description, OLD.amount, OLD.odds, OLD.decimal_odds, OLD.bet_type,
        OLD.event_date, OLD.potential_win, OLD.created_at) THEN
      RAISE EXCEPTION 'bet % is pending: it can only be settled, not changed', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_pending_only_settles';
    END IF;
    RETURN NEW;
  END IF;
  IF (OLD.status <> 'pending' OR OLD.event_date <= statement_timestamp())
     AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RAISE EXCEPTION 'bet % is part of the record: its event has started or it is settled', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_delete_before_event_start';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_guard_record BEFORE UPDATE OR DELETE ON bets
FOR EACH ROW EXECUTE FUNCTION bets_guard_record();
--> statement-breakpoint
CREATE FUNCTION refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is part of the record and cannot be truncated', TG_TABLE_NAME
    USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_no_truncate';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bets_no_truncate BEFORE TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
--> statement-breakpoint
CREATE TRIGGER bet_ledger_no_truncate BEFORE TRUNCATE ON bet_ledger
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
--> statement-breakpoint
-- The ledger is append-only: no UPDATE, and no DELETE but the cascade that erases an account.
CREATE FUNCTION bet_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the ledger is append-only'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_ledger_append_only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bet_ledger_append_only BEFORE UPDATE OR DELETE ON bet_ledger
FOR EACH ROW EXECUTE FUNCTION bet_ledger_append_only();
