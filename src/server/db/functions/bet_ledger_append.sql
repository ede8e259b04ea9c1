-- Appends one entry to the bet's owner's chain (docs/LEDGER.md). The entry's body is RFC 8785 (JCS)
-- canonical JSON: keys in code-unit order, no whitespace, integers as integers, strings escaped as
-- JSON.stringify does (to_json(text) escapes exactly ", \, and U+0000-U+001F, the short forms for
-- \b\f\n\r\t). A parlay's legs are in its "bet" (ordered by position; all pending in the recorded
-- entry; left out of a deleted entry, whose legs the cascade has removed before this runs), and the
-- settled leg of a leg-settled entry is under "leg". A graded bet's pick is under "event", after its
-- description ("description" < "event" < "eventStart" in code-unit order); a self-reported bet's
-- entry has none, as every entry before the events catalog. An entry written for history the server
-- did not see happen carries "origin" ("seed" or "backfill"), taken from the transaction's setting
-- betproof.ledger_origin (the seeder and bet_ledger_backfill set it); every other entry has none.
-- The head row is locked first, so concurrent writers of one user append one after another.
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
  origin text := nullif(current_setting('betproof.ledger_origin', true), '');
BEGIN
  IF origin NOT IN ('seed', 'backfill') THEN
    RAISE EXCEPTION 'betproof.ledger_origin must be seed or backfill, not %', origin;
  END IF;
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
    || CASE WHEN origin IS NULL THEN '' ELSE ',"origin":' || to_json(origin)::text END
    || ',"prevHash":"' || prev_hash
    || '","seq":' || (prev_seq + 1)::text || '}';
  entry_hash := encode(sha256(convert_to(prev_hash || entry, 'UTF8')), 'hex');
  INSERT INTO bet_ledger (user_id, seq, at, kind, bet_id, body, hash)
  VALUES (b.user_id, prev_seq + 1, p_at, p_kind, b.id, entry, entry_hash);
  UPDATE bet_ledger_heads SET seq = prev_seq + 1, hash = entry_hash WHERE user_id = b.user_id;
END;
$$;
