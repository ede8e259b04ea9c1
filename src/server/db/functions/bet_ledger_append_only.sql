-- The ledger is append-only: no UPDATE, and no DELETE but the cascade that erases an account.
CREATE OR REPLACE FUNCTION bet_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'the ledger is append-only'
    USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_ledger_append_only';
END;
$$;

CREATE TRIGGER bet_ledger_append_only BEFORE DELETE OR UPDATE ON bet_ledger
FOR EACH ROW EXECUTE FUNCTION bet_ledger_append_only();
