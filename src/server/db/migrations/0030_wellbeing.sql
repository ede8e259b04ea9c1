-- The bettor's own wellbeing settings (docs/decisions/034): a budget for a period, a cool-off, the
-- reality-check reminder and the monthly statement, and how often the loss-chasing question was
-- asked. One row per user who has set anything; nobody but the owner reads it.
CREATE TABLE user_wellbeing (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  budget_period text CONSTRAINT user_wellbeing_budget_period CHECK (budget_period IN ('week', 'month', 'payday')),
  -- The day of the month pay arrives (a month shorter than it pays on its last day).
  pay_day smallint CONSTRAINT user_wellbeing_pay_day CHECK (pay_day BETWEEN 1 AND 31),
  stake_limit numeric(12, 2) CONSTRAINT user_wellbeing_stake_limit CHECK (stake_limit >= 0.01),
  loss_limit numeric(12, 2) CONSTRAINT user_wellbeing_loss_limit CHECK (loss_limit >= 0.01),
  cool_off_started_at timestamp with time zone,
  cool_off_until timestamp with time zone,
  reality_check_minutes smallint CONSTRAINT user_wellbeing_reality_check CHECK (reality_check_minutes IN (30, 60, 120)),
  monthly_statement boolean NOT NULL DEFAULT false,
  -- The first day of the last month a statement was sent for (the background step claims a month once).
  last_statement_month date,
  loss_chase_prompts integer NOT NULL DEFAULT 0,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  -- A period has at least one limit, and a limit has a period.
  CONSTRAINT user_wellbeing_budget_complete CHECK (
    (budget_period IS NULL) = (stake_limit IS NULL AND loss_limit IS NULL)
  ),
  -- A pay day exactly when the period runs from one.
  CONSTRAINT user_wellbeing_pay_day_period CHECK ((pay_day IS NOT NULL) = (budget_period IS NOT DISTINCT FROM 'payday')),
  CONSTRAINT user_wellbeing_cool_off_pair CHECK ((cool_off_started_at IS NULL) = (cool_off_until IS NULL)),
  CONSTRAINT user_wellbeing_cool_off_order CHECK (cool_off_until > cool_off_started_at)
);
--> statement-breakpoint
-- What each user staked per day of recording (UTC), so a budget period's stakes are at most 31 rows
-- whatever the history (the net result comes from user_bet_days). Kept by statement triggers on
-- bets (function user_stake_days_apply).
CREATE TABLE user_stake_days (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  day date NOT NULL,
  staked numeric(20, 2) NOT NULL DEFAULT 0,
  bets integer NOT NULL DEFAULT 0,
  CONSTRAINT user_stake_days_pkey PRIMARY KEY (user_id, day)
);
--> statement-breakpoint
INSERT INTO user_stake_days (user_id, day, staked, bets)
SELECT user_id, (created_at AT TIME ZONE 'UTC')::date, sum(amount), count(*)::int
FROM bets GROUP BY 1, 2;
