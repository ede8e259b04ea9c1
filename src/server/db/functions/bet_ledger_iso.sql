-- A timestamp as the ledger writes it: ISO 8601 in UTC to the millisecond, as JavaScript's toISOString.
CREATE OR REPLACE FUNCTION bet_ledger_iso(ts timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$ SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
