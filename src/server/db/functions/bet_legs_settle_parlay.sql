-- A leg settled: its ledger entry, then the parlay settles itself when the legs decide it — lost
-- as soon as a leg loses; won when every leg is won or void, at the product of the won legs' odds
-- (a void leg counts 1.00; decimal odds and potential win recomputed, rounded half up from the
-- exact product); void when every leg is void. settled_at is the leg's.
CREATE OR REPLACE FUNCTION bet_legs_settle_parlay() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  p bets;
  o record;
  win numeric;
BEGIN
  SELECT * INTO p FROM bets WHERE id = NEW.bet_id FOR UPDATE;
  -- Another leg settled it meanwhile (this leg's guard read it before that committed).
  IF p.status <> 'pending' THEN
    RAISE EXCEPTION 'leg % belongs to a settled parlay', NEW.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'bet_legs_parlay_settled';
  END IF;
  PERFORM bet_ledger_append(p, 'leg-settled', NEW.settled_at, NEW);
  IF NEW.status = 'lost' THEN
    UPDATE bets SET status = 'lost', profit_loss = -amount, settled_at = NEW.settled_at WHERE id = p.id;
  ELSIF NOT EXISTS (SELECT 1 FROM bet_legs WHERE bet_id = p.id AND status = 'pending') THEN
    IF NOT EXISTS (SELECT 1 FROM bet_legs WHERE bet_id = p.id AND status <> 'void') THEN
      UPDATE bets SET status = 'void', profit_loss = 0, settled_at = NEW.settled_at WHERE id = p.id;
    ELSE
      o := parlay_odds(p.id, true);
      win := rational_round(p.amount * o.num, o.den, 2);
      UPDATE bets SET status = 'won', decimal_odds = rational_round(o.num, o.den, 6), potential_win = win,
                      profit_loss = win - amount, settled_at = NEW.settled_at
      WHERE id = p.id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_legs_settle_parlay AFTER UPDATE ON bet_legs
FOR EACH ROW WHEN (OLD.status = 'pending' AND NEW.status <> 'pending') EXECUTE FUNCTION bet_legs_settle_parlay();
