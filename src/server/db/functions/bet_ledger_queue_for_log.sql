-- Every new ledger row queues itself for the transparency log, in its own transaction
-- (docs/decisions/024): a bigserial takes no lock other writers wait on. The sequencer
-- (src/server/modules/log/store.ts) appends the queue in order. A statement's rows are queued in
-- one insert, each owner's in seq order.
CREATE OR REPLACE FUNCTION bet_ledger_queue_for_log() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO log_pending (user_id, seq) SELECT user_id, seq FROM new_rows ORDER BY user_id, seq;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_ledger_queue_for_log AFTER INSERT ON bet_ledger
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_ledger_queue_for_log();
