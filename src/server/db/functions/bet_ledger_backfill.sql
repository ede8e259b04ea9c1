-- Back-fill: every bet's recording and settlement, per user in the order they happened, for each
-- user who has bets but no chain yet. Written for the databases that had bets before the ledger
-- existed; kept as a function so an operator's repair and the tests run the very same code. Each
-- entry it writes is marked "origin":"backfill" (bet_ledger_append): its time is the bet's, not the
-- moment it was written.
CREATE OR REPLACE FUNCTION bet_ledger_backfill() RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  r record;
  appended int := 0;
  outer_origin text := current_setting('betproof.ledger_origin', true);
BEGIN
  PERFORM set_config('betproof.ledger_origin', 'backfill', true);
  FOR r IN
    SELECT b AS bet, k.kind, k.at FROM bets b
    CROSS JOIN LATERAL (VALUES ('recorded', b.created_at, 0), ('settled', b.settled_at, 1)) AS k(kind, at, ord)
    WHERE k.at IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM bet_ledger_heads h WHERE h.user_id = b.user_id)
    ORDER BY b.user_id, k.at, k.ord, b.id
  LOOP
    PERFORM bet_ledger_append(r.bet, r.kind, r.at);
    appended := appended + 1;
  END LOOP;
  PERFORM set_config('betproof.ledger_origin', coalesce(outer_origin, ''), true);
  RETURN appended;
END;
$$;
