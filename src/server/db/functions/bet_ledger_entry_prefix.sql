-- A ledger entry's text up to its place in the chain (docs/LEDGER.md): every key before
-- "prevHash", which bet_ledger_append_entries adds with "seq". The text is RFC 8785 (JCS)
-- canonical JSON: keys in code-unit order, no whitespace, integers as integers, strings escaped as
-- JSON.stringify does (to_json(text) escapes exactly ", \, and U+0000-U+001F, the short forms for
-- \b\f\n\r\t). A parlay's legs are in its "bet" (ordered by position; all pending in the recorded
-- entry; left out of a deleted entry, whose legs the cascade has removed before it is written),
-- and the settled leg of a leg-settled entry is under "leg". A graded bet's pick is under "event",
-- after its description ("description" < "event" < "eventStart" in code-unit order); a
-- self-reported bet's entry has none, as every entry before the events catalog. `p_origin`:
-- bet_ledger_origin(). One SQL expression, so a statement appending many entries builds them all
-- in one pass.
CREATE OR REPLACE FUNCTION bet_ledger_entry_prefix(b bets, p_kind text, p_at timestamptz, p_leg bet_legs, p_origin text)
RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT '{"at":' || to_json(bet_ledger_iso(p_at))::text
    || ',"bet":{"description":' || to_json(b.description)::text
    || bet_ledger_event_json(b.event_id, b.market, b.selection, b.line)
    || ',"eventStart":' || to_json(bet_ledger_iso(b.event_date))::text
    || ',"id":' || to_json(b.id::text)::text
    || CASE WHEN b.leg_count IS NOT NULL AND p_kind <> 'deleted' THEN bet_ledger_legs_json(b.id, p_kind) ELSE '' END
    || ',"odds":' || to_json(b.odds)::text
    || ',"profit":' || CASE WHEN p_kind = 'recorded' OR b.profit_loss IS NULL THEN 'null'
                            ELSE ((b.profit_loss * 100)::bigint)::text END
    || ',"sport":' || to_json(b.bet_type)::text
    || ',"stake":' || ((b.amount * 100)::bigint)::text
    || ',"status":' || to_json(CASE WHEN p_kind = 'recorded' THEN 'pending' ELSE b.status END)::text
    || '},"kind":' || to_json(p_kind)::text
    || CASE WHEN p_leg IS NULL THEN '' ELSE ',"leg":' || bet_ledger_leg_json(p_leg) END
    || CASE WHEN p_origin IS NULL THEN '' ELSE ',"origin":' || to_json(p_origin)::text END
$$;
