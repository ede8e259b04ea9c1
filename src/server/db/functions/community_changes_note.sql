-- Notes that the writing transaction changed something the rankings read (docs/decisions/061):
-- one row per transaction in community_changes, whatever number of statements. A server keeps
-- the Spotlight and the Influencers directory as ranked from one snapshot (modules/community/
-- rankings.ts) and ranks again once a row it could not see then is visible: its transaction has
-- committed. Per statement, not per row: a grading of thousands of bets adds one probe of the
-- primary key per statement, not per bet.
--
-- The tables are those the rankings read: who is public (users, user_settings), the profile
-- (profiles), the overdue rule (bets, bet_legs) and the summaries they rank by (user_bet_stats,
-- user_market_figures, user_sport_stats, user_position_days), however they are written (the
-- summaries' own triggers, a migration's recount, a script).
CREATE OR REPLACE FUNCTION community_changes_note() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO community_changes (xid) VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER user_settings_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_settings
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER profiles_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON profiles
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER bets_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER bet_legs_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON bet_legs
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER user_bet_stats_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_bet_stats
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER user_market_figures_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_market_figures
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER user_sport_stats_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_sport_stats
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();

CREATE TRIGGER user_position_days_community_changes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_position_days
FOR EACH STATEMENT EXECUTE FUNCTION community_changes_note();
