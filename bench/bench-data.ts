/**
 * What `npm run bench` measures against, written straight into a fresh database before the server
 * starts: a community of bettors from the project's seeder (src/server/db/seed.ts: realistic,
 * back-dated, mostly settled bets, so the Spotlight ranks people and public profiles have a
 * record), and the bench's own accounts — a reader, a few writers, one user per scaling size, each
 * with exactly its number of bets, and a public profile whose ledger has a given number of entries
 * (bulk SQL through the summary and ledger triggers, checked against a recount). Their records are
 * kept as a bettor who settles keeps one: every bet settled but the 3 newest, pending with events
 * ahead, so none is overdue (a third pending with events long past, as before, made the 100,000-bet
 * user's stats count 33,333 overdue bets, a record no one ranked keeps).
 * The writers also get back-dated pending bets whose events have started, for the settle
 * measurement to settle one per request.
 * Every account signs in with the seeder's password through the real API.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { getBetStats } from '../src/server/modules/bets/bet-stats.ts';
import { recountBetStats } from '../src/server/test/recount-bet-stats.ts';
import { countLedger, getLedgerHead } from '../src/server/modules/ledger/queries.ts';
import { RECENT_PENDING_BETS, rowsOf, seedUserBets } from './shared.ts';

export interface BenchAccount {
  email: string;
  userId: string;
  /** Bets seeded for it. */
  bets: number;
}

export interface LedgerAccount extends BenchAccount {
  username: string;
  /** Entries in its chain (its head's seq). */
  entries: number;
}

export interface BenchData {
  password: string;
  /** Reads its bets, stats and a public profile. */
  reader: BenchAccount;
  /** Record bets, several at once (one user's writes take turns on their summary row), and settle them. */
  writers: BenchAccount[];
  /** Per writer, the ids of its pending bets whose event has started, to be settled one per request. */
  settleable: string[][];
  /** One per scaling size, in the order given. */
  scaling: BenchAccount[];
  /** A public profile with a long ledger (read signed out). */
  ledger: LedgerAccount;
  community: { users: number; bets: number };
  seconds: number;
  /** Seconds per step, in order. */
  steps: { what: string; seconds: number }[];
}

export interface BenchDataOptions {
  communityUsers: number;
  communityBets: number;
  readerBets: number;
  writers: number;
  writerBets: number;
  /** Pending bets, events already started, added to each writer for the settle measurement. */
  settleablePerWriter: number;
  scalingSizes: readonly number[];
  /** At least this many entries in the ledger account's chain. */
  ledgerEntries: number;
  log: (message: string) => void;
}

/**
 * The bench's accounts keep records as bettors who settle do (seedUserBets' settled history): every
 * bet settled, appending two entries (recorded, settled), but the few newest, pending with one.
 */
const HISTORY = 'settled' as const;
const betsForEntries = (entries: number) => Math.ceil((entries + RECENT_PENDING_BETS) / 2);

export async function seedBenchData(db: Db, opts: BenchDataOptions): Promise<BenchData> {
  const started = performance.now();
  const steps: BenchData['steps'] = [];
  const step = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await run();
    const seconds = (performance.now() - start) / 1000;
    steps.push({ what, seconds });
    opts.log(`${what}: ${seconds.toFixed(1)} s`);
    return result;
  };

  opts.log(`seeding ${opts.communityUsers} users and ${opts.communityBets} bets (src/server/db/seed.ts)`);
  const community = await step(`community (${opts.communityBets.toLocaleString('en-US')} bets)`, () =>
    seedDatabase(db, { users: opts.communityUsers, bets: opts.communityBets }),
  );

  const writerSizes = Array.from({ length: opts.writers }, () => opts.writerBets);
  const ledgerBets = betsForEntries(opts.ledgerEntries);
  const sizes = [opts.readerBets, ...writerSizes, ...opts.scalingSizes, ledgerBets];
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
    if (bets > 0)
      await step(`${bets.toLocaleString('en-US')} bets for ${email}`, () =>
        seedUserBets(db, userId, { count: bets, history: HISTORY }),
      );
    // The summaries the endpoints read must agree with the rows, or the figures mean nothing.
    const [stats, recount] = await Promise.all([
      getBetStats(db, userId, new Date()),
      recountBetStats(db, userId, new Date()),
    ]);
    if (stats.totalBets !== bets || stats.overdue !== 0 || JSON.stringify(stats) !== JSON.stringify(recount)) {
      throw new Error(`summary of ${email} is wrong: ${JSON.stringify(stats)} vs recount ${JSON.stringify(recount)}`);
    }
    accounts.push({ email, userId, bets });
  }
  const [reader, ...rest] = accounts;
  const writers = rest.slice(0, opts.writers);
  const scaling = rest.slice(opts.writers, opts.writers + opts.scalingSizes.length);
  const ledgerAccount = rest.at(-1)!;

  // Settleable bets: pending, recorded before the writers' first bets and their events 7 hours
  // after, so long started.
  const settleable: string[][] = [];
  for (const writer of writers) {
    await step(`${opts.settleablePerWriter.toLocaleString('en-US')} settleable bets for ${writer.email}`, () =>
      seedUserBets(db, writer.userId, { from: opts.writerBets, count: opts.settleablePerWriter, pending: true }),
    );
    const pending = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from bets where user_id = ${writer.userId} and status = 'pending' and event_date < now() order by event_date, id`,
      ),
    ).map((r) => r.id);
    if (pending.length < opts.settleablePerWriter) {
      throw new Error(`${writer.email} has ${pending.length} settleable bets, expected ${opts.settleablePerWriter}`);
    }
    settleable.push(pending);
  }

  // The ledger account: public (the seeder makes some profiles private), its chain as long as asked.
  await db.execute(sql`
    update user_settings set privacy_settings = privacy_settings || '{"profile_public": true}'::jsonb
    where user_id = ${ledgerAccount.userId}`);
  const head = await getLedgerHead(db, ledgerAccount.userId);
  const counted = await countLedger(db, ledgerAccount.userId);
  if (head.seq < opts.ledgerEntries || counted !== head.seq) {
    throw new Error(
      `the ledger account's chain has ${counted} entries and head ${head.seq}, expected ${opts.ledgerEntries}+`,
    );
  }
  const username = own.usernames[sizes.length - 1]!;

  await step('vacuum analyze', () => db.execute(sql`vacuum analyze`));
  return {
    password: community.password,
    reader: reader!,
    writers,
    settleable,
    scaling,
    ledger: { ...ledgerAccount, username, entries: head.seq },
    community: { users: community.users, bets: community.bets },
    seconds: (performance.now() - started) / 1000,
    steps,
  };
}
