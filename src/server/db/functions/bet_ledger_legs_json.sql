-- A parlay's legs in its ledger entry, ordered by position: `,"legs":[…]` ('' with none). In a
-- recorded entry every leg shows pending (they are recorded with the parlay); otherwise each its
-- own status. PL/pgSQL, whose plan is kept between calls (an SQL function's aggregate query would
-- be planned again at every entry).
CREATE OR REPLACE FUNCTION bet_ledger_legs_json(p_bet_id uuid, p_kind text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((
    SELECT ',"legs":[' || string_agg(bet_ledger_leg_json(l, CASE WHEN p_kind = 'recorded' THEN 'pending' END), ','
                                     ORDER BY l.position) || ']'
    FROM bet_legs l WHERE l.bet_id = p_bet_id), '');
END;
$$;
