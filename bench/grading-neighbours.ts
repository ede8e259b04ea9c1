/**
 * Other users' reads while one event's result grades 10,000 pending bets (bench/grading-seed.ts):
 * a server on a scratch PostgreSQL database serves signed-in users their dashboard's list of bets
 * (`GET /api/bets`, the noisy-neighbour bench's read), alone and then while the grading's one
 * transaction runs on a connection of its own, as an admin's results import runs it. The others'
 * p50 during the grading, ÷ their quiet p50, must stay within the noisy-neighbour target (≤ 2×,
 * bench/noisy.ts). Only the requests sent and answered while the grading ran count as "during".
 *
 *   npx tsx bench/grading-neighbours.ts [bets=10000] [--connections=8]
 *
 * PostgreSQL only (TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres): PGlite is
 * one connection inside the server process, so a grading there holds every other query for its
 * whole duration (bench/RESULTS.md's grading table gives it).
 */
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client.ts';
import { seedBenchData } from './bench-data.ts';
import { gradeIn, seedGradingEvent } from './grading-seed.ts';
import { signIn, startServer } from './server-process.ts';
import { createScratchDatabase, describeMachine, load1, rowsOf, summarise } from './shared.ts';
import { MAX_P50_RATIO } from './noisy.ts';

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const args = process.argv.slice(2);
const BETS = Number(args.find((a) => !a.startsWith('--')) ?? 10_000);
const CONNECTIONS = Number(args.find((a) => a.startsWith('--connections='))?.split('=')[1] ?? 8);
const QUIET_SECONDS = 8;
const WARMUP_SECONDS = 2;

interface Sample {
  sentAt: number;
  answeredAt: number;
  status: number;
}

/** `CONNECTIONS` loops, each a user's read after the last answer, until `stop()` says so. */
async function readUntil(url: string, origin: string, cookies: string[], stop: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, i) => {
      const headers = { accept: 'application/json', origin, cookie: cookies[i % cookies.length]! };
      while (!stop()) {
        const sentAt = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        samples.push({ sentAt, answeredAt: performance.now(), status: res.status });
      }
    }),
  );
  return samples;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const latencies = (samples: Sample[]) => samples.map((s) => s.answeredAt - s.sentAt);

const scratch = await createScratchDatabase(adminUrl);
const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-grading-neighbours-'));
const database = await openDatabase({ databaseUrl: scratch.url, dataDir });
let stopServer = async () => {};
try {
  const data = await seedBenchData(database.db, {
    communityUsers: 50,
    communityBets: 2_000,
    readerBets: 200,
    writers: 7,
    writerBets: 200,
    settleablePerWriter: 0,
    scalingSizes: [],
    ledgerEntries: 10,
    log: () => {},
  });
  const eventId = await seedGradingEvent(database.db, { bets: BETS, lostLegs: false });
  const server = await startServer({ databaseUrl: scratch.url, dataDir });
  stopServer = server.stop;
  const cookies: string[] = [];
  for (const account of [data.reader, ...data.writers]) cookies.push(await signIn(server, account, data.password));
  const url = `${server.origin}/api/bets`;
  const loadStart = load1();

  // Quiet: a warm-up, then QUIET_SECONDS measured.
  const until = performance.now() + (WARMUP_SECONDS + QUIET_SECONDS) * 1000;
  const quietFrom = performance.now() + WARMUP_SECONDS * 1000;
  const quiet = (await readUntil(url, server.origin, cookies, () => performance.now() > until)).filter(
    (s) => s.sentAt >= quietFrom,
  );

  // During: the readers run on, the grading starts a second in; what was sent after it started and
  // answered before it committed counts.
  let graded = false;
  const reading = readUntil(url, server.origin, cookies, () => graded);
  await sleep(1000);
  const gradingFrom = performance.now();
  await database.db.transaction((tx) => gradeIn(tx, eventId));
  const gradingTo = performance.now();
  graded = true;
  const during = (await reading).filter((s) => s.sentAt >= gradingFrom && s.answeredAt <= gradingTo);

  const [settled] = rowsOf<{ n: number }>(
    await database.db.execute(
      sql`select count(*)::int as n from bets where event_id = ${eventId} and status <> 'pending'`,
    ),
  );
  const q = summarise(latencies(quiet));
  const d = summarise(latencies(during));
  const failed = [...quiet, ...during].filter((s) => s.status !== 200).length;
  const ratio = d.median / q.median;
  const m = describeMachine();
  console.log(
    JSON.stringify(
      {
        bets: BETS,
        settled: settled!.n,
        gradingMs: Math.round(gradingTo - gradingFrom),
        connections: CONNECTIONS,
        quiet: { requests: quiet.length, p50: +q.median.toFixed(1), p95: +q.p95.toFixed(1) },
        during: { requests: during.length, p50: +d.median.toFixed(1), p95: +d.p95.toFixed(1) },
        p50Ratio: +ratio.toFixed(2),
        target: `≤ ${MAX_P50_RATIO}×`,
        met: ratio <= MAX_P50_RATIO && failed === 0 && settled!.n === BETS,
        non200: failed,
        cpu: `${m.cpu}, ${m.cores} cores`,
        load1: `${loadStart} → ${load1()}`,
      },
      null,
      2,
    ),
  );
} finally {
  await stopServer();
  await database.close();
  await scratch.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
