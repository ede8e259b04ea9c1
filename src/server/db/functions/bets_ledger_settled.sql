-- Every bet a statement settles (pending to won, lost or void: a bettor's settle, a parlay settled
-- by its legs, a grading of thousands) appends its settled entry to its owner's chain. One
-- settlement takes the one-entry path (bet_ledger_append); more are appended in one pass at the end
-- of the statement (bet_ledger_append_entries), each owner's in the order of settlement
-- (settled_at, then bet id), the owners in user_id order. The rows are sorted before their
-- entries' text is built, so the sort moves the rows, not the text.
CREATE OR REPLACE FUNCTION bets_ledger_settled() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  origin text := bet_ledger_origin();
  settled int;
  one bets;
  entries bet_ledger[];
BEGIN
  SELECT count(*) INTO settled
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE o.status = 'pending' AND n.status <> 'pending';
  IF settled = 1 THEN
    SELECT n.* INTO one
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status = 'pending' AND n.status <> 'pending';
    PERFORM bet_ledger_append(one, 'settled', one.settled_at);
  ELSIF settled > 1 THEN
    SELECT array_agg((s.user_id, NULL, s.settled_at, 'settled', s.id,
                      bet_ledger_entry_prefix(s, 'settled', s.settled_at, NULL, origin), NULL)::bet_ledger)
    INTO entries
    FROM (
      SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'pending' AND n.status <> 'pending'
      ORDER BY n.user_id, n.settled_at, n.id
    ) s;
    PERFORM bet_ledger_append_entries(entries);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_ledger_settled AFTER UPDATE ON bets
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bets_ledger_settled();
