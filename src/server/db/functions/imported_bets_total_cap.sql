-- An account holds at most 50,000 imported bets (IMPORTED_BETS_MAX in shared/import-history.ts;
-- docs/SECURITY.md). The import checks first and answers 422 in its words; this holds it whatever
-- writes the rows, imports racing on two servers included: each inserting statement takes the
-- account's lock, then counts what is committed (a fresh snapshot per statement in plpgsql).
CREATE OR REPLACE FUNCTION imported_bets_total_cap() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  account text;
BEGIN
  FOR account IN SELECT DISTINCT user_id FROM inserted LOOP
    PERFORM pg_advisory_xact_lock(hashtext('imported_bets_total_cap'), hashtext(account));
    IF (SELECT count(*) FROM imported_bets WHERE user_id = account) > 50000 THEN
      RAISE EXCEPTION 'An account may hold at most 50,000 imported bets'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'imported_bets_total_cap';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;

CREATE TRIGGER imported_bets_total_cap AFTER INSERT ON imported_bets
REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION imported_bets_total_cap();
