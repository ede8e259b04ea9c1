-- bet_prices (migration 0035, docs/decisions/040): a graded single bet's best price seen and fair
-- closing odds, from its event's prices. Kept when the bet is recorded and whenever prices of its
-- event arrive or change (a results file brings the closing prices after the grading), by
-- recomputing the rows of the bets concerned:
--   best_odds: the highest price any bookmaker (or the feed's market maximum) gave the bet's
--     selection, pre-match or closing; above_market: the bet's odds exceed it by more than 5%.
--   fair_close: the selection's closing price times the closing book's sum of 1/price over the
--     market's selections (the margin removed in proportion), from Pinnacle's ('PS') closing prices,
--     else the market average's ('Avg'), only when that source priced every selection;
--   clv: odds taken / fair_close - 1.
CREATE OR REPLACE FUNCTION bet_prices_apply() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  bet_ids uuid[];
BEGIN
  IF TG_TABLE_NAME = 'bets' THEN
    SELECT array_agg(id) INTO bet_ids FROM new_rows WHERE event_id IS NOT NULL;
  ELSE
    SELECT array_agg(b.id) INTO bet_ids FROM bets b
    WHERE b.event_id IN (SELECT DISTINCT event_id FROM new_rows) AND b.event_id IS NOT NULL;
  END IF;
  IF bet_ids IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO bet_prices AS p (bet_id, user_id, best_odds, fair_close, above_market, clv)
  SELECT b.id, b.user_id, best.odds, fair.odds, b.decimal_odds > best.odds * 1.05,
         round(b.decimal_odds / fair.odds - 1, 6)
  FROM bets b
  CROSS JOIN LATERAL (
    SELECT max(e.odds) AS odds FROM event_prices e
    WHERE e.event_id = b.event_id AND e.market = b.market AND e.selection = b.selection
      AND e.line IS NOT DISTINCT FROM b.line
  ) best
  LEFT JOIN LATERAL (
    SELECT round(max(c.odds) FILTER (WHERE c.selection = b.selection) * sum(1 / c.odds), 6) AS odds
    FROM event_prices c
    WHERE c.event_id = b.event_id AND c.kind = 'closing' AND c.market = b.market
      AND c.line IS NOT DISTINCT FROM b.line AND c.bookmaker IN ('PS', 'Avg')
    GROUP BY c.bookmaker
    HAVING count(*) = CASE WHEN b.market = '1x2' THEN 3 ELSE 2 END
       AND count(*) FILTER (WHERE c.selection = b.selection) = 1
    ORDER BY c.bookmaker = 'PS' DESC
    LIMIT 1
  ) fair ON true
  WHERE b.id = ANY (bet_ids) AND best.odds IS NOT NULL
  ORDER BY b.id
  ON CONFLICT (bet_id) DO UPDATE
  SET best_odds = excluded.best_odds, fair_close = excluded.fair_close,
      above_market = excluded.above_market, clv = excluded.clv
  WHERE (p.best_odds, p.fair_close, p.above_market, p.clv)
        IS DISTINCT FROM (excluded.best_odds, excluded.fair_close, excluded.above_market, excluded.clv);
  RETURN NULL;
END;
$$;

CREATE TRIGGER bet_prices_on_bets AFTER INSERT ON bets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_prices_apply();

CREATE TRIGGER bet_prices_on_prices_insert AFTER INSERT ON event_prices REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_prices_apply();

CREATE TRIGGER bet_prices_on_prices_update AFTER UPDATE ON event_prices REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION bet_prices_apply();
