-- Decimal odds below 1.01 are refused (src/shared/odds.ts MIN_DECIMAL_ODDS): at 1.000001 (American
-- -100000000) a win is worth nothing and a record of them is no record. Checked when a bet or a
-- parlay's leg is written with its odds, never when it is settled or graded: a bet recorded before
-- the rule keeps its odds, as the ledger shows them, and can still be settled. The error names a
-- constraint, as a CHECK's would, for the handler and the tests.
CREATE OR REPLACE FUNCTION odds_at_least_minimum() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'decimal odds % are below the minimum of 1.01', NEW.decimal_odds
    USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_decimal_odds_min';
END;
$$;

CREATE TRIGGER bets_odds_at_least_minimum BEFORE INSERT OR UPDATE OF decimal_odds ON bets
FOR EACH ROW WHEN (NEW.decimal_odds < 1.01) EXECUTE FUNCTION odds_at_least_minimum();

CREATE TRIGGER bet_legs_odds_at_least_minimum BEFORE INSERT OR UPDATE OF decimal_odds ON bet_legs
FOR EACH ROW WHEN (NEW.decimal_odds < 1.01) EXECUTE FUNCTION odds_at_least_minimum();
