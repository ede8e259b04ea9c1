-- What the Spotlight's level-stakes ranking kept and nothing reads since the luck-adjusted ranking
-- (docs/decisions/038, 048): the totals before each window start, and user_bet_days's stakes, level
-- sums and running totals. user_bet_days keeps the plain sums its readers use (the profile's
-- analytics, the well-being budget and statements), so a settlement only adds to its own day's
-- row (db/functions/community_summaries_apply.sql). The function level_yield_low goes with its
-- file (db/functions.ts drops a function whose file is gone).
DROP TABLE "user_bet_totals_before";
--> statement-breakpoint
DROP TABLE "user_bet_totals_before_days";
--> statement-breakpoint
ALTER TABLE "user_bet_days"
  DROP COLUMN "staked",
  DROP COLUMN "level_profit",
  DROP COLUMN "level_profit_sq",
  DROP COLUMN "odds_sum",
  DROP COLUMN "cum_settled",
  DROP COLUMN "cum_won",
  DROP COLUMN "cum_profit",
  DROP COLUMN "cum_staked",
  DROP COLUMN "cum_level_profit",
  DROP COLUMN "cum_level_profit_sq",
  DROP COLUMN "cum_odds_sum";
