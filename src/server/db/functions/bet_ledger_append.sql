-- Appends one entry about bet `b` to its owner's chain (docs/LEDGER.md; its text is
-- bet_ledger_entry_prefix's, its place in the chain bet_ledger_chain_text's and bet_ledger_chain_hash's): the recording, deletion or
-- a leg's settlement of one bet, written by a row trigger. The head row is locked first, so
-- concurrent writers of one user append one after another. A statement settling bets appends all
-- its settlements at once (bets_ledger_settled, bet_ledger_append_entries).
CREATE OR REPLACE FUNCTION bet_ledger_append(b bets, p_kind text, p_at timestamptz, p_leg bet_legs DEFAULT NULL) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  -- A variable, not a call in the argument list: so the prefix's SQL is inlined, not called.
  origin text := bet_ledger_origin();
  prev_seq int;
  prev_hash text;
  entry text;
BEGIN
  SELECT seq, hash INTO prev_seq, prev_hash FROM bet_ledger_heads WHERE user_id = b.user_id FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO bet_ledger_heads (user_id, seq, hash) VALUES (b.user_id, 0, repeat('0', 64))
    ON CONFLICT (user_id) DO NOTHING;
    SELECT seq, hash INTO prev_seq, prev_hash FROM bet_ledger_heads WHERE user_id = b.user_id FOR UPDATE;
  END IF;
  entry := bet_ledger_chain_text(bet_ledger_entry_prefix(b, p_kind, p_at, p_leg, origin), prev_hash, prev_seq + 1);
  prev_hash := bet_ledger_chain_hash(prev_hash, entry);
  INSERT INTO bet_ledger (user_id, seq, at, kind, bet_id, body, hash)
  VALUES (b.user_id, prev_seq + 1, p_at, p_kind, b.id, entry, prev_hash);
  UPDATE bet_ledger_heads SET seq = prev_seq + 1, hash = prev_hash WHERE user_id = b.user_id;
END;
$$;
