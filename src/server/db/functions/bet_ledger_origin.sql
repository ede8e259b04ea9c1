-- What an entry written now says of its origin: "seed" or "backfill" for history the server did not
-- see happen (the seeder and bet_ledger_backfill set betproof.ledger_origin in their transaction),
-- null for everything else (docs/LEDGER.md); any other setting is refused.
CREATE OR REPLACE FUNCTION bet_ledger_origin() RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  origin text := nullif(current_setting('betproof.ledger_origin', true), '');
BEGIN
  IF origin NOT IN ('seed', 'backfill') THEN
    RAISE EXCEPTION 'betproof.ledger_origin must be seed or backfill, not %', origin;
  END IF;
  RETURN origin;
END;
$$;
