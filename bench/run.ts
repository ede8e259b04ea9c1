/**
 * `npm run bench`: throughput and latency of the real server under load, and how a user's stats
 * and first page of bets scale with their history. Writes this driver's section of
 * bench/RESULTS.md and exits non-zero when a target is missed.
 *
 *   npm run build && npm run bench                                               # PGlite
 *   npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
 *
 * 1. A fresh database: PGlite in a temporary DATA_DIR, or a throwaway database created on the
 *    server at DATABASE_URL (which is only used to create and drop it).
 * 2. Seeded directly (bench/bench-data.ts), then closed.
 * 3. The real server started on it as a child process (bench/server-process.ts); the bench's
 *    accounts sign in through POST /api/auth/sign-in/email like any client.
 * 4. Each endpoint loaded by autocannon in a worker process of its own (bench/load.ts).
 * 5. Always: server stopped, database dropped, temporary directory removed.
 *
 * It needs the built client (dist/client, for the public profile page) and does not build it: run
 * `npm run build` first.
 *
 * BENCH_DURATION, BENCH_WARMUP (seconds), BENCH_CONNECTIONS, BENCH_USERS and BENCH_BETS (the seeded
 * community) change the load; BENCH_SETTLE_BETS, the settleable bets seeded per writer for the
 * settle measurement (each request settles one); BENCH_SERVER_NODE_ARGS passes node options to the
 * server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where a request's time goes.
 *
 * Last, the noisy neighbour (bench/noisy.ts): on the same database, a server restarted with the
 * default per-user quotas, one account flooding writes and exports while others read.
 * BENCH_ONLY=noisy runs only that part, on a database seeded with only what it needs.
 * BENCH_ONLY=reads measures the health check and the reads but the ledger's (on the same small
 * seed), prints them and writes nothing: for trying a change to what every request pays.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { defaultPoolSize } from '../src/server/env.ts';
import type { RecordBetInput } from '../src/shared/bet-schemas.ts';
import type { InfluencerPage } from '../src/shared/community-schemas.ts';
import { LEDGER_PAGE_DEFAULT, LEDGER_PAGE_MAX, type LedgerPage } from '../src/shared/ledger.ts';
import { seedBenchData, type BenchAccount, type BenchData } from './bench-data.ts';
import { runLoad, stopLoadWorkers, type LoadSpec } from './load.ts';
import {
  renderSection,
  times,
  writeResults,
  type DriverName,
  type LedgerReport,
  type MeasuredCase,
  type Measurement,
  type RunReport,
  type ScalingRow,
  type Target,
} from './report.ts';
import { DEFAULT_QUOTA_ENV, runNoisyNeighbour } from './noisy.ts';
import { signIn, startServer, type RunningServer } from './server-process.ts';
import { RECENT_PENDING_BETS, createScratchDatabase, describeMachine, load1, rowsOf } from './shared.ts';

function envNumber(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

const settings = {
  durationSeconds: envNumber('BENCH_DURATION', 10, 1),
  warmupSeconds: envNumber('BENCH_WARMUP', 2, 0),
  connections: envNumber('BENCH_CONNECTIONS', 50, 1),
  communityUsers: envNumber('BENCH_USERS', 1_000, 20),
  communityBets: envNumber('BENCH_BETS', 100_000, 1_000),
  settleablePerWriter: envNumber('BENCH_SETTLE_BETS', 4_000, 100),
  /** 'noisy': only the noisy neighbour. */
  only: benchOnly(),
};

function benchOnly(): 'noisy' | 'reads' | undefined {
  const raw = process.env.BENCH_ONLY?.trim();
  if (!raw) return undefined;
  if (raw !== 'noisy' && raw !== 'reads') throw new Error(`BENCH_ONLY must be "noisy", "reads" or unset, got "${raw}"`);
  return raw;
}

/** The bet every write of the bench records. */
const benchBet = (): RecordBetInput => ({
  description: 'Bench: Arsenal to win vs Chelsea',
  amount: '25.00',
  odds: '+150',
  sport: 'soccer',
  // Well past the 6-hour rule for the whole run.
  eventDate: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString(),
});
const SCALING_SIZES = [100, 10_000, 100_000];
const READER_BETS = 1_000;
/**
 * POST /api/bets comes from this many users at once. With the reader and the scaling users that is
 * 9 sign-ins, within the 10 a minute one address may make (the server sees every client as 127.0.0.1).
 */
const WRITERS = 5;
const WRITER_BETS = 100;
/** The public profile whose ledger is read: at least this many entries. */
const LEDGER_ENTRIES = 10_000;
/** The deep page starts after this seq. */
const LEDGER_DEEP_AFTER = 9_000;
/** Downloads of the whole chain as NDJSON, one after another (after one not counted). */
const NDJSON_DOWNLOADS = 5;
/**
 * Every authenticated read must reach this share of the health endpoint's throughput (the README's
 * targets). PGlite runs each query on the server's own thread, so a read with rows to parse has
 * further to go there than the health check's `select 1`.
 */
const MIN_READ_RATIO: Record<DriverName, number> = { pglite: 0.4, postgres: 0.6 };
/** Recording and settling a bet (writes, each appending to the ledger) must reach this share. */
const MIN_WRITE_RATIO = 0.15;
/** The 100,000-bet user's stats may be at most this many times slower than the 100-bet user's. */
const MAX_STATS_SCALING = 3;
/** A ledger page deep in the chain may be at most this many times slower than the first (p50, same size). */
const MAX_LEDGER_DEPTH = 3;

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(repoRoot, 'dist/client/index.html');

// --- cleanup: whatever was set up is undone, in reverse order, however the run ends ----------

const cleanups: { what: string; run: () => Promise<void> | void }[] = [];
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    stopLoadWorkers();
    for (const { what, run } of cleanups.reverse()) {
      try {
        await run();
      } catch (err) {
        console.error(`cleanup (${what}) failed:`, err);
      }
    }
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: cleaning up`);
    void cleanUp().then(() => process.exit(130));
  });
}

// --- talking to the server like a client -----------------------------------------------------

interface Case {
  label: string;
  authenticatedRead: boolean;
  path: string;
  method?: 'GET' | 'POST' | 'PATCH';
  cookie?: string;
  /** Several users' cookies, one per connection in turn (instead of `cookie`). */
  cookies?: string[];
  /** A path per request under load, each used once: one list per cookie (`path` is the checked request's). */
  paths?: string[][];
  body?: unknown;
  /** The status a single request must get before the load starts. */
  expect: number;
}

function specFor(server: RunningServer, c: Case): LoadSpec {
  // As a browser asks: it takes compressed answers (the pages are sent compressed, the JSON as is).
  const headers: Record<string, string> = {
    origin: server.origin,
    accept: 'application/json, text/html',
    'accept-encoding': 'gzip, deflate, br',
  };
  const cookie = c.cookie ?? c.cookies?.[0];
  if (cookie) headers.cookie = cookie;
  if (c.body !== undefined) headers['content-type'] = 'application/json';
  return {
    url: server.origin + c.path,
    method: c.method ?? 'GET',
    headers,
    cookiePerConnection: c.cookies,
    pathsPerCookie: c.paths,
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
    connections: settings.connections,
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
  };
}

/** One request first, so a wrong cookie or path fails the run with its answer instead of a table of 4xx. */
async function check(server: RunningServer, c: Case) {
  const spec = specFor(server, c);
  const res = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body });
  if (res.status !== c.expect) {
    throw new Error(
      `${c.method ?? 'GET'} ${c.path} answered ${res.status} (expected ${c.expect}): ${await res.text()}`,
    );
  }
}

async function measure(server: RunningServer, c: Case): Promise<Measurement> {
  await check(server, c);
  process.stdout.write(`  ${c.label} ... `);
  const cpuBefore = server.cpuSeconds();
  const load = await runLoad(specFor(server, c));
  const cpuAfter = server.cpuSeconds();
  const served = load.responses + load.warmupResponses;
  const result: Measurement = {
    ...load,
    serverCpuMs:
      cpuBefore === null || cpuAfter === null || served === 0 ? null : ((cpuAfter - cpuBefore) * 1000) / served,
  };
  console.log(
    `${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ` +
      `${result.errors} errors, ${result.non2xx} non-2xx${result.non2xx ? ` ${JSON.stringify(result.statusCodes)}` : ''}` +
      (result.serverCpuMs === null ? '' : `, server CPU ${result.serverCpuMs.toFixed(2)} ms/request`) +
      (result.pathsUsed === undefined
        ? ''
        : `, ${result.pathsUsed} paths used${result.pathsRanOut ? ' (ran out: the measurement ended early)' : ''}`),
  );
  return result;
}

// --- the run ---------------------------------------------------------------------------------

async function prepareDatabase(driver: DriverName, dataDir: string) {
  let databaseUrl: string | undefined;
  if (driver === 'postgres') {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push({ what: `drop database ${scratch.name}`, run: scratch.drop });
    databaseUrl = scratch.url;
    console.log(`database: ${scratch.name} (created for this run, dropped after it)`);
  } else {
    console.log(`database: PGlite in ${dataDir}`);
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const [{ version } = { version: '?' }] = rowsOf<{ version: string }>(
      await database.db.execute(sql`select split_part(version(), ' ', 2) as version`),
    );
    const data = await seedBenchData(database.db, {
      communityUsers: settings.communityUsers,
      communityBets: settings.communityBets,
      readerBets: READER_BETS,
      writers: WRITERS,
      writerBets: WRITER_BETS,
      // The noisy neighbour alone needs none of the settle, scaling or ledger measurements' data
      // but its flooder (seeding the 100,000-bet user alone takes minutes).
      settleablePerWriter: settings.only ? 100 : settings.settleablePerWriter,
      scalingSizes: settings.only === 'noisy' ? [NOISY_BETS] : settings.only === 'reads' ? [] : SCALING_SIZES,
      ledgerEntries: settings.only ? 100 : LEDGER_ENTRIES,
      log: (m) => console.log(`  ${m}`),
    });
    const flooder = data.scaling.find((a) => a.bets === NOISY_BETS);
    let flooderUsername = '';
    if (flooder) {
      await seedImportedHistory(database.db, flooder.userId, NOISY_IMPORTED);
      flooderUsername = await publishProfile(database.db, flooder.userId);
    }
    console.log(`seeded in ${data.seconds.toFixed(0)} s`);
    const pglite = JSON.parse(
      readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    ) as { version: string };
    const driverDetail =
      driver === 'postgres'
        ? `PostgreSQL ${version} over TCP on loopback (node-postgres pool of ${defaultPoolSize}, the default here)`
        : `PGlite ${pglite.version} (PostgreSQL ${version} in WebAssembly, inside the server process)`;
    return { databaseUrl, data, driverDetail, flooderUsername };
  } finally {
    await database.close();
  }
}

function commandLine(driver: DriverName): string {
  const overrides = [
    'BENCH_DURATION',
    'BENCH_WARMUP',
    'BENCH_CONNECTIONS',
    'BENCH_USERS',
    'BENCH_BETS',
    'BENCH_SETTLE_BETS',
    'BENCH_ONLY',
  ]
    .filter((name) => process.env[name])
    .map((name) => `${name}=${process.env[name]}`);
  if (driver === 'postgres') {
    // The connection string without a password, should it have one.
    const url = new URL(process.env.DATABASE_URL!);
    url.password = '';
    overrides.push(`DATABASE_URL=${url.toString()}`);
  }
  return [...overrides, 'npm run bench'].join(' ');
}

function checkTargets(
  driver: DriverName,
  cases: MeasuredCase[],
  health: Measurement[],
  scaling: ScalingRow[],
  ledger: LedgerReport,
  writes: { record: MeasuredCase; settle: MeasuredCase },
): Target[] {
  const reads = cases.filter((c) => c.authenticatedRead);
  const slowest = reads.reduce((a, b) => (b.vsHealth < a.vsHealth ? b : a));
  const stats100k = scaling.at(-1)!.stats.p50 / scaling[0]!.stats.p50;
  // Without a response there is no latency to compare (autocannon reports a p50 of 0).
  const pagesAnswered = ledger.deep.result.responses > 0 && ledger.firstFull.result.responses > 0;
  const depth = ledger.deep.result.p50 / ledger.firstFull.result.p50;
  const all = [...health, ...cases.map((c) => c.result), ...scaling.flatMap((s) => [s.stats, s.firstPage])];
  const write = (c: MeasuredCase): Target => ({
    name: `${c.label} ≥ ${MIN_WRITE_RATIO * 100}% of the health endpoint’s throughput`,
    measured:
      `${Math.round(c.vsHealth * 100)}% (${Math.round(c.result.requestsPerSecond)} req/s)` +
      (c.result.pathsRanOut ? '; ran out of settleable bets and ended early' : ''),
    met: c.vsHealth >= MIN_WRITE_RATIO,
  });
  const errors = all.reduce((n, r) => n + r.errors, 0);
  const non2xx = all.reduce((n, r) => n + r.non2xx, 0);
  return [
    {
      name: `every authenticated read ≥ ${MIN_READ_RATIO[driver] * 100}% of the health endpoint’s throughput`,
      measured: `lowest: ${slowest.label} at ${Math.round(slowest.vsHealth * 100)}% (of ${reads.map((c) => c.label).join(', ')})`,
      met: slowest.vsHealth >= MIN_READ_RATIO[driver],
    },
    write(writes.record),
    write(writes.settle),
    {
      name: `stats at ${scaling.at(-1)!.bets.toLocaleString('en-US')} bets ≤ ${MAX_STATS_SCALING}× the stats at ${scaling[0]!.bets.toLocaleString('en-US')} (p50 latency)`,
      measured: times(stats100k),
      met: stats100k <= MAX_STATS_SCALING,
    },
    {
      name: `ledger page after entry ${ledger.deep.after.toLocaleString('en-US')} ≤ ${MAX_LEDGER_DEPTH}× the first page of the same size (${ledger.deep.entries.toLocaleString('en-US')} entries; p50 latency)`,
      measured: pagesAnswered
        ? `${times(depth)} (${Math.round(ledger.deep.result.p50)} ms ÷ ${Math.round(ledger.firstFull.result.p50)} ms)`
        : 'no response measured',
      met: pagesAnswered && depth <= MAX_LEDGER_DEPTH,
    },
    {
      name: 'zero errors and zero non-2xx, every measurement',
      measured: `${errors} errors, ${non2xx} non-2xx`,
      met: errors === 0 && non2xx === 0,
    },
  ];
}

async function main(): Promise<boolean> {
  if (!existsSync(builtIndex)) {
    throw new Error(`no built client at ${path.relative(repoRoot, builtIndex)}: run \`npm run build\` first`);
  }
  const driver: DriverName = process.env.DATABASE_URL ? 'postgres' : 'pglite';
  const loadStart = load1();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-bench-'));
  cleanups.push({ what: `remove ${dataDir}`, run: () => rmSync(dataDir, { recursive: true, force: true }) });

  const { databaseUrl, data, driverDetail, flooderUsername } = await prepareDatabase(driver, dataDir);
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);
  // One secret for every server of the run, so a session signed in on one is valid on the next.
  const authSecret = randomBytes(32).toString('hex');
  const noisyPart = (cookies?: NoisyCookies) =>
    noisyNeighbour({
      driver,
      driverDetail,
      databaseUrl,
      dataDir,
      nodeArgs,
      authSecret,
      data,
      flooderUsername,
      cookies,
    });
  if (settings.only === 'noisy') return noisyPart();
  const server = await startServer({ databaseUrl, dataDir, nodeArgs, env: { AUTH_SECRET: authSecret } });
  cleanups.push({ what: 'stop the server', run: server.stop });
  console.log(`server: ${server.origin}`);

  const cookie = async (account: BenchAccount) => signIn(server, account, data.password);
  const ledgerBase = `/api/profiles/${data.ledger.username}/ledger`;
  const ledgerPaths = [
    { label: `\`GET /api/profiles/:username/ledger\` (first page of ${LEDGER_PAGE_DEFAULT})`, path: ledgerBase },
    {
      label: `\`GET /api/profiles/:username/ledger?limit=${LEDGER_PAGE_MAX}\` (first page of ${LEDGER_PAGE_MAX.toLocaleString('en-US')})`,
      path: `${ledgerBase}?limit=${LEDGER_PAGE_MAX}`,
    },
    {
      label: `\`GET /api/profiles/:username/ledger?after=${LEDGER_DEEP_AFTER}&limit=${LEDGER_PAGE_MAX}\` (deep page)`,
      path: `${ledgerBase}?after=${LEDGER_DEEP_AFTER}&limit=${LEDGER_PAGE_MAX}`,
    },
  ] as const;
  const readerCookie = await cookie(data.reader);
  const writerCookies: string[] = [];
  for (const writer of data.writers) writerCookies.push(await cookie(writer));

  // The public profile read: the directory's busiest bettor (the seed grades too few picks for
  // anyone to reach the ranking's 30 events, so the Spotlight may rank nobody).
  const directory = (await (
    await fetch(`${server.origin}/api/community/influencers?sort=bets`)
  ).json()) as InfluencerPage;
  const profile = directory.entries[0]?.username;
  if (!profile) throw new Error('the directory lists nobody: seed more users (BENCH_USERS)');

  const bet = benchBet();

  console.log(
    `\n${settings.connections} connections, ${settings.durationSeconds} s per measurement after ${settings.warmupSeconds} s of warm-up`,
  );
  const recordCase: Case = {
    label: `\`POST /api/bets\` (${writerCookies.length} users)`,
    authenticatedRead: false,
    path: '/api/bets',
    method: 'POST',
    cookies: writerCookies,
    body: bet,
    expect: 201,
  };
  const settleCase: Case = {
    label: `\`PATCH /api/bets/:id\` (settle, ${writerCookies.length} users)`,
    authenticatedRead: false,
    // The checked request settles the first of writer 0's bets; the load, every other one once.
    path: `/api/bets/${data.settleable[0]![0]}`,
    paths: data.settleable.map((ids, i) => ids.slice(i === 0 ? 1 : 0).map((id) => `/api/bets/${id}`)),
    method: 'PATCH',
    cookies: writerCookies,
    body: { status: 'won' },
    expect: 200,
  };
  const healthCase: Case = { label: 'GET /api/health', authenticatedRead: false, path: '/api/health', expect: 200 };
  const health = [await measure(server, healthCase)];
  const cases: Case[] = [
    {
      label: '`GET /api/bets` (first page)',
      authenticatedRead: true,
      path: '/api/bets',
      cookie: readerCookie,
      expect: 200,
    },
    {
      label: '`GET /api/bets/stats`',
      authenticatedRead: true,
      path: '/api/bets/stats',
      cookie: readerCookie,
      expect: 200,
    },
    {
      label: `\`GET /api/profiles/:username\` (signed in)`,
      authenticatedRead: true,
      path: `/api/profiles/${profile}`,
      cookie: readerCookie,
      expect: 200,
    },
    {
      label: '`GET /:username` (profile page, signed out)',
      authenticatedRead: false,
      path: `/${profile}`,
      expect: 200,
    },
    {
      label: '`GET /api/community/spotlight`',
      authenticatedRead: false,
      path: '/api/community/spotlight',
      expect: 200,
    },
    recordCase,
    settleCase,
    ...ledgerPaths.map((l): Case => ({ label: l.label, authenticatedRead: false, path: l.path, expect: 200 })),
  ];
  const measured: MeasuredCase[] = [];
  // BENCH_ONLY=reads: every read but the ledger's pages.
  const isRead = (c: Case) => c.method === undefined && !c.path.includes('/ledger');
  for (const c of settings.only === 'reads' ? cases.filter(isRead) : cases) {
    const result = await measure(server, c);
    health.push(await measure(server, healthCase));
    const around = (health.at(-2)!.requestsPerSecond + health.at(-1)!.requestsPerSecond) / 2;
    measured.push({
      label: c.label,
      authenticatedRead: c.authenticatedRead,
      result,
      vsHealth: result.requestsPerSecond / around,
    });
  }

  if (settings.only === 'reads') {
    for (const m of measured) {
      const cpu = m.result.serverCpuMs?.toFixed(2) ?? '?';
      console.log(`${m.label}: ${Math.round(m.vsHealth * 100)}% of health, ${cpu} ms of server CPU a request`);
    }
    return measured.every((m) => m.result.errors === 0 && m.result.non2xx === 0);
  }

  console.log('\nscaling: one user with each history size');
  const scaling: ScalingRow[] = [];
  const scalingCookies: string[] = [];
  for (const account of data.scaling) {
    const own = await cookie(account);
    scalingCookies.push(own);
    const bets = account.bets.toLocaleString('en-US');
    const stats = await measure(server, {
      label: `${bets} bets: GET /api/bets/stats`,
      authenticatedRead: true,
      path: '/api/bets/stats',
      cookie: own,
      expect: 200,
    });
    const firstPage = await measure(server, {
      label: `${bets} bets: GET /api/bets`,
      authenticatedRead: true,
      path: '/api/bets',
      cookie: own,
      expect: 200,
    });
    scaling.push({ bets: account.bets, stats, firstPage });
  }

  console.log(`\nledger of @${data.ledger.username} (${data.ledger.entries.toLocaleString('en-US')} entries)`);
  const ledger = await describeLedger(server, data, ledgerBase, ledgerPaths, measured);

  const byLabel = (label: string) => measured.find((m) => m.label === label)!;
  const writes = { record: byLabel(recordCase.label), settle: byLabel(settleCase.label) };
  const targets = checkTargets(driver, measured, health, scaling, ledger, writes);
  const report: RunReport = {
    driver,
    driverDetail,
    machine: describeMachine(),
    date: new Date().toISOString(),
    command: commandLine(driver),
    loadDescription:
      `autocannon ${settings.connections} connections from a separate process over loopback, ` +
      `${settings.durationSeconds} s per measurement after ${settings.warmupSeconds} s of warm-up; the server on the same machine`,
    dataDescription: describeData(data, profile),
    loadAverage: { start: loadStart, end: load1() },
    cases: measured,
    health,
    scaling,
    ledger,
    settle: {
      perWriter: settings.settleablePerWriter,
      writers: data.writers.length,
      used: (writes.settle.result.pathsUsed ?? 0) + 1,
      ranOut: writes.settle.result.pathsRanOut ?? false,
    },
    seeding: { seconds: data.seconds, steps: data.steps },
    targets,
  };
  const section = renderSection(report);
  writeResults(driver, section);
  console.log(`\n${section}\n\nwritten to bench/RESULTS.md`);
  await server.stop();
  const noisyMet = await noisyPart({
    others: [readerCookie, ...writerCookies],
    noisy: scalingCookies[SCALING_SIZES.indexOf(NOISY_BETS)]!,
  });
  return targets.every((t) => t.met) && noisyMet;
}

/** The flooding account of the noisy neighbour: the scaling user with 10,000 bets (a real export). */
const NOISY_BETS = 10_000;
/** ...and an imported history as large as an account may hold, for its statistics with it. */
const NOISY_IMPORTED = 50_000;

/** `count` imported bets for one user, in one statement (settled, won and lost in turn, stakes 1 to 500). */
async function seedImportedHistory(db: Database['db'], userId: string, count: number) {
  await db.execute(sql`
    insert into imported_bets (user_id, import_id, row_hash, description, sport, amount, odds, decimal_odds, event_date,
                               status, profit_loss)
    select ${userId}, md5('bench-import')::uuid, md5('a' || g) || md5('b' || g), 'imported bet ' || g,
           (array['football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other'])[1 + g % 7],
           1 + g % 500, '+150', 2.5, timestamptz '2025-01-01T00:00:00Z' - g * interval '1 hour',
           case when g % 2 = 0 then 'won' else 'lost' end,
           case when g % 2 = 0 then (1 + g % 500) * 1.5 else -(1 + g % 500) end
    from generate_series(1, ${count}::int) g`);
}

/** Makes the user's profile public (the seeder makes some private), so its NDJSON chain is anyone's to download; its username. */
async function publishProfile(db: Database['db'], userId: string): Promise<string> {
  const [row] = rowsOf<{ username: string }>(
    await db.execute(sql`
      with published as (
        update user_settings set privacy_settings = privacy_settings || '{"profile_public": true}'::jsonb
        where user_id = ${userId})
      select username from profiles where user_id = ${userId}`),
  );
  if (!row) throw new Error(`no profile for the flooder ${userId}`);
  return row.username;
}

interface NoisyCookies {
  others: string[];
  noisy: string;
}

/**
 * The noisy neighbour on a server started with the default quotas, after any other server of the
 * run has stopped (PGlite is one process); writes its section of RESULTS.md. Signs its accounts in
 * unless given their cookies (sign-ins are limited to 10 a minute from one address).
 */
async function noisyNeighbour(o: {
  driver: DriverName;
  driverDetail: string;
  databaseUrl: string | undefined;
  dataDir: string;
  nodeArgs: string[] | undefined;
  authSecret: string;
  data: BenchData;
  /** The flooding account's public profile. */
  flooderUsername: string;
  cookies?: NoisyCookies;
}): Promise<boolean> {
  console.log('\nnoisy neighbour: the server restarted with the default quotas');
  const server = await startServer({
    databaseUrl: o.databaseUrl,
    dataDir: o.dataDir,
    nodeArgs: o.nodeArgs,
    env: { AUTH_SECRET: o.authSecret, ...DEFAULT_QUOTA_ENV },
  });
  cleanups.push({ what: 'stop the noisy-neighbour server', run: server.stop });
  const account = o.data.scaling.find((a) => a.bets === NOISY_BETS)!;
  const cookies = o.cookies ?? {
    others: [
      await signIn(server, o.data.reader, o.data.password),
      ...(await Promise.all(o.data.writers.map((w) => signIn(server, w, o.data.password)))),
    ],
    noisy: await signIn(server, account, o.data.password),
  };
  const report = await runNoisyNeighbour({
    driver: o.driver,
    driverDetail: o.driverDetail,
    machine: describeMachine(),
    command: commandLine(o.driver),
    server,
    others: cookies.others,
    noisy: { cookie: cookies.noisy, username: o.flooderUsername, bets: account.bets, imported: NOISY_IMPORTED },
    bet: benchBet(),
    connections: settings.connections,
    floodConnections: Math.max(1, Math.round(settings.connections / 2)),
    durationSeconds: settings.durationSeconds,
    warmupSeconds: settings.warmupSeconds,
    loadAverage: load1,
  });
  await server.stop();
  writeResults(o.driver, report.section, 'noisy');
  console.log(`\n${report.section}\n\nwritten to bench/RESULTS.md`);
  return report.met;
}

/** The ledger pages' sizes (one request each), the chain checked whole, and its NDJSON download timed. */
async function describeLedger(
  server: RunningServer,
  data: BenchData,
  base: string,
  paths: readonly { label: string; path: string }[],
  measured: MeasuredCase[],
): Promise<LedgerReport> {
  const page = async (p: { label: string; path: string }) => {
    const res = await fetch(server.origin + p.path);
    const text = await res.text();
    const body = JSON.parse(text) as LedgerPage;
    return {
      label: p.label,
      path: p.path,
      after: Number(new URL(p.path, server.origin).searchParams.get('after') ?? 0),
      entries: body.entries.length,
      firstSeq: body.entries[0]?.seq ?? 0,
      bytes: Buffer.byteLength(text),
      head: body.head,
      result: measured.find((m) => m.label === p.label)!.result,
    };
  };
  const [first, firstFull, deep] = await Promise.all(paths.map(page));
  if (!first || !firstFull || !deep) throw new Error('three ledger pages expected');
  if (deep.firstSeq !== deep.after + 1 || deep.entries !== LEDGER_PAGE_MAX) {
    throw new Error(`the deep page holds ${deep.entries} entries from seq ${deep.firstSeq}: seed a longer chain`);
  }

  // The whole chain, one download at a time: the first not counted, then NDJSON_DOWNLOADS timed.
  const download = async () => {
    const start = performance.now();
    const res = await fetch(`${server.origin}${base}.ndjson`);
    if (res.status !== 200) throw new Error(`${base}.ndjson answered ${res.status}`);
    const text = await res.text();
    return { ms: performance.now() - start, text };
  };
  const cold = await download();
  const lines = cold.text.split('\n').filter(Boolean);
  const last = JSON.parse(lines.at(-1)!) as { seq: number; hash: string };
  if (lines.length !== data.ledger.entries || last.seq !== first.head.seq || last.hash !== first.head.hash) {
    throw new Error(
      `the NDJSON chain (${lines.length} lines, last ${last.seq} ${last.hash}) does not end at the head ${JSON.stringify(first.head)}`,
    );
  }
  const timed: number[] = [];
  for (let i = 0; i < NDJSON_DOWNLOADS; i++) timed.push((await download()).ms);
  const ndjson = {
    bytes: Buffer.byteLength(cold.text),
    lines: lines.length,
    firstMs: cold.ms,
    medianMs: [...timed].sort((a, b) => a - b)[Math.floor(timed.length / 2)]!,
    runs: timed.length,
  };
  console.log(
    `  ledger.ndjson: ${ndjson.lines} entries, ${ndjson.bytes} bytes, ${ndjson.medianMs.toFixed(0)} ms (median of ${ndjson.runs}; first ${ndjson.firstMs.toFixed(0)} ms)`,
  );
  const pick = ({ head: _head, firstSeq: _firstSeq, ...rest }: Awaited<ReturnType<typeof page>>) => rest;
  return {
    username: data.ledger.username,
    entries: data.ledger.entries,
    first: pick(first),
    firstFull: pick(firstFull),
    deep: pick(deep),
    ndjson,
  };
}

function describeData(data: BenchData, profile: string): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return (
    `${n(data.community.users)} users with ${n(data.community.bets)} bets from src/server/db/seed.ts; ` +
    `the reader has ${n(data.reader.bets)} bets and views @${profile} (the Spotlight’s leader); ` +
    `${data.writers.length} writers start with ${n(WRITER_BETS)} each, plus ${n(settings.settleablePerWriter)} pending bets whose events have started (settled one per request); ` +
    `scaling users have ${SCALING_SIZES.map(n).join(' / ')}; @${data.ledger.username} (public) has ${n(data.ledger.bets)} bets and ${n(data.ledger.entries)} ledger entries; ` +
    `the bench’s own accounts’ bets are settled, won and lost in turn, but for each one’s ${RECENT_PENDING_BETS} newest, pending with events a week ahead (none overdue)`
  );
}

main()
  .then(async (met) => {
    await cleanUp();
    if (!met) {
      console.error('a target was missed (see above)');
      process.exit(1);
    }
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await cleanUp();
    process.exit(1);
  });
