/**
 * Helpers shared by the bench scripts: timing a call in process, seeding one user's history in
 * bulk SQL (through the real summary and ledger triggers), scratch PostgreSQL databases, query plans, and a
 * description of the machine the figures come from.
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../src/server/db/client.ts';
import type { Driver } from '../src/server/test/harness.ts';

// --- timing ----------------------------------------------------------------------------------

/** Milliseconds. */
export interface Timing {
  min: number;
  median: number;
  p95: number;
  max: number;
}

export function summarise(samples: number[]): Timing {
  if (samples.length === 0) throw new Error('no samples to summarise');
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    min: sorted[0]!,
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!,
    max: sorted.at(-1)!,
  };
}

/**
 * Times `fn` one call after another: `warmup` calls first (caches and plans; given a negative
 * index), then `iterations` timed calls (given 0, 1, ...).
 */
export async function time(
  fn: (i: number) => Promise<unknown>,
  { iterations, warmup = 10 }: { iterations: number; warmup?: number },
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn(i);
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

/** "median / p95" in milliseconds. */
export const formatTiming = (t: Timing, digits = 2) => `${t.median.toFixed(digits)} / ${t.p95.toFixed(digits)}`;

// --- SQL -------------------------------------------------------------------------------------

/** The rows of db.execute's result on either driver (PGlite returns them bare, node-postgres in `rows`). */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] }).rows ?? []);

/** Bets per INSERT of seedUserBets (see there). */
const SEED_BETS_PER_STATEMENT = 2_000;

/** A settled history (seedUserBets' `history: 'settled'`) keeps this many of its newest bets pending. */
export const RECENT_PENDING_BETS = 3;

/** What seedUserBets' bets are, besides all pending (`pending`). */
export type SeededHistory = 'thirds' | 'settled';

/**
 * Adds `count` bets to one user's history, dated before the `from` bets already seeded this way:
 * one a minute back from 2026-01-01, stakes 1 to 500 at 2.5 (typed '+150'), the sports in turn,
 * descriptions with quotes and a formula-like tail (the CSV export has to escape them). Each event
 * starts 7 hours after its bet was recorded, so every bet is in the past and a pending one can be
 * settled now. What they are:
 * - `history: 'thirds'` (the default): a third won, a third lost, a third pending. The pending ones
 *   are long overdue (their events started months ago), which no real record keeps: a bettor with
 *   any overdue bet is left out of the rankings. For measurements that settle them.
 * - `history: 'settled'`: a record as a bettor who settles keeps it: won and lost in turn, but for
 *   the user's RECENT_PENDING_BETS newest bets (the first ones seeded, `from` 0), recorded minutes
 *   ago for events a week ahead, so pending and not overdue.
 * - `pending`: all pending, events started long ago (bets to settle).
 *
 * INSERT ... SELECT over generate_series, so the statement-level summary triggers run as they do
 * for any insert and the user's statistics come out right, and the ledger's row trigger appends
 * each bet's entries (its recording, then its settlement) as it does for any insert. In statements
 * of 2,000 bets (`perStatement`): the ledger trigger updates the user's head row once per entry,
 * and within one statement every update leaves a row version the next lookup walks past, so the
 * cost per entry grows with the entries the statement already appended (12,000 bets in one
 * statement: 17 s on PostgreSQL, 41 s on PGlite; in statements of 2,000: 7 s and 23 s, on a busy
 * 2-core machine; bench/ledger-cost.md).
 */
export async function seedUserBets(
  db: Db,
  userId: string,
  {
    from = 0,
    count,
    pending = false,
    history = 'thirds',
    perStatement = SEED_BETS_PER_STATEMENT,
  }: { from?: number; count: number; pending?: boolean; history?: SeededHistory; perStatement?: number },
) {
  const settled = history === 'settled';
  for (let start = from; start < from + count; start += perStatement) {
    const end = Math.min(start + perStatement, from + count);
    await db.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status,
                        potential_win, profit_loss, settled_at, created_at)
      select ${userId}, 'seeded bet ' || g || ', "quoted" =1+1', amount, '+150', 2.5,
             (array['football', 'basketball', 'baseball', 'soccer', 'tennis', 'other'])[1 + g % 6],
             created_at + case when recent then interval '7 days' else interval '7 hours' end, status, amount * 2.5,
             case status when 'won' then amount * 1.5 when 'lost' then -amount end,
             case when status = 'pending' then null else created_at + interval '1 day' end,
             created_at
      from (
        select g, recent, (1 + g % 500)::numeric(12, 2) as amount,
               case when ${pending}::boolean or recent then 'pending'
                    when ${settled}::boolean then (array['won', 'lost'])[1 + g % 2]
                    else (array['won', 'lost', 'pending'])[1 + g % 3] end as status,
               case when recent then now() - g * interval '1 minute'
                    else timestamptz '2026-01-01T00:00:00Z' - g * interval '1 minute' end as created_at
        from generate_series(${start + 1}::int, ${end}::int) g,
             lateral (select not ${pending}::boolean and ${settled}::boolean and g <= ${RECENT_PENDING_BETS}::int as recent) r
      ) s`);
  }
  await db.execute(sql`analyze bets`);
}

/** The history sizes the scaling benches measure at, so that their tables line up. */
const HISTORY_SIZES = [100, 10_000, 100_000];

/**
 * The scaling benches' history: another user's 50,000 bets first (so an index has to pick one user
 * out of many rows), then `userId`'s bets grown to 100, 10,000 and 100,000 in turn; yields each
 * size, with how long its seeding took, before growing to the next.
 */
export async function* growingHistory(
  db: Db,
  { userId, otherUserId }: { userId: string; otherUserId: string },
): AsyncGenerator<{ size: number; seedMs: number }> {
  await seedUserBets(db, otherUserId, { count: 50_000 });
  let seeded = 0;
  for (const size of HISTORY_SIZES) {
    const start = performance.now();
    await seedUserBets(db, userId, { from: seeded, count: size - seeded });
    const seedMs = performance.now() - start;
    seeded = size;
    yield { size, seedMs };
  }
}

/** EXPLAIN ANALYZE without timings or costs, long lines (literal id lists) cut so the plan stays readable. */
export async function explain(db: Db, query: SQL): Promise<string> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`explain (analyze, costs off, timing off, summary off) ${query}`),
  );
  return rows.map((r) => String(Object.values(r)[0]).replace(/^(.{160}).+$/, '$1…')).join('\n');
}

// --- what a trigger costs a write (ledger-cost.ts, log-cost.ts) ------------------------------

/** A statement's EXPLAIN ANALYZE, in milliseconds: its execution time and each trigger's own time. */
export interface Explained {
  execution: number;
  triggers: Map<string, number>;
}

/** Runs `statement` under EXPLAIN ANALYZE; the foreign-key checks (generated trigger names) are one row. */
export async function explainAnalyze(db: Db, statement: SQL): Promise<Explained> {
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (analyze, format json) ${statement}`));
  const raw = Object.values(rows[0]!)[0];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    'Execution Time': number;
    Triggers?: { 'Trigger Name': string; Time: number }[];
  }[];
  const triggers = new Map<string, number>();
  for (const t of plan!.Triggers ?? []) {
    const name = t['Trigger Name'].startsWith('RI_ConstraintTrigger') ? 'foreign keys' : t['Trigger Name'];
    triggers.set(name, (triggers.get(name) ?? 0) + t.Time);
  }
  return { execution: plan!['Execution Time'], triggers };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Milliseconds to three places. */
export const ms = (n: number) => n.toFixed(3);

/** Rounds of the write-cost benches, statements of each write per round, and how many of those lead in uncounted. */
export const WRITE_COST_ROUNDS = 6;
const WRITE_COST_PER_ROUND = 45;
const WRITE_COST_SKIP = 5;
/** How many statements of each write, trigger on or off, each median is taken over. */
export const WRITE_COST_SAMPLES = WRITE_COST_ROUNDS * (WRITE_COST_PER_ROUND - WRITE_COST_SKIP);

export type TimedWrite = 'record' | 'settle';
/** Each write's statements, with the trigger under test on and off. */
export type WriteSamples = Record<TimedWrite, Record<'with' | 'without', Explained[]>>;

/**
 * The statements recordBet and settleBet run (src/server/modules/bets/bet-writes.ts), under EXPLAIN
 * ANALYZE, with a trigger on and off: the user gets a history of 1,000 bets and enough pending bets,
 * events long started, to settle; `ready` runs then, before the vacuum. Each of WRITE_COST_ROUNDS
 * rounds runs both statements 45 times with `toggle(true)`, then again with `toggle(false)`, the
 * first 5 of each not kept (plans, caches). The trigger is left on.
 */
export async function writeCostRounds(
  db: Db,
  userId: string,
  opts: {
    /** The recorded bets' description: which bench wrote them. */
    description: string;
    toggle: (on: boolean) => Promise<unknown>;
    ready?: () => Promise<unknown>;
  },
): Promise<WriteSamples> {
  const { description, toggle } = opts;
  const [rounds, perRound, skip] = [WRITE_COST_ROUNDS, WRITE_COST_PER_ROUND, WRITE_COST_SKIP];
  await seedUserBets(db, userId, { count: 1_000 });
  await seedUserBets(db, userId, { from: 1_000, count: 2 * rounds * perRound + 10, pending: true });
  await opts.ready?.();
  await db.execute(sql`vacuum analyze`);
  const pending = rowsOf<{ id: string }>(
    await db.execute(
      sql`select id from bets where user_id = ${userId} and status = 'pending' and event_date < now() order by id`,
    ),
  ).map((r) => r.id);
  let next = 0;
  const statements: Record<TimedWrite, () => SQL> = {
    record: () =>
      sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win, created_at)
          values (${userId}, ${description}, 25, '+150', 2.5, 'soccer', now() + interval '7 days', 62.5, now()) returning *`,
    settle: () =>
      sql`update bets set status = 'won', profit_loss = potential_win - amount, settled_at = now()
          where id = ${pending[next++]!} and user_id = ${userId} and status = 'pending' and event_date <= now()
          returning *`,
  };
  const samples: WriteSamples = { record: { with: [], without: [] }, settle: { with: [], without: [] } };
  for (let round = 0; round < rounds; round++) {
    for (const mode of ['with', 'without'] as const) {
      await toggle(mode === 'with');
      for (const write of ['record', 'settle'] as const) {
        for (let i = 0; i < perRound; i++) {
          const e = await explainAnalyze(db, statements[write]());
          if (i >= skip) samples[write][mode].push(e);
        }
      }
    }
  }
  await toggle(true);
  return samples;
}

// --- PostgreSQL ------------------------------------------------------------------------------

/** The PostgreSQL the benches measure beside PGlite: BENCH_DATABASE_URL, else TEST_DATABASE_URL. */
export const BENCH_PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** PGlite, and PostgreSQL at BENCH_PG_URL when it answers (said on stdout when it does not). */
export async function benchDrivers(): Promise<Driver[]> {
  if (await postgresReachable(BENCH_PG_URL)) return ['pglite', 'postgres'];
  console.log(`(PostgreSQL at ${BENCH_PG_URL} not reachable: PGlite only)`);
  return ['pglite'];
}

/** Runs a bench's main; a failure is printed and the process exits 1. */
export function runBench(main: () => Promise<void>) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

export async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export interface ScratchDatabase {
  name: string;
  /** `adminUrl` pointing at the new database. */
  url: string;
  /** Drops it, closing any connection still open to it. */
  drop(): Promise<void>;
}

const SCRATCH_NAME = /^betproof_bench_[0-9a-f]{8}$/;

async function onAdmin(adminUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own on the server at `adminUrl` (which must allow CREATE DATABASE), so a run
 * neither depends on nor touches what else is there. `reuse` names one left by an earlier run.
 */
export async function createScratchDatabase(adminUrl: string, reuse?: string): Promise<ScratchDatabase> {
  const name = reuse ?? `betproof_bench_${randomBytes(4).toString('hex')}`;
  // The name goes into SQL unquoted: only ever one of ours.
  if (!SCRATCH_NAME.test(name)) throw new Error(`not a bench database: ${name}`);
  if (!reuse) await onAdmin(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

// --- the machine -----------------------------------------------------------------------------

export interface Machine {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  platform: string;
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown CPU',
    cores: list.length,
    ramGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
}

/** The 1-minute load average, one decimal (how busy the machine was besides the benchmark). */
export const load1 = () => loadavg()[0]!.toFixed(1);
