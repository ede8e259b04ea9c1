-- An entry's hash (docs/LEDGER.md): SHA-256 of the previous entry's hash followed by the entry's
-- text (bet_ledger_chain_text), as lowercase hex. SQL, so it is inlined where it is used.
CREATE OR REPLACE FUNCTION bet_ledger_chain_hash(p_prev_hash text, p_text text) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(p_prev_hash || p_text, 'UTF8')), 'hex')
$$;
