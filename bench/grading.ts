/**
 * Grading one event's result: 10,000 pending bets (from 10,000 bettors, and 1,000 parlay legs) on
 * one event, settled by the single UPDATE that makes the event final, in one transaction with
 * their ledger entries and summaries (migration 0027, db/functions/events_grade.sql). On a scratch
 * PostgreSQL database (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres), or on
 * PGlite in memory with `--pglite`.
 *
 *   npx tsx bench/grading.ts [bets=10000] [--pglite] [--profile] [--functions=<folder>] [--lost-legs]
 *
 * Every id and time is fixed (the event starts on 2031-06-01, the grading's clock is set), so the
 * ledger after the grading is the same bytes whatever functions wrote it: `ledgerMd5` is the MD5
 * over every entry's (user, seq, body, hash), to compare a before and an after. `--lost-legs`:
 * every other parlay loses its leg on the graded event, so the grading also settles 500 parlays
 * (by default no parlay is decided: its other leg's event is not graded).
 *
 * `--profile` (PostgreSQL only) also prints each database function's self time inside the
 * grading's transaction (track_functions, pg_stat_xact_user_functions), to see which trigger costs.
 * `--functions=<folder>` runs another version's database functions (db/functions.ts), say main's
 * (`git archive main src/server/db/functions | tar -x -C /tmp/main`), for a before and after in one
 * sitting on the same host.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { gradeIn, seedGradingEvent } from './grading-seed.ts';
import { createScratchDatabase, describeMachine, load1, rowsOf, type ScratchDatabase } from './shared.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith('--')));
const functionsFolder = process.argv
  .slice(2)
  .find((a) => a.startsWith('--functions='))
  ?.slice('--functions='.length);
const BETS = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 10_000);
const PGLITE = flags.has('--pglite');
const PROFILE = flags.has('--profile') && !PGLITE;
const LOST_LEGS = flags.has('--lost-legs');
const EXPLAIN = flags.has('--explain') && !PGLITE;

/** CPU milliseconds (user + system) used so far by a process on this machine, or by this one. */
function cpuMs(pid?: number): number {
  if (pid === undefined) {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  }
  // /proc/<pid>/stat: utime and stime are fields 14 and 15, in clock ticks (100 a second on Linux).
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const scratch: ScratchDatabase | undefined = PGLITE ? undefined : await createScratchDatabase(adminUrl);
const database = await openDatabase({
  databaseUrl: scratch?.url,
  dataDir: 'memory://',
  ...(functionsFolder ? { functionsFolder } : {}),
});
const { db } = database;
try {
  // Fixed times and ids (bench/grading-seed.ts), so every run writes the same ledger bytes.
  const eventId = await seedGradingEvent(db, { bets: BETS, lostLegs: LOST_LEGS });
  let profile: { function: string; calls: number; self_ms: number }[] = [];
  // CPU time as well as wall time: on a shared host the CPU the grading used moves far less with
  // the other load than its duration does. PGlite runs in this process; a PostgreSQL backend is a
  // process of its own on this machine, read from /proc.
  let backend: number | undefined;
  let cpuBefore = 0;
  let cpuUsed = 0;
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    if (!PGLITE) {
      [{ pid: backend }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`)) as [
        { pid: number },
      ];
    }
    cpuBefore = cpuMs(backend);
    if (PROFILE) await tx.execute(sql`set local track_functions = 'all'`);
    if (EXPLAIN) {
      await tx.execute(sql`load 'auto_explain'`);
      await tx.execute(sql`set local auto_explain.log_min_duration = '5ms'`);
      await tx.execute(sql`set local auto_explain.log_analyze = on`);
      await tx.execute(sql`set local auto_explain.log_nested_statements = on`);
      await tx.execute(sql`set local auto_explain.log_triggers = on`);
      await tx.execute(sql`set local auto_explain.log_buffers = on`);
    }
    await gradeIn(tx, eventId);
    cpuUsed = cpuMs(backend) - cpuBefore;
    if (PROFILE) {
      profile = rowsOf(
        await tx.execute(sql`select funcname as function, calls::int as calls, round(self_time)::int as self_ms
          from pg_stat_xact_user_functions order by self_time desc limit 12`),
      );
    }
  });
  const ms = performance.now() - t0;
  const [counts] = rowsOf<{ pending: number; settled: number; ledger: number; legs: number; ledgerMd5: string }>(
    await db.execute(sql`select
      (select count(*) from bets where event_id = ${eventId} and status = 'pending')::int as pending,
      (select count(*) from bets where event_id = ${eventId} and status <> 'pending')::int as settled,
      (select count(*) from bet_legs where event_id = ${eventId} and status <> 'pending')::int as legs,
      (select count(*) from bet_ledger where kind in ('settled', 'leg-settled'))::int as ledger,
      (select md5(string_agg(user_id || ' ' || seq || ' ' || body || ' ' || hash, E'\n' order by user_id, seq))
       from bet_ledger) as "ledgerMd5"`),
  );
  const m = describeMachine();
  const driver = PGLITE ? 'pglite' : 'postgres';
  console.log(
    JSON.stringify(
      {
        driver,
        functions: functionsFolder ?? 'src/server/db/functions',
        bets: BETS,
        ms: Math.round(ms),
        cpuMs: Math.round(cpuUsed),
        ...counts,
        cores: m.cores,
        cpu: m.cpu,
        load1: load1(),
        ...(EXPLAIN ? { backendPid: backend } : {}),
      },
      null,
      2,
    ),
  );
  if (PROFILE) console.table(profile);
} finally {
  await database.close();
  await scratch?.drop();
}
