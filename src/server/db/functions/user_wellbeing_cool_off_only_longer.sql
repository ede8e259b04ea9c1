-- A cool-off is never shortened nor lifted (docs/decisions/035): an update may only move its end later.
CREATE OR REPLACE FUNCTION user_wellbeing_cool_off_only_longer() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.cool_off_until IS NOT NULL
     AND (NEW.cool_off_until IS NULL OR NEW.cool_off_until < OLD.cool_off_until) THEN
    RAISE EXCEPTION 'a cool-off cannot be shortened or lifted (ends %)', OLD.cool_off_until
      USING ERRCODE = 'check_violation', CONSTRAINT = 'user_wellbeing_cool_off_only_longer';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER user_wellbeing_cool_off_only_longer BEFORE UPDATE OF cool_off_until ON user_wellbeing
FOR EACH ROW EXECUTE FUNCTION user_wellbeing_cool_off_only_longer();
