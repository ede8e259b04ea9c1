-- A leg in the ledger (RFC 8785 key order), its status shown as `shown_status` when given; a
-- graded leg's pick under "event" (bet_ledger_event_json).
CREATE OR REPLACE FUNCTION bet_ledger_leg_json(l bet_legs, shown_status text DEFAULT NULL) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '{"description":' || to_json(l.description)::text
    || bet_ledger_event_json(l.event_id, l.market, l.selection, l.line)
    || ',"eventStart":' || to_json(bet_ledger_iso(l.event_date))::text
    || ',"id":' || to_json(l.id::text)::text
    || ',"odds":' || to_json(l.odds)::text
    || ',"sport":' || to_json(l.sport)::text
    || ',"status":' || to_json(coalesce(shown_status, l.status))::text || '}'
$$;
