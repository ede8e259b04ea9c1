/**
 * The bettor's wellbeing settings and figures (docs/decisions/034, 035). Every function takes the
 * owner's id from their session; nothing here is reachable for another user.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoText, queryRows, violatedConstraint } from '../../db/sql.ts';
import { parseMoney, type Cents } from '../../../shared/money.ts';
import {
  budgetPeriodRange,
  budgetStanding,
  coolOffEnd,
  LOSS_CHASE_MIN_LOSSES,
  LOSS_CHASE_STAKES_SAMPLE,
  LOSS_CHASE_WINDOW_MS,
  type BudgetPeriod,
  type BudgetStanding,
  type CoolOffDays,
} from '../../../shared/wellbeing.ts';
import type { Budget, CoolOff, PutWellbeingInput, Wellbeing } from '../../../shared/wellbeing-schemas.ts';
import { previousMonth } from './statements.ts';

interface SettingsRow {
  budget_period: BudgetPeriod | null;
  pay_day: number | null;
  stake_limit: string | null;
  loss_limit: string | null;
  cool_off_started_at: string | null;
  cool_off_until: string | null;
  reality_check_minutes: number | null;
  monthly_statement: boolean;
}

const settingsColumns = sql`budget_period, pay_day, stake_limit::text AS stake_limit, loss_limit::text AS loss_limit,
  ${isoText('cool_off_started_at')} AS cool_off_started_at, ${isoText('cool_off_until')} AS cool_off_until,
  reality_check_minutes, monthly_statement`;

async function readSettings(db: Db, userId: string): Promise<SettingsRow | null> {
  const [row] = await queryRows<SettingsRow>(
    db,
    sql`SELECT ${settingsColumns} FROM user_wellbeing WHERE user_id = ${userId}`,
  );
  return row ?? null;
}

const budgetOf = (row: SettingsRow | null): Budget | null =>
  row?.budget_period
    ? { period: row.budget_period, payDay: row.pay_day, stakeLimit: row.stake_limit, lossLimit: row.loss_limit }
    : null;

/** The cool-off while it lasts at `at`. */
const coolOffOf = (row: SettingsRow | null, at: Date): CoolOff | null =>
  row?.cool_off_until && Date.parse(row.cool_off_until) > at.getTime()
    ? { startedAt: row.cool_off_started_at!, until: row.cool_off_until }
    : null;

/**
 * What the owner staked (bets recorded) and won or lost (bets settled) in the period holding `at`:
 * at most 31 rows of each day summary (user_stake_days, user_bet_days), whatever the history.
 */
async function periodSums(db: Db, userId: string, budget: Budget, at: Date) {
  const { start, end } = budgetPeriodRange(budget.period, budget.payDay, at);
  const [row] = await queryRows<{ staked: string; net_result: string }>(
    db,
    sql`SELECT
      (SELECT coalesce(sum(staked), 0)::text FROM user_stake_days
        WHERE user_id = ${userId} AND day >= ${start}::date AND day < ${end}::date) AS staked,
      (SELECT coalesce(sum(profit), 0)::text FROM user_bet_days
        WHERE user_id = ${userId} AND day >= ${start}::date AND day < ${end}::date) AS net_result`,
  );
  return { staked: row!.staked, netResult: row!.net_result };
}

/** The owner's budget standing now, `extraStake` added as if recorded; null without a budget. */
export async function readBudgetStanding(
  db: Db,
  userId: string,
  at: Date,
  extraStake: Cents = 0n,
): Promise<BudgetStanding | null> {
  const budget = budgetOf(await readSettings(db, userId));
  if (!budget) return null;
  return budgetStanding(budget, await periodSums(db, userId, budget, at), at, extraStake);
}

export async function readWellbeing(db: Db, userId: string, at: Date): Promise<Wellbeing> {
  const row = await readSettings(db, userId);
  const budget = budgetOf(row);
  return {
    budget,
    standing: budget ? budgetStanding(budget, await periodSums(db, userId, budget, at), at) : null,
    coolOff: coolOffOf(row, at),
    realityCheckMinutes: row?.reality_check_minutes ?? null,
    monthlyStatement: row?.monthly_statement ?? false,
  };
}

/** Replaces the settings `input` names, leaving the others as they are. */
export async function writeWellbeing(db: Db, userId: string, input: PutWellbeingInput, at: Date): Promise<void> {
  const set = [];
  const b = input.budget;
  if (b !== undefined) {
    set.push(
      sql`budget_period = ${b?.period ?? null}`,
      sql`pay_day = ${b?.period === 'payday' ? (b.payDay ?? null) : null}`,
      sql`stake_limit = ${b?.stakeLimit ?? null}::numeric`,
      sql`loss_limit = ${b?.lossLimit ?? null}::numeric`,
    );
  }
  if (input.realityCheckMinutes !== undefined) set.push(sql`reality_check_minutes = ${input.realityCheckMinutes}`);
  if (input.monthlyStatement !== undefined) {
    // Opting in starts with this month's statement (sent next month), not the month already past.
    set.push(
      sql`last_statement_month = CASE WHEN ${input.monthlyStatement} AND NOT monthly_statement
            THEN ${previousMonth(at).start}::date ELSE last_statement_month END`,
      sql`monthly_statement = ${input.monthlyStatement}`,
    );
  }
  set.push(sql`updated_at = ${at.toISOString()}::timestamptz`);
  await db.execute(sql`INSERT INTO user_wellbeing (user_id) VALUES (${userId}) ON CONFLICT (user_id) DO NOTHING`);
  await db.execute(sql`UPDATE user_wellbeing SET ${sql.join(set, sql`, `)} WHERE user_id = ${userId}`);
}

/** The end of the cool-off that lasts at `at`, or null: what a refused recording answers with. */
export async function activeCoolOffEnd(db: Db, userId: string, at: Date): Promise<string | null> {
  const [row] = await queryRows<{ until: string }>(
    db,
    sql`SELECT ${isoText('cool_off_until')} AS until FROM user_wellbeing
        WHERE user_id = ${userId} AND cool_off_until > ${at.toISOString()}::timestamptz`,
  );
  return row?.until ?? null;
}

export type CoolOffResult = { ok: true; coolOff: CoolOff } | { ok: false; until: string };

/**
 * Starts a cool-off of `days` from `at`, or lengthens the one that lasts: a lasting one keeps its
 * start. The database refuses an earlier end (trigger user_wellbeing_cool_off_only_longer); that
 * refusal is answered with the end that stands.
 */
export async function startCoolOff(db: Db, userId: string, days: CoolOffDays, at: Date): Promise<CoolOffResult> {
  const until = coolOffEnd(at, days).toISOString();
  const now = at.toISOString();
  try {
    const [row] = await queryRows<{ started_at: string; until: string }>(
      db,
      sql`INSERT INTO user_wellbeing AS w (user_id, cool_off_started_at, cool_off_until, updated_at)
          VALUES (${userId}, ${now}::timestamptz, ${until}::timestamptz, ${now}::timestamptz)
          ON CONFLICT (user_id) DO UPDATE SET
            cool_off_started_at = CASE WHEN w.cool_off_until > ${now}::timestamptz
                                       THEN w.cool_off_started_at ELSE excluded.cool_off_started_at END,
            cool_off_until = excluded.cool_off_until,
            updated_at = excluded.updated_at
          RETURNING ${isoText('w.cool_off_started_at')} AS started_at, ${isoText('w.cool_off_until')} AS until`,
    );
    return { ok: true, coolOff: { startedAt: row!.started_at, until: row!.until } };
  } catch (err) {
    if (!violatedConstraint(err, '23514', ['user_wellbeing_cool_off_only_longer'])) throw err;
    return { ok: false, until: (await activeCoolOffEnd(db, userId, at)) ?? until };
  }
}

/**
 * The figures of the loss-chasing rule, bounded whatever the history: the bets lost in the 24
 * hours before `at` (counted up to the rule's threshold plus a few, on the settled-bets index) and
 * the last 30 stakes (on the newest-first index).
 */
export async function lossChaseFigures(db: Db, userId: string, at: Date) {
  const since = new Date(at.getTime() - LOSS_CHASE_WINDOW_MS).toISOString();
  const [row] = await queryRows<{ losses: number; stakes: string[] | string }>(
    db,
    sql`SELECT
      (SELECT count(*)::int FROM (
         SELECT 1 FROM bets WHERE user_id = ${userId} AND status <> 'pending' AND status = 'lost'
           AND settled_at > ${since}::timestamptz AND settled_at <= ${at.toISOString()}::timestamptz
         LIMIT ${LOSS_CHASE_MIN_LOSSES + 7}) l) AS losses,
      (SELECT coalesce(json_agg(amount::text), '[]'::json) FROM (
         SELECT amount FROM bets WHERE user_id = ${userId}
         ORDER BY created_at DESC, id DESC LIMIT ${LOSS_CHASE_STAKES_SAMPLE}) s) AS stakes`,
  );
  const stakes = (typeof row!.stakes === 'string' ? JSON.parse(row!.stakes) : row!.stakes) as string[];
  return { recentLosses: row!.losses, lastStakes: stakes.map((s) => parseMoney(s) ?? 0n) };
}

/** Counts one asking of the loss-chasing question (private: only the owner's own row holds it). */
export async function countLossChasePrompt(db: Db, userId: string, at: Date): Promise<void> {
  await db.execute(
    sql`INSERT INTO user_wellbeing AS w (user_id, loss_chase_prompts, updated_at)
        VALUES (${userId}, 1, ${at.toISOString()}::timestamptz)
        ON CONFLICT (user_id) DO UPDATE SET loss_chase_prompts = w.loss_chase_prompts + 1`,
  );
}
