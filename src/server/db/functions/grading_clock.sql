-- The time a grading settles at: the server's clock as the transaction set it
-- (set_config('betproof.grading_at', …, true): the import and the admin's correction read the
-- request's clock), else the database's.
CREATE OR REPLACE FUNCTION grading_clock() RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT coalesce(nullif(current_setting('betproof.grading_at', true), '')::timestamptz, statement_timestamp())
$$;
