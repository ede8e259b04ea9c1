-- The transparency log is append-only (docs/LOG.md): its leaves, stored hashes, checkpoints, and
-- the time-stamps and cosignatures over them are never changed or removed, whatever code asks, not even when an account is erased
-- (docs/decisions/026). TRUNCATE is refused by refuse_truncate.sql.
CREATE OR REPLACE FUNCTION log_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the transparency log is append-only (%)', TG_TABLE_NAME
    USING ERRCODE = 'check_violation', CONSTRAINT = 'log_append_only';
END;
$$;

CREATE TRIGGER log_leaves_append_only BEFORE DELETE OR UPDATE ON log_leaves
FOR EACH ROW EXECUTE FUNCTION log_append_only();

CREATE TRIGGER log_hashes_append_only BEFORE DELETE OR UPDATE ON log_hashes
FOR EACH ROW EXECUTE FUNCTION log_append_only();

CREATE TRIGGER log_checkpoints_append_only BEFORE DELETE OR UPDATE ON log_checkpoints
FOR EACH ROW EXECUTE FUNCTION log_append_only();

CREATE TRIGGER log_timestamps_append_only BEFORE DELETE OR UPDATE ON log_timestamps
FOR EACH ROW EXECUTE FUNCTION log_append_only();

CREATE TRIGGER log_cosignatures_append_only BEFORE DELETE OR UPDATE ON log_cosignatures
FOR EACH ROW EXECUTE FUNCTION log_append_only();
