-- A bet keeps the unit size its owner had set when it was recorded (user_settings.unit_size, or
-- none), so a later change of the setting restates no past bet in units (docs/decisions/038).
-- The value is the database's, whatever the insert says.
CREATE OR REPLACE FUNCTION bets_unit_size() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.unit_size := (SELECT us.unit_size FROM user_settings us WHERE us.user_id = NEW.user_id);
  RETURN NEW;
END;
$$;

CREATE TRIGGER bets_unit_size BEFORE INSERT ON bets
FOR EACH ROW EXECUTE FUNCTION bets_unit_size();
