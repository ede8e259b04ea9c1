-- Issue 20: parlays (docs/decisions/008-parlays.md). A parlay is one `bets` row — its stake, its
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
ALTER TABLE "bet_ledger" ADD CONSTRAINT "bet_ledger_kind" CHECK ("bet_ledger"."kind" in ('recorded', 'settled', 'deleted', 'leg-settled'));--> statement-breakpoint
-- The product of a parlay's legs' exact odds, void legs left out when `settled` (a void leg counts
-- as 1.00): numerator and denominator, whole numbers of any size (numeric).
CREATE FUNCTION parlay_odds(p_bet uuid, p_skip_void boolean, OUT num numeric, OUT den numeric)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  l record;
BEGIN
  num := 1;
  den := 1;
  FOR l IN SELECT odds_num, odds_den, status FROM bet_legs WHERE bet_id = p_bet LOOP
    IF NOT (p_skip_void AND l.status = 'void') THEN
      num := num * l.odds_num;
      den := den * l.odds_den;
    END IF;
  END LOOP;
END;
$$;
--> statement-breakpoint
-- num / den × 10^scale rounded half up to a whole number, exactly (src/shared/odds.ts
-- roundHalfAwayFromZero for positive values), then scaled back.
CREATE FUNCTION rational_round(num numeric, den numeric, scale int) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$ SELECT div(2 * num * power(10::numeric, scale) + den, 2 * den) / power(10::numeric, scale) $$;
--> statement-breakpoint
-- A leg in the ledger (RFC 8785 key order), its status shown as `shown_status` when given.
CREATE FUNCTION bet_ledger_leg_json(l bet_legs, shown_status text DEFAULT NULL) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '{"description":' || to_json(l.description)::text
    || ',"eventStart":' || to_json(bet_ledger_iso(l.event_date))::text
    || ',"id":' || to_json(l.id::text)::text
    || ',"odds":' || to_json(l.odds)::text
    || ',"sport":' || to_json(l.sport)::text
    || ',"status":' || to_json(coalesce(shown_status, l.status))::text || '}'
$$;
--> statement-breakpoint
-- 0013's append, now with a parlay's legs in its "bet" (ordered by position; all pending in the
-- recorded entry; left out of a deleted entry, whose legs the cascade has removed before this
-- runs) and the settled leg of a leg-settled entry under "leg". Singles' entries are unchanged.
DROP FUNCTION bet_ledger_append(bets, text, timestamptz);--> statement-breakpoint
CREATE FUNCTION bet_ledger_append(b bets, p_kind text, p_at timestamptz, p_leg bet_legs DEFAULT NULL) RETURNS void
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
--> statement-breakpoint
-- 0013's trigger, except that a parlay's recording is appended once its legs are in (by
-- bet_legs_recorded below): the bets row is written before its legs.
CREATE OR REPLACE FUNCTION bets_ledger_append() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.leg_count IS NOT NULL THEN
      RETURN NULL;
    END IF;
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
-- 0013's guard, and for a parlay: it changes only through its legs (the legs' trigger, one
-- trigger level down), pending to settled, and on winning its decimal odds and potential win are
-- recomputed without the void legs (the only columns besides the settlement that may change). A
-- parlay inserted settled can take no legs (bet_legs_guard), so the leg count refuses it at commit.
CREATE OR REPLACE FUNCTION bets_guard_record() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.status <> 'pending' THEN
      RAISE EXCEPTION 'bet % is settled, and a settled bet is final', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_settled_is_final';
    END IF;
    IF OLD.leg_count IS NOT NULL AND pg_trigger_depth() < 2 THEN
      RAISE EXCEPTION 'bet % is a parlay: its legs settle it', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_settled_by_legs';
    END IF;
    IF (NEW.id, NEW.user_id, NEW.description, NEW.amount, NEW.odds, NEW.bet_type, NEW.event_date,
        NEW.created_at, NEW.leg_count, NEW.last_event_date)
       IS DISTINCT FROM
       (OLD.id, OLD.user_id, OLD.description, OLD.amount, OLD.odds, OLD.bet_type, OLD.event_date,
        OLD.created_at, OLD.leg_count, OLD.last_event_date)
       OR ((NEW.decimal_odds, NEW.potential_win) IS DISTINCT FROM (OLD.decimal_odds, OLD.potential_win)
           AND NOT (OLD.leg_count IS NOT NULL AND NEW.status = 'won')) THEN
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
-- A leg joins a pending parlay, pending, within its leg count, its event at least 6 hours after the
-- parlay was recorded and not before the parlay's event_date (the earliest leg's start).
CREATE FUNCTION bet_legs_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p bets;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only with their parlay (its delete is guarded), or with the account.
    IF EXISTS (SELECT 1 FROM bets WHERE id = OLD.bet_id) THEN
      RAISE EXCEPTION 'leg % goes only with its parlay', OLD.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_delete_with_bet';
    END IF;
    RETURN OLD;
  END IF;
  SELECT * INTO p FROM bets WHERE id = NEW.bet_id;
  IF TG_OP = 'INSERT' THEN
    IF p.leg_count IS NULL OR NEW.position > p.leg_count OR p.status <> 'pending' OR NEW.status <> 'pending' THEN
      RAISE EXCEPTION 'leg % does not fit bet %: legs join a pending parlay, pending, within its leg count', NEW.position, NEW.bet_id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_join_pending_parlay';
    END IF;
    IF NOT (NEW.event_date > p.created_at + interval '6 hours') THEN
      RAISE EXCEPTION 'leg % starts less than 6 hours after the parlay was recorded', NEW.position
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_event_at_least_6h_ahead';
    END IF;
    IF NEW.event_date < p.event_date OR NEW.event_date > p.last_event_date THEN
      RAISE EXCEPTION 'leg % starts outside the parlay''s first and last starts', NEW.position
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_within_parlay';
    END IF;
    RETURN NEW;
  END IF;
  -- UPDATE: a pending leg of a pending parlay is settled (status and settled_at), nothing else.
  IF OLD.status <> 'pending' THEN
    RAISE EXCEPTION 'leg % is settled, and a settled leg is final', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_settled_is_final';
  END IF;
  IF p.status <> 'pending' THEN
    RAISE EXCEPTION 'leg % belongs to a settled parlay', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_parlay_settled';
  END IF;
  IF (NEW.id, NEW.bet_id, NEW.position, NEW.description, NEW.sport, NEW.odds, NEW.decimal_odds, NEW.odds_num,
      NEW.odds_den, NEW.event_date)
     IS DISTINCT FROM
     (OLD.id, OLD.bet_id, OLD.position, OLD.description, OLD.sport, OLD.odds, OLD.decimal_odds, OLD.odds_num,
      OLD.odds_den, OLD.event_date) THEN
    RAISE EXCEPTION 'leg % is pending: it can only be settled, not changed', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_pending_only_settles';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bet_legs_guard BEFORE INSERT OR UPDATE OR DELETE ON bet_legs
FOR EACH ROW EXECUTE FUNCTION bet_legs_guard();
--> statement-breakpoint
-- When a statement completes a parlay's legs: its first and last starts and its combined odds
-- must be the legs' (decimal odds to 6 places and potential win to the cent, both rounded half up
-- from the exact product), and its recording is appended to the ledger with its legs.
CREATE FUNCTION bet_legs_recorded() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p bets;
  o record;
BEGIN
  FOR p IN
    SELECT b.* FROM bets b
    WHERE b.id IN (SELECT DISTINCT bet_id FROM new_rows)
      AND (SELECT count(*) FROM bet_legs l WHERE l.bet_id = b.id) = b.leg_count
    ORDER BY b.created_at, b.id
  LOOP
    o := parlay_odds(p.id, false);
    IF p.event_date <> (SELECT min(event_date) FROM bet_legs WHERE bet_id = p.id)
       OR p.last_event_date <> (SELECT max(event_date) FROM bet_legs WHERE bet_id = p.id)
       OR p.decimal_odds <> rational_round(o.num, o.den, 6)
       OR p.potential_win <> rational_round(p.amount * o.num, o.den, 2) THEN
      RAISE EXCEPTION 'parlay % does not match its legs (starts, combined odds or potential win)', p.id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_matches_legs';
    END IF;
    PERFORM bet_ledger_append(p, 'recorded', p.created_at);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bet_legs_recorded AFTER INSERT ON bet_legs
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bet_legs_recorded();
--> statement-breakpoint
-- At commit, every parlay recorded in the transaction has exactly its leg count of legs (2-15).
CREATE FUNCTION bets_parlay_leg_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM bets WHERE id = NEW.id)
     AND (SELECT count(*) FROM bet_legs WHERE bet_id = NEW.id) <> NEW.leg_count THEN
    RAISE EXCEPTION 'parlay % must have % legs', NEW.id, NEW.leg_count
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bets_parlay_leg_count';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bets_parlay_leg_count AFTER INSERT ON bets DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW WHEN (NEW.leg_count IS NOT NULL) EXECUTE FUNCTION bets_parlay_leg_count();
--> statement-breakpoint
-- A leg settled: its ledger entry, then the parlay settles itself when the legs decide it — lost
-- as soon as a leg loses; won when every leg is won or void, at the product of the won legs' odds
-- (a void leg counts 1.00; decimal odds and potential win recomputed, rounded half up from the
-- exact product); void when every leg is void. settled_at is the leg's.
CREATE FUNCTION bet_legs_settle_parlay() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p bets;
  o record;
  win numeric;
BEGIN
  SELECT * INTO p FROM bets WHERE id = NEW.bet_id FOR UPDATE;
  -- Another leg settled it meanwhile (this leg's guard read it before that committed).
  IF p.status <> 'pending' THEN
    RAISE EXCEPTION 'leg % belongs to a settled parlay', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_parlay_settled';
  END IF;
  PERFORM bet_ledger_append(p, 'leg-settled', NEW.settled_at, NEW);
  IF NEW.status = 'lost' THEN
    UPDATE bets SET status = 'lost', profit_loss = -amount, settled_at = NEW.settled_at WHERE id = p.id;
  ELSIF NOT EXISTS (SELECT 1 FROM bet_legs WHERE bet_id = p.id AND status = 'pending') THEN
    IF NOT EXISTS (SELECT 1 FROM bet_legs WHERE bet_id = p.id AND status <> 'void') THEN
      UPDATE bets SET status = 'void', profit_loss = 0, settled_at = NEW.settled_at WHERE id = p.id;
    ELSE
      o := parlay_odds(p.id, true);
      win := rational_round(p.amount * o.num, o.den, 2);
      UPDATE bets SET status = 'won', decimal_odds = rational_round(o.num, o.den, 6), potential_win = win,
                      profit_loss = win - amount, settled_at = NEW.settled_at
      WHERE id = p.id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bet_legs_settle_parlay AFTER UPDATE ON bet_legs
FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION bet_legs_settle_parlay();
--> statement-breakpoint
CREATE TRIGGER bet_legs_no_truncate BEFORE TRUNCATE ON bet_legs
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
