-- A username given up stays its owner's for 30 days (modules/profiles/og.ts redirects it to them
-- for as long): no other profile may take it meanwhile, whatever writes it. The owner may take it
-- back. The API answers the refusal as a taken name (profiles/queries.ts).
CREATE OR REPLACE FUNCTION profiles_username_not_recently_released() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM username_history h
    WHERE h.old_username = NEW.username AND h.user_id <> NEW.user_id
      AND h.renamed_at > now() - interval '30 days'
  ) THEN
    RAISE EXCEPTION 'The username % was given up less than 30 days ago', NEW.username
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'profiles_username_recently_released';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER profiles_username_not_recently_released BEFORE INSERT OR UPDATE OF username ON profiles
FOR EACH ROW EXECUTE FUNCTION profiles_username_not_recently_released();
