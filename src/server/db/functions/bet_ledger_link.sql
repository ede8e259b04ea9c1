-- An entry's place in its owner's chain (docs/LEDGER.md): its full text is its prefix
-- (bet_ledger_entry_prefix) followed by "prevHash", the previous entry's hash (64 zeros before the
-- first), and "seq"; its hash is SHA-256 of the previous hash followed by that text.
CREATE OR REPLACE FUNCTION bet_ledger_link(p_prefix text, p_prev_hash text, p_seq int, OUT body text, OUT hash text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  body := p_prefix || ',"prevHash":"' || p_prev_hash || '","seq":' || p_seq::text || '}';
  hash := encode(sha256(convert_to(p_prev_hash || body, 'UTF8')), 'hex');
END;
$$;
