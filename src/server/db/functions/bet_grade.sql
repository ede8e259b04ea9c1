-- The result of a bet on a listed event from the final score (src/shared/events.ts `grade` is the
-- same rule; grading.property.test.ts holds the two and a plain reference to agreeing):
--   moneyline (2-way): the side that scored more wins; a draw is void (the stake comes back).
--   1x2 (3-way): home, draw or away, exactly one wins.
--   spread: `line` is the home side's handicap; home wins when home + line > away, away when
--     home + line < away, and a whole-number line that lands exactly is a push: void.
--   total: over wins when home + away > line, under when below; exactly on the line is void.
-- Null without a score.
CREATE OR REPLACE FUNCTION bet_grade(market text, selection text, line numeric, home_score int, away_score int)
RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN home_score IS NULL OR away_score IS NULL THEN NULL
    WHEN market IN ('moneyline', '1x2') AND home_score = away_score THEN
      CASE WHEN market = 'moneyline' THEN 'void' WHEN selection = 'draw' THEN 'won' ELSE 'lost' END
    WHEN market IN ('moneyline', '1x2') THEN
      CASE WHEN selection = CASE WHEN home_score > away_score THEN 'home' ELSE 'away' END THEN 'won' ELSE 'lost' END
    WHEN market = 'spread' THEN
      CASE sign((home_score + line - away_score) * CASE WHEN selection = 'home' THEN 1 ELSE -1 END)
        WHEN 1 THEN 'won' WHEN -1 THEN 'lost' ELSE 'void' END
    WHEN market = 'total' THEN
      CASE sign((home_score + away_score - line) * CASE WHEN selection = 'over' THEN 1 ELSE -1 END)
        WHEN 1 THEN 'won' WHEN -1 THEN 'lost' ELSE 'void' END
  END
$$;
