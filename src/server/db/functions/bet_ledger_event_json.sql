-- A graded bet's or leg's event in the ledger (RFC 8785 key order), or '' for a self-reported one,
-- whose entries are as they always were (docs/LEDGER.md). STABLE, as to_json is: so it is inlined
-- into the query that builds a statement's entries rather than called once per entry.
CREATE OR REPLACE FUNCTION bet_ledger_event_json(event_id uuid, market text, selection text, line numeric) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN event_id IS NULL THEN '' ELSE
    ',"event":{"id":' || to_json(event_id::text)::text
    || CASE WHEN line IS NULL THEN '' ELSE ',"line":' || trim_scale(line)::text END
    || ',"market":' || to_json(market)::text
    || ',"selection":' || to_json(selection)::text || '}'
  END
$$;
