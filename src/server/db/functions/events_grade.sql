-- The grading: when an event becomes final, every pending bet and parlay leg on it is settled from
-- its score, in this statement's transaction (the ledger's and the summaries' triggers follow as
-- for any settlement); when it becomes cancelled, they are void. A leg of a parlay already settled
-- (lost by another leg) stays as it is. A postponed event changes nothing (decision 023).
--
-- Without JIT compilation (decision 058), for this function and every trigger its UPDATEs run: the
-- planner prices a statement trigger's queries over thousands of transition rows above
-- jit_above_cost, and compiling one took 40-200 ms, more than running it (a grading of 10,000
-- bets compiled several, 0.4 s in all).
CREATE OR REPLACE FUNCTION events_grade() RETURNS trigger
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  at timestamptz := grading_clock();
  fixed text := CASE WHEN NEW.status = 'cancelled' THEN 'void' END;
BEGIN
  IF NOT (NEW.status IN ('final', 'cancelled') AND (TG_OP = 'INSERT' OR OLD.status <> NEW.status)) THEN
    RETURN NULL;
  END IF;
  -- One scan of the pending bets, no join: the result is written out twice (status, and the
  -- profit it makes), bet_grade being an inlined CASE (docs/decisions/060).
  UPDATE bets b
  SET status = coalesce(fixed, bet_grade(b.market, b.selection, b.line, NEW.home_score, NEW.away_score)),
      profit_loss = CASE coalesce(fixed, bet_grade(b.market, b.selection, b.line, NEW.home_score, NEW.away_score))
                      WHEN 'won' THEN b.potential_win - b.amount WHEN 'lost' THEN -b.amount ELSE 0 END,
      settled_at = greatest(at, b.event_date)
  WHERE b.event_id = NEW.id AND b.status = 'pending';
  UPDATE bet_legs l
  SET status = coalesce(fixed, bet_grade(l.market, l.selection, l.line, NEW.home_score, NEW.away_score)),
      settled_at = greatest(at, l.event_date)
  WHERE l.event_id = NEW.id AND l.status = 'pending'
    AND EXISTS (SELECT 1 FROM bets p WHERE p.id = l.bet_id AND p.status = 'pending');
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_grade AFTER INSERT OR UPDATE OF status ON events
FOR EACH ROW EXECUTE FUNCTION events_grade();
