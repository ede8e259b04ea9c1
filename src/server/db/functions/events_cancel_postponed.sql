-- Postponed for good (decision 023): an event still postponed 72 hours after its latest known start
-- counts as cancelled, so its bets are void (events_grade). Run by every import and correction.
CREATE OR REPLACE FUNCTION events_cancel_postponed(at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  UPDATE events SET status = 'cancelled', updated_at = at
  WHERE status = 'postponed' AND starts_at <= at - interval '72 hours';
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END;
$$;
