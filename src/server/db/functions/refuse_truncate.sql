-- The record's tables (bets, bet_legs, bet_ledger) and the transparency log's cannot be truncated: TRUNCATE fires no row
-- trigger, so it would bypass the ledger and the guards.
CREATE OR REPLACE FUNCTION refuse_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is part of the record and cannot be truncated', TG_TABLE_NAME
    USING ERRCODE = 'check_violation', CONSTRAINT = TG_TABLE_NAME || '_no_truncate';
END;
$$;

CREATE TRIGGER bets_no_truncate BEFORE TRUNCATE ON bets
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER bet_ledger_no_truncate BEFORE TRUNCATE ON bet_ledger
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER bet_legs_no_truncate BEFORE TRUNCATE ON bet_legs
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER log_leaves_no_truncate BEFORE TRUNCATE ON log_leaves
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER log_hashes_no_truncate BEFORE TRUNCATE ON log_hashes
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER log_checkpoints_no_truncate BEFORE TRUNCATE ON log_checkpoints
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER log_timestamps_no_truncate BEFORE TRUNCATE ON log_timestamps
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();

CREATE TRIGGER log_cosignatures_no_truncate BEFORE TRUNCATE ON log_cosignatures
FOR EACH STATEMENT EXECUTE FUNCTION refuse_truncate();
