-- Void / push settlement, the sums behind level-stakes yield, the 95% intervals, the
-- p-value and the drawdown, and an optional unit size (docs/decisions/007).
--
-- A void bet (a cancelled event or a push) settles like won or lost — only after its event starts,
-- final once set, appended to the ledger by 0013's trigger with "status":"void" — with its stake
-- returned: profit_loss is 0.00 (a CHECK). It counts in total_bets and voided and in no rate.
ALTER TABLE "bets" DROP CONSTRAINT "bets_status";--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_status" CHECK ("bets"."status" in ('pending', 'won', 'lost', 'void'));--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_void_returns_stake" CHECK ("bets"."status" <> 'void' or "bets"."profit_loss" = 0);--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "unit_size" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_unit_size_range" CHECK ("user_settings"."unit_size" is null or "user_settings"."unit_size" between 0.01 and 1000000);--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "voided" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "profit_stake" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "stake_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "break_even_var" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "longest_loss_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "current_loss_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "peak_profit" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_stats" ADD COLUMN "max_drawdown" numeric(20, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- The community summaries (0009, 0012, 0016) for the ranking by level-stakes yield: each day of a
-- user's settlements, and each stored "totals before a day", also keeps Σ u, Σ u² and Σ odds of
-- its won and lost bets (and running totals of them per day), so the Spotlight has a period's
-- yield interval from a few summary rows (docs/decisions/007). A void bet is in no day: days,
-- like every rate, count won and lost bets only (user_sport_stats counts it among a sport's bets,
-- with nothing won, lost or made).
ALTER TABLE "user_bet_days" ADD COLUMN "level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "cum_level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "cum_level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_days" ADD COLUMN "cum_odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD COLUMN "level_profit" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD COLUMN "level_profit_sq" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_bet_totals_before" ADD COLUMN "odds_sum" numeric DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE user_bet_days d SET cum_level_profit = w.cum_level_profit, cum_level_profit_sq = w.cum_level_profit_sq,
       cum_odds_sum = w.cum_odds_sum
FROM (
  SELECT user_id, day, sum(level_profit) OVER x AS cum_level_profit, sum(level_profit_sq) OVER x AS cum_level_profit_sq,
         sum(odds_sum) OVER x AS cum_odds_sum
  FROM user_bet_days WINDOW x AS (PARTITION BY user_id ORDER BY day)
) w
WHERE d.user_id = w.user_id AND d.day = w.day;
--> statement-breakpoint
DELETE FROM user_bet_totals_before_days;
