-- The time a grading settles at, and the clock of the delete window (bets_guard_record): the
-- server's clock as the transaction set it (set_config('betproof.grading_at', …, true): the import,
-- the admin's correction and a bet's deletion read the request's clock), else the database's.
CREATE OR REPLACE FUNCTION grading_clock() RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('betproof.grading_at', true), '')::timestamptz, statement_timestamp())
$$;
