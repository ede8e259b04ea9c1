/**
 * What `npm run bench` measures against, written straight into a fresh database before the server
 * starts: a community of bettors from the project's seeder (src/server/db/seed.ts: realistic,
 * back-dated, mostly settled bets, so the Spotlight ranks people and public profiles have a
 * record), and the bench's own accounts — a reader, a few writers, and one user per scaling size,
 * each with exactly its number of bets (bulk SQL through the summary triggers, checked against a
 * recount).
 * Every account signs in with the seeder's password through the real API.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { getBetStats, recountBetStats } from '../src/server/modules/bets/queries.ts';
import { rowsOf, seedUserBets } from './shared.ts';

export interface BenchAccount {
  email: string;
  userId: string;
  /** Bets seeded for it. */
  bets: number;
}

export interface BenchData {
  password: string;
  /** Reads its bets, stats and a public profile. */
  reader: BenchAccount;
  /** Record bets, several at once (one user's writes take turns on their summary row). */
  writers: BenchAccount[];
  /** One per scaling size, in the order given. */
  scaling: BenchAccount[];
  community: { users: number; bets: number };
  seconds: number;
}

export interface BenchDataOptions {
  communityUsers: number;
  communityBets: number;
  readerBets: number;
  writers: number;
  writerBets: number;
  scalingSizes: readonly number[];
  log: (message: string) => void;
}

export async function seedBenchData(db: Db, opts: BenchDataOptions): Promise<BenchData> {
  const started = Date.now();
  opts.log(`seeding ${opts.communityUsers} users and ${opts.communityBets} bets (src/server/db/seed.ts)`);
  const community = await seedDatabase(db, { users: opts.communityUsers, bets: opts.communityBets });

  const writerSizes = Array.from({ length: opts.writers }, () => opts.writerBets);
  const sizes = [opts.readerBets, ...writerSizes, ...opts.scalingSizes];
  const own = await seedDatabase(db, { users: sizes.length, bets: 0, password: community.password });
  const ids = new Map(
    rowsOf<{ id: string; email: string }>(
      await db.execute(
        sql`select id, email from users where email in (select jsonb_array_elements_text(${JSON.stringify(own.emails)}::jsonb))`,
      ),
    ).map((r) => [r.email, r.id]),
  );
  const accounts: BenchAccount[] = [];
  for (const [i, bets] of sizes.entries()) {
    const email = own.emails[i]!;
    const userId = ids.get(email);
    if (!userId) throw new Error(`seeded account ${email} not found`);
    opts.log(`seeding ${bets.toLocaleString('en-US')} bets for ${email}`);
    if (bets > 0) await seedUserBets(db, userId, { count: bets });
    // The summaries the endpoints read must agree with the rows, or the figures mean nothing.
    const [stats, recount] = await Promise.all([getBetStats(db, userId, new Date()), recountBetStats(db, userId, new Date())]);
    if (stats.totalBets !== bets || JSON.stringify(stats) !== JSON.stringify(recount)) {
      throw new Error(`summary of ${email} is wrong: ${JSON.stringify(stats)} vs recount ${JSON.stringify(recount)}`);
    }
    accounts.push({ email, userId, bets });
  }
  await db.execute(sql`vacuum analyze`);
  const [reader, ...rest] = accounts;
  return {
    password: community.password,
    reader: reader!,
    writers: rest.slice(0, opts.writers),
    scaling: rest.slice(opts.writers),
    community: { users: community.users, bets: community.bets },
    seconds: (Date.now() - started) / 1000,
  };
}
