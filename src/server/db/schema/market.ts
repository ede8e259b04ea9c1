import { boolean, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { bets } from './bets.ts';

/**
 * A graded single bet's prices from the feeds (migration 0035, docs/decisions/040), kept by
 * db/functions/bet_prices_apply.sql: the best price seen for its selection, whether its odds exceed
 * it by more than 5% (it then counts at that price in public figures), and its closing-line value.
 */
export const betPrices = pgTable('bet_prices', {
  betId: uuid('bet_id')
    .primaryKey()
    .references(() => bets.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  bestOdds: numeric('best_odds', { precision: 14, scale: 6 }),
  fairClose: numeric('fair_close', { precision: 14, scale: 6 }),
  aboveMarket: boolean('above_market').notNull().default(false),
  clv: numeric('clv', { precision: 12, scale: 6 }),
});

/** Per user, bet_prices summed (db/functions/user_market_figures_apply.sql): one row per profile read. */
export const userMarketFigures = pgTable('user_market_figures', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  aboveMarket: integer('above_market').notNull().default(0),
  profitExcess: numeric('profit_excess', { precision: 20, scale: 2 }).notNull().default('0'),
  oddsExcess: numeric('odds_excess').notNull().default('0'),
  levelProfitExcess: numeric('level_profit_excess').notNull().default('0'),
  levelProfitSqExcess: numeric('level_profit_sq_excess').notNull().default('0'),
  profitSqExcess: numeric('profit_sq_excess').notNull().default('0'),
  profitStakeExcess: numeric('profit_stake_excess').notNull().default('0'),
  breakEvenVarExcess: numeric('break_even_var_excess').notNull().default('0'),
  closes: integer('closes').notNull().default(0),
  beatClose: integer('beat_close').notNull().default(0),
  clvSum: numeric('clv_sum').notNull().default('0'),
});

/** What achievements count (migration 0037, docs/decisions/047): kept by user_achievement_figures_apply. */
export const userAchievementFigures = pgTable('user_achievement_figures', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  positions: integer('positions').notNull().default(0),
  won: integer('won').notNull().default(0),
  profit: numeric('profit', { precision: 20, scale: 2 }).notNull().default('0'),
  longestWinStreak: integer('longest_win_streak').notNull().default(0),
  maxStake: numeric('max_stake', { precision: 20, scale: 2 }).notNull().default('0'),
});
