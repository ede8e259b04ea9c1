-- TRUNCATE bets fires no statement trigger with transition tables: the totals go with it.
CREATE OR REPLACE FUNCTION user_bet_stats_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_bet_stats;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_stats_truncate AFTER TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION user_bet_stats_truncate();
