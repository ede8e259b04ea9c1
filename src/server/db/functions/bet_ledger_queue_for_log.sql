-- Every new ledger row queues itself for the transparency log, in its own transaction
-- (docs/decisions/024): a bigserial takes no lock other writers wait on. The sequencer
-- (src/server/modules/log/store.ts) appends the queue in order.
CREATE OR REPLACE FUNCTION bet_ledger_queue_for_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO log_pending (user_id, seq) VALUES (NEW.user_id, NEW.seq);
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_ledger_queue_for_log AFTER INSERT ON bet_ledger
FOR EACH ROW EXECUTE FUNCTION bet_ledger_queue_for_log();
