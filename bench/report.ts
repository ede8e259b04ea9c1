/**
 * bench/RESULTS.md: one section per driver (PGlite, PostgreSQL), each replaced by the next run on
 * that driver, so one file holds the latest figures of both.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { LoadResult } from './load.ts';
import type { Machine } from './shared.ts';

export type DriverName = 'pglite' | 'postgres';

/** A load result and what the server process spent on it. */
export interface Measurement extends LoadResult {
  /**
   * CPU time of the server process (user + system) per response, warm-up included, in ms; null
   * where the OS does not tell. Less sensitive to other work on the machine than req/s; excludes
   * the PostgreSQL server's own CPU.
   */
  serverCpuMs: number | null;
}

export interface MeasuredCase {
  label: string;
  /** Reads that resolve a session: held to the throughput target. */
  authenticatedRead: boolean;
  result: Measurement;
  /** req/s as a share of the health endpoint's, measured just before and just after it (their mean). */
  vsHealth: number;
}

export interface ScalingRow {
  bets: number;
  stats: Measurement;
  firstPage: Measurement;
}

export interface Target {
  name: string;
  measured: string;
  met: boolean;
}

export interface RunReport {
  driver: DriverName;
  /** e.g. 'PGlite 0.5.16 (PostgreSQL 17.5), embedded in the server process'. */
  driverDetail: string;
  machine: Machine;
  date: string;
  command: string;
  loadDescription: string;
  dataDescription: string;
  loadAverage: { start: string; end: string };
  cases: MeasuredCase[];
  /** Every health measurement, in order: before the first endpoint and after each one. */
  health: Measurement[];
  scaling: ScalingRow[];
  targets: Target[];
}

export const resultsFile = new URL('./RESULTS.md', import.meta.url);

const DRIVER_TITLES: Record<DriverName, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const ORDER: DriverName[] = ['pglite', 'postgres'];

const int = (n: number) => Math.round(n).toLocaleString('en-US');
/** Latencies: autocannon records whole milliseconds. */
const ms = (n: number) => Math.round(n).toString();
const percent = (n: number) => `${Math.round(n * 100)}%`;
export const times = (n: number) => `${n.toFixed(2)}×`;

const cpu = (r: Measurement) => (r.serverCpuMs === null ? '–' : r.serverCpuMs.toFixed(2));

function loadRow(label: string, r: Measurement, vsHealth: string): string {
  return `| ${label} | ${int(r.requestsPerSecond)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${r.non2xx} | ${vsHealth} | ${cpu(r)} |`;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** The health runs as one row: mean req/s, latencies and CPU; the worst p99; every error counted. */
export function combine(runs: Measurement[]): Measurement {
  const cpus = runs.map((r) => r.serverCpuMs);
  return {
    ...runs[0]!,
    responses: runs.reduce((n, r) => n + r.responses, 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    requestsPerSecond: mean(runs.map((r) => r.requestsPerSecond)),
    p50: mean(runs.map((r) => r.p50)),
    p99: Math.max(...runs.map((r) => r.p99)),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    timeouts: runs.reduce((n, r) => n + r.timeouts, 0),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    serverCpuMs: cpus.every((c) => c !== null) ? mean(cpus as number[]) : null,
  };
}

export function renderSection(report: RunReport): string {
  const m = report.machine;
  const largest = report.scaling.at(-1)!;
  const smallest = report.scaling[0]!;
  const scalingRow = (row: ScalingRow) =>
    `| ${int(row.bets)} | ${int(row.stats.requestsPerSecond)} | ${ms(row.stats.p50)} | ${ms(row.stats.p99)} | ${cpu(row.stats)} | ${int(row.firstPage.requestsPerSecond)} | ${ms(row.firstPage.p50)} | ${ms(row.firstPage.p99)} | ${cpu(row.firstPage)} |`;
  const ratio = (pick: (r: Measurement) => number | null, of: 'stats' | 'firstPage') => {
    const [a, b] = [pick(largest[of]), pick(smallest[of])];
    return a === null || b === null ? '–' : times(a / b);
  };
  const ratioRow = (of: 'stats' | 'firstPage') =>
    [
      ratio((r) => r.requestsPerSecond, of),
      ratio((r) => r.p50, of),
      ratio((r) => r.p99, of),
      ratio((r) => r.serverCpuMs, of),
    ].join(' | ');
  const lines = [
    `## ${DRIVER_TITLES[report.driver]}`,
    '',
    '| run | |',
    '|---|---|',
    `| date | ${report.date} |`,
    `| command | \`${report.command}\` |`,
    `| machine | ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.platform} |`,
    `| Node | ${m.node} |`,
    `| driver | ${report.driverDetail} |`,
    `| load | ${report.loadDescription} |`,
    `| data | ${report.dataDescription} |`,
    `| load average (1 min) | ${report.loadAverage.start} at the start, ${report.loadAverage.end} at the end |`,
    '',
    '| request | req/s | p50 ms | p99 ms | errors | non-2xx | throughput vs health | server CPU ms/request |',
    '|---|---|---|---|---|---|---|---|',
    loadRow(`\`GET /api/health\` (mean of ${report.health.length} runs)`, combine(report.health), '100%'),
    ...report.cases.map((c) => loadRow(c.label, c.result, percent(c.vsHealth))),
    '',
    `Health was measured before the first endpoint and after each one (${report.health.map((h) => int(h.requestsPerSecond)).join(', ')} req/s);`,
    'each endpoint is compared with the mean of the two runs around it, so a change in the machine’s other load',
    'during the run moves both sides of its ratio.',
    '',
    'One user with 100, 10,000 and 100,000 bets, signed in (same load):',
    '',
    '| bets | stats req/s | stats p50 ms | stats p99 ms | stats server CPU ms | first page req/s | first page p50 ms | first page p99 ms | first page server CPU ms |',
    '|---|---|---|---|---|---|---|---|---|',
    ...report.scaling.map(scalingRow),
    `| ${int(largest.bets)} ÷ ${int(smallest.bets)} | ${ratioRow('stats')} | ${ratioRow('firstPage')} |`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    ...report.targets.map((t) => `| ${t.name} | ${t.measured} | ${t.met ? 'met' : '**not met**'} |`),
  ];
  return lines.join('\n');
}

const INTRO = [
  '# Benchmark results',
  '',
  'Written by `npm run bench` (bench/run.ts): the built app served by the real server',
  '(`src/server/index.ts`, `NODE_ENV=production`, `LOG_LEVEL=warn`) on a fresh database, loaded over',
  'loopback by autocannon from a separate process, one endpoint after another. Throughput is',
  'compared with `GET /api/health` (routing, security headers and a `select 1`: the floor of the',
  'framework) measured in the same run, so the ratios hold on a busy machine better than the',
  'absolute figures do. Each run replaces its driver’s section.',
  '',
  '- Clients: the seeded accounts sign in through `POST /api/auth/sign-in/email` and send the session',
  '  cookie they get. There is no proxy in front (`TRUST_PROXY=false`), so the server sees every client',
  '  as 127.0.0.1; only `/api/auth/*` is rate-limited (10 sign-ins a minute per address), so none of the',
  '  measured endpoints is throttled and no client pretends to be another address.',
  '- Latencies are autocannon’s, in whole milliseconds, under the full load (50 connections): they are',
  '  queueing plus service time. *Server CPU ms/request* is the server process’s CPU time (user + system,',
  '  from /proc) per response: steadier than req/s when other work shares the machine; it leaves out',
  '  PostgreSQL’s own CPU.',
  '- Targets: every authenticated read (`GET /api/bets`, `GET /api/bets/stats`, the profile API signed',
  '  in) at least 25% of the health endpoint’s throughput; the stats of a user with 100,000 bets at most',
  '  3× the p50 latency of a user with 100; zero errors and zero non-2xx in every measurement.',
  '  `npm run bench` exits non-zero when one is missed.',
  '- The Spotlight is the same page for every visitor: concurrent requests for it share one',
  '  computation (`src/server/coalesce.ts`; each computation starts after every request it answers',
  '  arrived), so under 50 connections on one page its cost is per batch of requests, not per request.',
  '- PGlite runs PostgreSQL in WebAssembly on the server’s own thread, one query at a time, at',
  '  0.2–1 ms of CPU per query; the health check’s `select 1` is the cheapest. An authenticated read',
  '  is a session lookup plus its own query, so on PGlite these reads sit near the 25% line, while on',
  '  PostgreSQL (queries on other cores, plans cached per connection) they are well above it.',
  '',
  '- PGlite: `npm run build && npm run bench`',
  '- PostgreSQL: `npm run build && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench`',
  '  (a throwaway database is created on that server and dropped after the run)',
  '- `BENCH_DURATION` (seconds per measurement, default 10), `BENCH_WARMUP` (default 2),',
  '  `BENCH_CONNECTIONS` (default 50), `BENCH_USERS` / `BENCH_BETS` (the seeded community, default',
  '  1,000 / 100,000).',
].join('\n');

const marker = (driver: DriverName, end = false) => `<!-- ${end ? '/' : ''}results:${driver} -->`;

/** Writes `section` as the driver's part of RESULTS.md, keeping the other driver's. */
export function writeResults(driver: DriverName, section: string) {
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
  const sections = ORDER.map((d) => {
    if (d === driver) return section;
    const start = previous.indexOf(marker(d));
    const end = previous.indexOf(marker(d, true));
    return start >= 0 && end > start ? previous.slice(start + marker(d).length, end).trim() : null;
  });
  const body = ORDER.flatMap((d, i) =>
    sections[i] === null ? [] : [[marker(d), '', sections[i], '', marker(d, true)].join('\n')],
  ).join('\n\n');
  writeFileSync(resultsFile, `${INTRO}\n\n${body}\n`);
}
