/** Test helpers for the profiles suites: bets written straight to the database, profile lookups. */
import { eq, sql } from 'drizzle-orm';
import { bets, profiles } from '../../db/schema/index.ts';
import type { TestEnv } from '../../test/harness.ts';
import type { BetStatus, Sport } from '../../../shared/bets.ts';
import { HOUR_MS, DAY_MS } from '../../../shared/time-units.ts';

export interface BetSpec {
  amount?: string;
  status?: BetStatus;
  odds?: string;
  /** Decimal odds; the default is 2 (odds "2"). */
  decimalOdds?: string;
  sport?: Sport;
  description?: string;
  createdAt?: Date;
  /** For won, lost and void bets; the default is an hour after the previous bet's. */
  settledAt?: Date;
}

/**
 * Inserts bets in one statement, as any SQL client could (the summary triggers see them all at
 * once). Recorded in the past, each event more than 6 hours after its record (the CHECK), settled
 * in the order given unless `settledAt` says otherwise. Profit follows the product's rules.
 */
export async function insertBets(env: TestEnv, userId: string, specs: BetSpec[]) {
  if (specs.length === 0) return [];
  const start = Date.now() - 400 * DAY_MS;
  const rows = specs.map((spec, i) => {
    const status = spec.status ?? 'pending';
    const createdAt = spec.createdAt ?? new Date(start + i * 1000);
    const amount = spec.amount ?? '10.00';
    const decimal = spec.decimalOdds ?? '2';
    const potential = sql`round(${amount}::numeric * ${decimal}::numeric, 2)`;
    return {
      userId,
      description: spec.description ?? `bet ${i}`,
      amount,
      odds: spec.odds ?? decimal,
      decimalOdds: decimal,
      betType: spec.sport ?? 'soccer',
      eventDate: new Date(createdAt.getTime() + 7 * HOUR_MS),
      status,
      potentialWin: potential,
      profitLoss:
        status === 'won'
          ? sql`round(${amount}::numeric * ${decimal}::numeric, 2) - ${amount}::numeric`
          : status === 'lost'
            ? sql`-${amount}::numeric`
            : status === 'void'
              ? '0'
              : null,
      settledAt: status === 'pending' ? null : (spec.settledAt ?? new Date(start + 10 * DAY_MS + i * HOUR_MS)),
      createdAt,
    };
  });
  return env.db.insert(bets).values(rows).returning();
}

/**
 * `count` bets in one INSERT ... SELECT generate_series: a third won, a third lost, a third
 * pending, descriptions 'seeded bet {n}', recorded a minute apart (n = 1 newest).
 */
export async function seedBets(env: TestEnv, userId: string, count: number) {
  // In statements of 2,000: within one statement each appended ledger entry walks past the row
  // versions the statement's earlier entries left, so one statement of 20,000 took most of the
  // 20,000-bet export test's 150 s on PGlite (bench/shared.ts seedUserBets does the same).
  for (let from = 1; from <= count; from += SEED_BETS_PER_STATEMENT) {
    const to = Math.min(from + SEED_BETS_PER_STATEMENT - 1, count);
    await env.db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                        potential_win, profit_loss, settled_at, created_at)
      select ${userId}, 'seeded bet ' || g, amount, '2.5', 2.5, 'soccer', created_at + interval '7 hours', status,
             amount * 2.5,
             case status when 'won' then amount * 1.5 when 'lost' then -amount end,
             case when status = 'pending' then null else created_at + interval '1 day' end,
             created_at
      from (
        select g, (1 + g % 500)::numeric(12, 2) as amount,
               (array['won', 'lost', 'pending'])[1 + g % 3] as status,
               now() - interval '30 days' - g * interval '1 minute' as created_at
        from generate_series(${from}::int, ${to}::int) g
      ) s`);
  }
}

const SEED_BETS_PER_STATEMENT = 2_000;

export async function usernameOf(env: TestEnv, userId: string): Promise<string> {
  const [row] = await env.db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, userId));
  if (!row) throw new Error(`no profile for ${userId}`);
  return row.username;
}
