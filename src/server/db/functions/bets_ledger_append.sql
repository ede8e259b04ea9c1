-- The record's recordings and deletions, appended to the ledger whatever code writes bets (its
-- settlements: bets_ledger_settled). A bet inserted already settled (the seed's back-dated
-- history) appends its recording, then its settlement. A parlay's recording is appended once its
-- legs are in (bet_legs_recorded): the bets row is written before its legs. A delete that is part
-- of erasing the account (the cascade from users) appends nothing: the chain goes with the account.
CREATE OR REPLACE FUNCTION bets_ledger_append() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.leg_count IS NOT NULL THEN
      RETURN NULL;
    END IF;
    PERFORM bet_ledger_append(NEW, 'recorded', NEW.created_at);
    IF NEW.status <> 'pending' THEN
      PERFORM bet_ledger_append(NEW, 'settled', NEW.settled_at);
    END IF;
  ELSIF EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    PERFORM bet_ledger_append(OLD, 'deleted', statement_timestamp());
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bets_ledger_append AFTER INSERT OR DELETE ON bets
FOR EACH ROW EXECUTE FUNCTION bets_ledger_append();
