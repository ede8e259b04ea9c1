-- Appends many entries to their owners' chains (docs/LEDGER.md) at once: a statement's settlements
-- (bets_ledger_settled). `p_entries` are ledger rows whose body is the text's prefix
-- (bet_ledger_entry_prefix) and whose seq and hash are left null, grouped by owner in ascending
-- user_id order, each owner's in the order they happened; each owner's are chained one after
-- another (bet_ledger_chain_text, bet_ledger_chain_hash), every owner's in one pass. The owners' heads are locked first, in
-- user_id order (the summary triggers lock user_bet_stats in the same order), so concurrent writers
-- of one owner append one after another and writers of many owners do not deadlock on the heads.
-- Then one INSERT writes every entry (bet_ledger_queue_for_log queues them for the log) and one
-- UPDATE moves every head.
CREATE OR REPLACE FUNCTION bet_ledger_append_entries(p_entries bet_ledger[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  e bet_ledger;
  chained bet_ledger[] := '{}';
  owners text[];
  head_seqs int[];
  head_hashes text[];
  k int := 0;
  owner text;
  prev_hash text;
  seq int;
BEGIN
  INSERT INTO bet_ledger_heads (user_id, seq, hash)
  SELECT DISTINCT x.user_id, 0, repeat('0', 64) FROM unnest(p_entries) x
  WHERE NOT EXISTS (SELECT 1 FROM bet_ledger_heads h WHERE h.user_id = x.user_id)
  ORDER BY 1
  ON CONFLICT (user_id) DO NOTHING;
  SELECT array_agg(l.user_id), array_agg(l.seq), array_agg(l.hash) INTO owners, head_seqs, head_hashes
  FROM (
    SELECT h.user_id, h.seq, h.hash FROM bet_ledger_heads h
    WHERE h.user_id IN (SELECT x.user_id FROM unnest(p_entries) x)
    ORDER BY h.user_id
    FOR UPDATE
  ) l;
  -- One entry per owner (a grading's bettors, almost always): each is chained onto its owner's head
  -- in plain SQL, written, and the heads moved, in one statement.
  IF cardinality(owners) = cardinality(p_entries) THEN
    -- (unnest spreads an entry over the ledger's columns, then the other arrays' elements follow)
    SELECT x.user_id, x.owner INTO e.user_id, owner
    FROM unnest(p_entries, owners) WITH ORDINALITY x(user_id, seq, at, kind, bet_id, body, hash, owner, i)
    WHERE x.user_id IS DISTINCT FROM x.owner
    ORDER BY x.i LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'ledger entries must come grouped by owner in user_id order (% where % was due)',
        e.user_id, owner;
    END IF;
    WITH placed AS MATERIALIZED (
      SELECT x.user_id, x.head_seq + 1 AS seq, x.at, x.kind, x.bet_id,
             bet_ledger_chain_text(x.body, x.head_hash, x.head_seq + 1) AS body, x.head_hash AS prev_hash
      FROM unnest(p_entries, head_seqs, head_hashes) x(user_id, seq, at, kind, bet_id, body, hash, head_seq, head_hash)
    ),
    chained AS MATERIALIZED (
      SELECT p.user_id, p.seq, p.at, p.kind, p.bet_id, p.body, bet_ledger_chain_hash(p.prev_hash, p.body) AS hash
      FROM placed p
    ),
    written AS (
      INSERT INTO bet_ledger (user_id, seq, at, kind, bet_id, body, hash)
      SELECT c.user_id, c.seq, c.at, c.kind, c.bet_id, c.body, c.hash FROM chained c
    )
    UPDATE bet_ledger_heads h SET seq = c.seq, hash = c.hash
    FROM chained c
    WHERE h.user_id = c.user_id;
    RETURN;
  END IF;
  FOREACH e IN ARRAY p_entries LOOP
    IF owner IS DISTINCT FROM e.user_id THEN
      k := k + 1;
      IF owners[k] IS DISTINCT FROM e.user_id THEN
        RAISE EXCEPTION 'ledger entries must come grouped by owner in user_id order (% where % was due)',
          e.user_id, owners[k];
      END IF;
      owner := e.user_id;
      seq := head_seqs[k];
      prev_hash := head_hashes[k];
    END IF;
    seq := seq + 1;
    e.seq := seq;
    e.body := bet_ledger_chain_text(e.body, prev_hash, seq);
    e.hash := bet_ledger_chain_hash(prev_hash, e.body);
    prev_hash := e.hash;
    chained := array_append(chained, e);
  END LOOP;
  INSERT INTO bet_ledger SELECT * FROM unnest(chained);
  UPDATE bet_ledger_heads h SET seq = last.seq, hash = last.hash
  FROM (SELECT DISTINCT ON (x.user_id) x.user_id, x.seq, x.hash FROM unnest(chained) x ORDER BY x.user_id, x.seq DESC) last
  WHERE h.user_id = last.user_id;
END;
$$;
