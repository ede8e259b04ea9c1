-- Legs settled: each leg's ledger entry, then each parlay settles itself when its legs decide it —
-- lost as soon as a leg loses; won when every leg is won or void, at the product of the won legs'
-- odds (a void leg counts 1.00; decimal odds and potential win recomputed, rounded half up from
-- the exact product); void when every leg is void. settled_at is the deciding leg's.
--
-- A statement trigger (decision 058): a grading settles the legs of a thousand parlays in one
-- UPDATE (events_grade). A leg is taken one at a time, as the row trigger this was did it, when
-- the statement settles one leg only (a bettor's leg settle) or when its bettor has more than one
-- leg settled by the statement (two parlays with a leg on one event; or a direct write settling two
-- legs of one parlay): in the statement's row order, lock the parlay, append the leg's entry
-- (bet_ledger_append), settle the parlay if the leg decides it (a second leg of a parlay its first
-- has settled is refused). The legs of every other bettor (one leg each) are settled together:
--   1. their parlays are locked, in id order, and each must still be pending;
--   2. every leg's entry is appended in one pass (bet_ledger_append_entries);
--   3. the parlays the legs decide are settled by one UPDATE per outcome (lost and void, then won:
--      only a won parlay's decimal odds and potential win change, so only that UPDATE names them,
--      and the odds' minimum, checked on a write of decimal_odds, is checked where it was), whose
--      statement triggers append their settled entries (bets_ledger_settled) and summaries.
-- Either way each bettor's chain gets exactly the entries, in the order, that the row trigger
-- appended: a leg's entry, then its parlay's settled entry if the leg decided it.
CREATE OR REPLACE FUNCTION bet_legs_settle_parlay() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  settled int;
  -- The legs settled together (those of the bettors with one leg settled by this statement), and
  -- the parlays of the others (their legs go one at a time).
  together uuid[] := '{}';
  apart uuid[];
  leg bet_legs;
  parlay bets;
  product record;
  win numeric;
  refused uuid;
  -- A variable, not a call in the argument list: so the entry's SQL is inlined, not called.
  origin text;
  entries bet_ledger[];
  -- The parlays the legs decide: lost or void, and won (with their settlement times).
  lost_ids uuid[];
  lost_results text[];
  lost_at timestamptz[];
  won_ids uuid[];
  won_at timestamptz[];
BEGIN
  SELECT count(*) INTO settled
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.status = 'pending' AND n.status <> 'pending';
  IF settled = 0 THEN
    RETURN NULL;
  END IF;
  IF settled > 1 THEN
    SELECT coalesce(array_agg(x.id) FILTER (WHERE x.of_bettor = 1), '{}'),
           coalesce(array_agg(DISTINCT x.bet_id) FILTER (WHERE x.of_bettor > 1), '{}')
    INTO together, apart
    FROM (
      SELECT n.id, n.bet_id, count(*) OVER (PARTITION BY b.user_id) AS of_bettor
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN bets b ON b.id = n.bet_id
      WHERE o.status = 'pending' AND n.status <> 'pending'
    ) x;
  END IF;

  -- One at a time, in the statement's row order: a scan of new_rows alone keeps it (every leg when
  -- none is settled together, else the legs of the parlays apart). Every row of new_rows was
  -- pending (bet_legs_guard refuses any other update); the test is kept all the same.
  IF cardinality(together) = 0 OR cardinality(apart) > 0 THEN
    FOR leg IN
      SELECT n.* FROM new_rows n
      WHERE n.status <> 'pending' AND (cardinality(together) = 0 OR n.bet_id = ANY (apart))
    LOOP
      CONTINUE WHEN NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = leg.id AND o.status = 'pending');
      SELECT * INTO parlay FROM bets WHERE id = leg.bet_id FOR UPDATE;
      -- Another leg settled it meanwhile (this leg's guard read it before that committed).
      IF parlay.status <> 'pending' THEN
        RAISE EXCEPTION 'leg % belongs to a settled parlay', leg.id
          USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_parlay_settled';
      END IF;
      PERFORM bet_ledger_append(parlay, 'leg-settled', leg.settled_at, leg);
      IF leg.status = 'lost' THEN
        UPDATE bets SET status = 'lost', profit_loss = -amount, settled_at = leg.settled_at WHERE id = parlay.id;
      ELSIF NOT EXISTS (SELECT 1 FROM bet_legs WHERE bet_id = parlay.id AND status = 'pending') THEN
        IF NOT EXISTS (SELECT 1 FROM bet_legs WHERE bet_id = parlay.id AND status <> 'void') THEN
          UPDATE bets SET status = 'void', profit_loss = 0, settled_at = leg.settled_at WHERE id = parlay.id;
        ELSE
          product := parlay_odds(parlay.id, true);
          win := rational_round(parlay.amount * product.num, product.den, 2);
          UPDATE bets SET status = 'won', decimal_odds = rational_round(product.num, product.den, 6), potential_win = win,
                          profit_loss = win - amount, settled_at = leg.settled_at
          WHERE id = parlay.id;
        END IF;
      END IF;
    END LOOP;
  END IF;
  IF cardinality(together) = 0 THEN
    RETURN NULL;
  END IF;

  -- 1. Their parlays, locked in id order, each still pending: another statement may have settled
  -- one since this one's guard read it. (The test is an aggregate's filter, not a WHERE, which the
  -- planner would push into the locking subquery: only the rows it passes would be locked.)
  SELECT min(p.id::text) FILTER (WHERE p.status <> 'pending')::uuid INTO refused
  FROM (
    SELECT b.id, b.status FROM bets b
    WHERE b.id IN (SELECT l.bet_id FROM new_rows l JOIN unnest(together) t(id) ON t.id = l.id)
    ORDER BY b.id
    FOR UPDATE
  ) p;
  IF refused IS NOT NULL THEN
    RAISE EXCEPTION 'leg % belongs to a settled parlay', (SELECT l.id FROM new_rows l WHERE l.bet_id = refused LIMIT 1)
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_parlay_settled';
  END IF;

  -- 2. Every leg's entry (the parlay as it stands, pending, with its legs as this statement left
  -- them) in one pass, grouped by bettor in user_id order as bet_ledger_append_entries takes them.
  origin := bet_ledger_origin();
  SELECT array_agg(x.e ORDER BY (x.e).user_id) INTO entries
  FROM (
    SELECT (b.user_id, NULL, l.settled_at, 'leg-settled', b.id,
            bet_ledger_entry_prefix(b, 'leg-settled', l.settled_at, l, origin), NULL)::bet_ledger AS e
    FROM new_rows l JOIN unnest(together) t(id) ON t.id = l.id JOIN bets b ON b.id = l.bet_id
  ) x;
  PERFORM bet_ledger_append_entries(entries);

  -- 3. The parlays the legs decide: lost by a lost leg; else, with no leg pending, won unless every
  -- leg is void. An UPDATE only when there is one to settle: even of no row, it would run every
  -- statement trigger on bets.
  SELECT array_agg(d.bet_id) FILTER (WHERE d.result <> 'won'), array_agg(d.result) FILTER (WHERE d.result <> 'won'),
         array_agg(d.settled_at) FILTER (WHERE d.result <> 'won'),
         array_agg(d.bet_id) FILTER (WHERE d.result = 'won'), array_agg(d.settled_at) FILTER (WHERE d.result = 'won')
  INTO lost_ids, lost_results, lost_at, won_ids, won_at
  FROM (
    SELECT l.bet_id, l.settled_at,
           CASE WHEN l.status = 'lost' THEN 'lost'
                WHEN EXISTS (SELECT 1 FROM bet_legs x WHERE x.bet_id = l.bet_id AND x.status = 'pending') THEN NULL
                WHEN EXISTS (SELECT 1 FROM bet_legs x WHERE x.bet_id = l.bet_id AND x.status <> 'void') THEN 'won'
                ELSE 'void'
           END AS result
    FROM new_rows l JOIN unnest(together) t(id) ON t.id = l.id
  ) d
  WHERE d.result IS NOT NULL;

  IF lost_ids IS NOT NULL THEN
    UPDATE bets b
    SET status = d.result, profit_loss = CASE d.result WHEN 'lost' THEN -b.amount ELSE 0 END, settled_at = d.at
    FROM unnest(lost_ids, lost_results, lost_at) d(id, result, at)
    WHERE b.id = d.id;
  END IF;
  IF won_ids IS NOT NULL THEN
    UPDATE bets b
    SET status = 'won', decimal_odds = rational_round(d.num, d.den, 6),
        potential_win = rational_round(b.amount * d.num, d.den, 2),
        profit_loss = rational_round(b.amount * d.num, d.den, 2) - b.amount, settled_at = d.at
    FROM (
      SELECT w.id, w.at, po.num, po.den
      FROM unnest(won_ids, won_at) w(id, at) CROSS JOIN LATERAL parlay_odds(w.id, true) po
    ) d
    WHERE b.id = d.id;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_legs_settle_parlay AFTER UPDATE ON bet_legs
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_legs_settle_parlay();
