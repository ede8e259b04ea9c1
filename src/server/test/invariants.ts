/**
 * The rules every stored row obeys, checked against the whole database: after the fuzz suite
 * (or any test that throws hostile or concurrent writes at the app) nothing stored breaks them.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { DESCRIPTION_MAX_LENGTH } from '../../shared/bets.ts';
import { DISPLAY_NAME_MAX_LENGTH } from '../../shared/display-name.ts';
import { isUnstorableText } from '../../shared/text.ts';
import { isProfileUsername, isReservedUsername } from '../../shared/usernames.ts';
import { getBetStats } from '../modules/bets/bet-stats.ts';
import { recountBetStats } from './recount-bet-stats.ts';
import { readCommunitySummaries, recountCommunitySummaries } from '../modules/community/queries.ts';
import type { TestEnv } from './harness.ts';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Stored text a client sent: well-formed, no NUL, trimmed as the schemas trim. */
export function expectCleanText(text: string, what: string) {
  expect(isUnstorableText(text), `${what}: ${JSON.stringify(text)}`).toBe(false);
  expect(text, what).toBe(text.trim());
}

interface BetRow {
  id: string;
  description: string;
  odds: string;
  status: string;
  amount: string;
  decimalOdds: string;
  potentialWin: string;
  profitLoss: string | null;
  eventAfterRecord: boolean;
  withinTwoYears: boolean;
  settledConsistently: boolean;
  settledAfterEvent: boolean;
}

/**
 * Every bet: the 6-hour rule (and at most 2 years ahead) against its own created_at, stake and odds
 * within limits, a valid status with profit and settled time to match, settled no earlier than its
 * event started, potential win = stake × decimal odds, and clean description and odds text.
 */
export async function expectBetsObeyTheRules(env: TestEnv) {
  const rows = rowsOf<BetRow>(
    await env.db.execute(sql`
      select id, description, odds, status, amount::text as amount, decimal_odds::text as "decimalOdds",
             potential_win::text as "potentialWin", profit_loss::text as "profitLoss",
             event_date > created_at + interval '6 hours' as "eventAfterRecord",
             event_date <= created_at + interval '2 years' as "withinTwoYears",
             (status = 'pending') = (settled_at is null) as "settledConsistently",
             settled_at is null or settled_at >= event_date as "settledAfterEvent"
      from bets`),
  );
  for (const bet of rows) {
    const what = `bet ${bet.id}`;
    expect(bet.eventAfterRecord, `${what}: event at least 6 hours after it was recorded`).toBe(true);
    expect(bet.withinTwoYears, `${what}: event at most 2 years ahead`).toBe(true);
    expect(['pending', 'won', 'lost', 'void'], what).toContain(bet.status);
    expect(bet.settledConsistently, what).toBe(true);
    expect(bet.settledAfterEvent, `${what}: settled after its event started`).toBe(true);
    const amount = Number(bet.amount);
    const odds = Number(bet.decimalOdds);
    expect(amount >= 0.01 && amount <= 1_000_000, `${what}: stake ${bet.amount}`).toBe(true);
    expect(odds > 1 && odds <= 100_000, `${what}: decimal odds ${bet.decimalOdds}`).toBe(true);
    // Potential win is the exact stake × odds rounded to cents; decimal_odds is that rounded to 6 places.
    expect(Math.abs(Number(bet.potentialWin) - amount * odds), `${what}: potential win`).toBeLessThanOrEqual(
      0.005 + amount * 0.000_000_5 + 1e-9,
    );
    const expectedProfit = {
      pending: null,
      won: (Number(bet.potentialWin) - amount).toFixed(2),
      lost: (-amount).toFixed(2),
      void: '0.00',
    };
    expect(bet.profitLoss === null ? null : Number(bet.profitLoss).toFixed(2), `${what}: profit`).toBe(
      expectedProfit[bet.status as 'pending' | 'won' | 'lost' | 'void'],
    );
    expectCleanText(bet.description, `${what}: description`);
    expect(bet.description.length, what).toBeGreaterThan(0);
    // In characters (code points), as the schema and the CHECK count them.
    expect([...bet.description].length, what).toBeLessThanOrEqual(DESCRIPTION_MAX_LENGTH);
    expectCleanText(bet.odds, `${what}: odds`);
  }
  return rows.length;
}

/** Each user's kept summaries (statistics, days, sports) equal a recount from their bets. */
export async function expectSummariesMatchRecount(env: TestEnv, userIds: string[]) {
  const now = env.clock.now();
  for (const userId of userIds) {
    expect(await getBetStats(env.db, userId, now), `stats of ${userId}`).toEqual(
      await recountBetStats(env.db, userId, now),
    );
    expect(await readCommunitySummaries(env.db, userId), `community summaries of ${userId}`).toEqual(
      await recountCommunitySummaries(env.db, userId),
    );
  }
}

/**
 * Every profile: a valid, unreserved, unique username, a valid status, a clean display name no
 * longer than the profile form takes (whether set there or made from the sign-up's full name).
 */
export async function expectProfilesObeyTheRules(env: TestEnv) {
  const rows = rowsOf<{ username: string; displayName: string | null; status: string }>(
    await env.db.execute(
      sql`select username, display_name as "displayName", verification_status as status from profiles`,
    ),
  );
  for (const { username, displayName, status } of rows) {
    expect(isProfileUsername(username), `${username} is a chosen or a neutral username`).toBe(true);
    expect(isReservedUsername(username), `${username} is reserved`).toBe(false);
    expect(['unverified', 'pending', 'verified']).toContain(status);
    if (displayName !== null) {
      expect(isUnstorableText(displayName), `display name of ${username}`).toBe(false);
      expect(displayName.length, `display name of ${username}`).toBeGreaterThan(0);
      // The schemas count characters (code points), not UTF-16 units.
      expect([...displayName].length, `display name of ${username}`).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH);
    }
  }
  expect(new Set(rows.map((r) => r.username)).size).toBe(rows.length);
  return rows.length;
}
