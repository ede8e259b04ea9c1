-- An entry's full text (docs/LEDGER.md): its prefix (bet_ledger_entry_prefix) followed by its place
-- in its owner's chain, "prevHash" (the previous entry's hash, 64 zeros before the first) and "seq".
-- SQL, so it is inlined where it is used.
CREATE OR REPLACE FUNCTION bet_ledger_chain_text(p_prefix text, p_prev_hash text, p_seq int) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_prefix || ',"prevHash":"' || p_prev_hash || '","seq":' || p_seq::text || '}'
$$;
