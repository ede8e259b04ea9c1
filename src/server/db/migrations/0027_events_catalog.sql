-- The events catalog (docs/decisions/020-events-catalog-and-grading.md): events imported from
-- fixtures and results feeds, the bookmakers' prices they carry, and bets and parlay legs placed
-- on a listed event, which are graded from its result by the database (never by the bettor).
-- Tables, constraints and indexes only; the functions and triggers that grade are in the block at
-- the end (each its own CREATE OR REPLACE, to move to db/functions/ one file each).
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
-- The postponement sweep (decision 021): postponed events by start.
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
--> statement-breakpoint
-- ============================================================================================
-- Functions and triggers (each one CREATE OR REPLACE, ready to live in db/functions/ one file each).
-- ============================================================================================
-- The result of a bet on a listed event from the final score (src/shared/events.ts `grade` is the
-- same rule; events.property.test.ts holds the two and a plain reference to agreeing):
--   moneyline (2-way): the side that scored more wins; a draw is void (the stake comes back).
--   1x2 (3-way): home, draw or away, exactly one wins.
--   spread: `line` is the home side's handicap; home wins when home + line > away, away when
--     home + line < away, and a whole-number line that lands exactly is a push: void.
--   total: over wins when home + away > line, under when below; exactly on the line is void.
-- Null without a score.
CREATE OR REPLACE FUNCTION bet_grade(market text, selection text, line numeric, home_score int, away_score int)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN home_score IS NULL OR away_score IS NULL THEN NULL
    WHEN market IN ('moneyline', '1x2') AND home_score = away_score THEN
      CASE WHEN market = 'moneyline' THEN 'void' WHEN selection = 'draw' THEN 'won' ELSE 'lost' END
    WHEN market IN ('moneyline', '1x2') THEN
      CASE WHEN selection = CASE WHEN home_score > away_score THEN 'home' ELSE 'away' END THEN 'won' ELSE 'lost' END
    WHEN market = 'spread' THEN
      CASE sign((home_score + line - away_score) * CASE WHEN selection = 'home' THEN 1 ELSE -1 END)
        WHEN 1 THEN 'won' WHEN -1 THEN 'lost' ELSE 'void' END
    WHEN market = 'total' THEN
      CASE sign((home_score + away_score - line) * CASE WHEN selection = 'over' THEN 1 ELSE -1 END)
        WHEN 1 THEN 'won' WHEN -1 THEN 'lost' ELSE 'void' END
  END
$$;
--> statement-breakpoint
-- The time a grading settles at: the server's clock as the transaction set it
-- (set_config('betproof.grading_at', …, true): the import and the admin's correction read the
-- request's clock), else the database's.
CREATE OR REPLACE FUNCTION grading_clock() RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('betproof.grading_at', true), '')::timestamptz, statement_timestamp())
$$;
--> statement-breakpoint
-- An event's result is final: once final, its status, score and start never change (its bets were
-- settled from them, in the ledger). Becoming final or cancelled stamps graded_at.
CREATE OR REPLACE FUNCTION events_guard_result() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'final'
     AND (NEW.status, NEW.home_score, NEW.away_score, NEW.starts_at)
         IS DISTINCT FROM (OLD.status, OLD.home_score, OLD.away_score, OLD.starts_at) THEN
    RAISE EXCEPTION 'event % is final: its bets were graded from its result, which cannot change', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'events_result_is_final';
  END IF;
  IF NEW.status IN ('final', 'cancelled') AND (TG_OP = 'INSERT' OR OLD.status <> NEW.status) THEN
    NEW.graded_at := grading_clock();
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_guard_result ON events;--> statement-breakpoint
CREATE TRIGGER events_guard_result BEFORE INSERT OR UPDATE ON events
FOR EACH ROW EXECUTE FUNCTION events_guard_result();
--> statement-breakpoint
-- The grading: when an event becomes final, every pending bet and parlay leg on it is settled from
-- its score, in this statement's transaction (the ledger's and the summaries' triggers follow as
-- for any settlement); when it becomes cancelled, they are void. A leg of a parlay already settled
-- (lost by another leg) stays as it is. A postponed event changes nothing (decision 021).
CREATE OR REPLACE FUNCTION events_grade() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := grading_clock();
  fixed text := CASE WHEN NEW.status = 'cancelled' THEN 'void' END;
BEGIN
  IF NOT (NEW.status IN ('final', 'cancelled') AND (TG_OP = 'INSERT' OR OLD.status <> NEW.status)) THEN
    RETURN NULL;
  END IF;
  UPDATE bets b
  SET status = g.result,
      profit_loss = CASE g.result WHEN 'won' THEN b.potential_win - b.amount WHEN 'lost' THEN -b.amount ELSE 0 END,
      settled_at = greatest(at, b.event_date)
  FROM (
    SELECT id, coalesce(fixed, bet_grade(market, selection, line, NEW.home_score, NEW.away_score)) AS result
    FROM bets WHERE event_id = NEW.id AND status = 'pending'
  ) g
  WHERE b.id = g.id;
  UPDATE bet_legs l
  SET status = coalesce(fixed, bet_grade(l.market, l.selection, l.line, NEW.home_score, NEW.away_score)),
      settled_at = greatest(at, l.event_date)
  WHERE l.event_id = NEW.id AND l.status = 'pending'
    AND EXISTS (SELECT 1 FROM bets p WHERE p.id = l.bet_id AND p.status = 'pending');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_grade ON events;--> statement-breakpoint
CREATE TRIGGER events_grade AFTER INSERT OR UPDATE OF status ON events
FOR EACH ROW EXECUTE FUNCTION events_grade();
--> statement-breakpoint
-- Postponed for good (decision 021): an event still postponed 72 hours after its latest known start
-- counts as cancelled, so its bets are void (events_grade). Run by every import and correction.
CREATE OR REPLACE FUNCTION events_cancel_postponed(at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  UPDATE events SET status = 'cancelled', updated_at = at
  WHERE status = 'postponed' AND starts_at <= at - interval '72 hours';
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END;
$$;
--> statement-breakpoint
-- A bet or leg on a listed event takes the event's start and sport, and only while the event is
-- scheduled with a start (not live, final, postponed or cancelled).
CREATE OR REPLACE FUNCTION bets_match_event() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  e events;
BEGIN
  IF NEW.event_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT * INTO e FROM events WHERE id = NEW.event_id;
  IF e.status IS DISTINCT FROM 'scheduled' OR e.starts_at IS NULL THEN
    RAISE EXCEPTION 'event % is not open for bets (it is %)', NEW.event_id, coalesce(e.status, 'unknown')
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_open';
  END IF;
  -- One statement per table: PL/pgSQL plans each when it first runs, and each names its table's column.
  IF TG_TABLE_NAME = 'bets' THEN
    IF NEW.event_date = e.starts_at AND NEW.bet_type = e.sport THEN
      RETURN NEW;
    END IF;
  ELSIF NEW.event_date = e.starts_at AND NEW.sport = e.sport THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'a bet on event % takes its start and sport', NEW.event_id
    USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_start_and_sport';
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bets_match_event ON bets;--> statement-breakpoint
CREATE TRIGGER bets_match_event BEFORE INSERT ON bets FOR EACH ROW EXECUTE FUNCTION bets_match_event();
--> statement-breakpoint
DROP TRIGGER IF EXISTS bet_legs_match_event ON bet_legs;--> statement-breakpoint
CREATE TRIGGER bet_legs_match_event BEFORE INSERT ON bet_legs FOR EACH ROW EXECUTE FUNCTION bets_match_event();
--> statement-breakpoint
-- A graded bet or leg is settled by its event's result only (events_grade, a trigger one level
-- down), never by a direct write, and deleted only while its event is scheduled and not started
-- (besides bets_guard_record's rule). What makes it graded never changes.
CREATE OR REPLACE FUNCTION bets_guard_graded() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.event_id, NEW.market, NEW.selection, NEW.line) IS DISTINCT FROM (OLD.event_id, OLD.market, OLD.selection, OLD.line) THEN
      RAISE EXCEPTION 'bet % keeps its event, market, selection and line', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_is_fixed';
    END IF;
    IF TG_TABLE_NAME = 'bets' THEN
      IF NEW.graded IS DISTINCT FROM OLD.graded THEN
        RAISE EXCEPTION 'bet % keeps its kind (graded or self-reported)', OLD.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_event_is_fixed';
      END IF;
    END IF;
    IF OLD.event_id IS NOT NULL AND NEW.status <> OLD.status AND pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'bet % is graded from its event''s result, not settled by hand', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_graded_from_result';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.event_id IS NOT NULL AND TG_TABLE_NAME = 'bets'
     AND EXISTS (SELECT 1 FROM events e WHERE e.id = OLD.event_id
                 AND (e.status <> 'scheduled' OR e.starts_at <= statement_timestamp()))
     AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RAISE EXCEPTION 'bet % is graded from its event''s result, and its event has started', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_graded_from_result';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bets_guard_graded ON bets;--> statement-breakpoint
CREATE TRIGGER bets_guard_graded BEFORE UPDATE OR DELETE ON bets FOR EACH ROW EXECUTE FUNCTION bets_guard_graded();
--> statement-breakpoint
DROP TRIGGER IF EXISTS bet_legs_guard_graded ON bet_legs;--> statement-breakpoint
CREATE TRIGGER bet_legs_guard_graded BEFORE UPDATE ON bet_legs FOR EACH ROW EXECUTE FUNCTION bets_guard_graded();
--> statement-breakpoint
-- A parlay is graded exactly when every one of its legs is on a listed event (checked once its
-- legs are in, as bet_legs_recorded checks its odds).
CREATE OR REPLACE FUNCTION bet_legs_graded() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM bets b
    WHERE b.id IN (SELECT DISTINCT bet_id FROM new_rows)
      AND (SELECT count(*) FROM bet_legs l WHERE l.bet_id = b.id) = b.leg_count
      AND b.graded <> (SELECT bool_and(l.event_id IS NOT NULL) FROM bet_legs l WHERE l.bet_id = b.id)
  ) THEN
    RAISE EXCEPTION 'a parlay is graded exactly when every leg is on a listed event'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_graded_legs';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bet_legs_graded ON bet_legs;--> statement-breakpoint
CREATE TRIGGER bet_legs_graded AFTER INSERT ON bet_legs
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bet_legs_graded();
--> statement-breakpoint
-- user_bet_kinds: each user's graded and self-reported bets, one upsert per statement.
CREATE OR REPLACE FUNCTION user_bet_kinds_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_bet_kinds AS k (user_id, graded, self_reported)
    SELECT user_id, (count(*) FILTER (WHERE graded))::int, (count(*) FILTER (WHERE NOT graded))::int
    FROM new_rows GROUP BY user_id ORDER BY user_id
    ON CONFLICT (user_id) DO UPDATE SET graded = k.graded + excluded.graded,
                                        self_reported = k.self_reported + excluded.self_reported;
  ELSE
    -- Only rows that exist: an account's erasure may have removed its row already.
    UPDATE user_bet_kinds k SET graded = k.graded - d.graded, self_reported = k.self_reported - d.self_reported
    FROM (SELECT user_id, (count(*) FILTER (WHERE graded))::int AS graded,
                 (count(*) FILTER (WHERE NOT graded))::int AS self_reported
          FROM old_rows GROUP BY user_id) d
    WHERE k.user_id = d.user_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_bet_kinds_insert ON bets;--> statement-breakpoint
CREATE TRIGGER user_bet_kinds_insert AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_kinds_count();
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_bet_kinds_delete ON bets;--> statement-breakpoint
CREATE TRIGGER user_bet_kinds_delete AFTER DELETE ON bets REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_kinds_count();
--> statement-breakpoint
-- A graded bet's or leg's event in the ledger (RFC 8785 key order), or '' for a self-reported one,
-- whose entries are as they always were (docs/LEDGER.md).
CREATE OR REPLACE FUNCTION bet_ledger_event_json(event_id uuid, market text, selection text, line numeric) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN event_id IS NULL THEN '' ELSE
    ',"event":{"id":' || to_json(event_id::text)::text
    || CASE WHEN line IS NULL THEN '' ELSE ',"line":' || trim_scale(line)::text END
    || ',"market":' || to_json(market)::text
    || ',"selection":' || to_json(selection)::text || '}'
  END
$$;
--> statement-breakpoint
-- 0021's leg, with its event when graded.
CREATE OR REPLACE FUNCTION bet_ledger_leg_json(l bet_legs, shown_status text DEFAULT NULL) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '{"description":' || to_json(l.description)::text
    || bet_ledger_event_json(l.event_id, l.market, l.selection, l.line)
    || ',"eventStart":' || to_json(bet_ledger_iso(l.event_date))::text
    || ',"id":' || to_json(l.id::text)::text
    || ',"odds":' || to_json(l.odds)::text
    || ',"sport":' || to_json(l.sport)::text
    || ',"status":' || to_json(coalesce(shown_status, l.status))::text || '}'
$$;
--> statement-breakpoint
-- 0021's append, with a graded bet's event after its description ("description" < "event" <
-- "eventStart" in code-unit order). A self-reported bet's entry is byte for byte what it was.
CREATE OR REPLACE FUNCTION bet_ledger_append(b bets, p_kind text, p_at timestamptz, p_leg bet_legs DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  prev_seq int;
  prev_hash text;
  entry text;
  entry_hash text;
  shown_status text := CASE WHEN p_kind = 'recorded' THEN 'pending' ELSE b.status END;
  shown_profit numeric := CASE WHEN p_kind = 'recorded' THEN NULL ELSE b.profit_loss END;
  legs text := '';
BEGIN
  IF b.leg_count IS NOT NULL AND p_kind <> 'deleted' THEN
    SELECT ',"legs":[' || string_agg(bet_ledger_leg_json(l, CASE WHEN p_kind = 'recorded' THEN 'pending' END), ','
                                     ORDER BY l.position) || ']'
    INTO legs FROM bet_legs l WHERE l.bet_id = b.id;
  END IF;
  SELECT seq, hash INTO prev_seq, prev_hash FROM bet_ledger_heads WHERE user_id = b.user_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO bet_ledger_heads (user_id, seq, hash) VALUES (b.user_id, 0, repeat('0', 64))
    ON CONFLICT (user_id) DO NOTHING;
    SELECT seq, hash INTO prev_seq, prev_hash FROM bet_ledger_heads WHERE user_id = b.user_id FOR UPDATE;
  END IF;
  entry := '{"at":' || to_json(bet_ledger_iso(p_at))::text
    || ',"bet":{"description":' || to_json(b.description)::text
    || bet_ledger_event_json(b.event_id, b.market, b.selection, b.line)
    || ',"eventStart":' || to_json(bet_ledger_iso(b.event_date))::text
    || ',"id":' || to_json(b.id::text)::text
    || coalesce(legs, '')
    || ',"odds":' || to_json(b.odds)::text
    || ',"profit":' || coalesce(((shown_profit * 100)::bigint)::text, 'null')
    || ',"sport":' || to_json(b.bet_type)::text
    || ',"stake":' || ((b.amount * 100)::bigint)::text
    || ',"status":' || to_json(shown_status)::text
    || '},"kind":' || to_json(p_kind)::text
    || CASE WHEN p_leg IS NULL THEN '' ELSE ',"leg":' || bet_ledger_leg_json(p_leg) END
    || ',"prevHash":"' || prev_hash
    || '","seq":' || (prev_seq + 1)::text || '}';
  entry_hash := encode(sha256(convert_to(prev_hash || entry, 'UTF8')), 'hex');
  INSERT INTO bet_ledger (user_id, seq, at, kind, bet_id, body, hash)
  VALUES (b.user_id, prev_seq + 1, p_at, p_kind, b.id, entry, entry_hash);
  UPDATE bet_ledger_heads SET seq = prev_seq + 1, hash = entry_hash WHERE user_id = b.user_id;
END;
$$;
