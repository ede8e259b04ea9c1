-- TRUNCATE bets fires no row or statement triggers with transition tables: the summaries go with it.
CREATE OR REPLACE FUNCTION community_summaries_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_sport_stats;
  DELETE FROM user_bet_days;
  DELETE FROM user_game_days;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_summaries_truncate AFTER TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION community_summaries_truncate();
