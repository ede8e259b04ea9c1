/**
 * bench/RESULTS.md: the current figures (written by hand from the runs' sections), then one section
 * per driver (PGlite, PostgreSQL) and kind, each replaced in place by the next run on that driver,
 * so one file holds the latest figures of both. Dated findings go to bench/HISTORY.md.
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

export interface LedgerPageReport {
  label: string;
  path: string;
  /** The seq the page starts after. */
  after: number;
  entries: number;
  /** Of one response's body. */
  bytes: number;
  result: Measurement;
}

export interface LedgerReport {
  username: string;
  entries: number;
  /** The first page at the default limit, the first page of the largest limit, and a deep page of it. */
  first: LedgerPageReport;
  firstFull: LedgerPageReport;
  deep: LedgerPageReport;
  /** The whole chain as NDJSON, downloaded one request at a time with no other load. */
  ndjson: { bytes: number; lines: number; firstMs: number; medianMs: number; runs: number };
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
  ledger: LedgerReport;
  /** Settleable bets seeded and used by the settle measurement (its checked request included). */
  settle: { perWriter: number; writers: number; used: number; ranOut: boolean };
  seeding: { seconds: number; steps: { what: string; seconds: number }[] };
  targets: Target[];
}

export const resultsFile = new URL('./RESULTS.md', import.meta.url);

const DRIVER_TITLES: Record<DriverName, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

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
    `| seeding | ${seedingLine(report.seeding)} |`,
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
    ...ledgerLines(report),
    '',
    '| target | measured | |',
    '|---|---|---|',
    ...report.targets.map((t) => `| ${t.name} | ${t.measured} | ${t.met ? 'met' : '**not met**'} |`),
  ];
  return lines.join('\n');
}

function seedingLine({ seconds, steps }: RunReport['seeding']): string {
  const slowest = [...steps].sort((a, b) => b.seconds - a.seconds).slice(0, 3);
  return (
    `${int(seconds)} s, before the server starts, the ledger’s row trigger appending every entry (slowest: ` +
    `${slowest.map((s) => `${s.what} ${int(s.seconds)} s`).join('; ')})`
  );
}

const bytes = (n: number) => (n >= 2 ** 20 ? `${(n / 2 ** 20).toFixed(2)} MiB` : `${(n / 2 ** 10).toFixed(1)} KiB`);

function ledgerLines(report: RunReport): string[] {
  const { ledger, settle } = report;
  const row = (p: LedgerPageReport) =>
    `| ${p.label} | ${int(p.entries)} | ${bytes(p.bytes)} | ${int(p.result.requestsPerSecond)} | ${ms(p.result.p50)} | ${ms(p.result.p99)} | ${cpu(p.result)} |`;
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? '–' : times(a / b));
  const [deep, full] = [ledger.deep.result, ledger.firstFull.result];
  const nd = ledger.ndjson;
  return [
    `The ledger of @${ledger.username}, a public profile with ${int(ledger.entries)} entries, read signed out (same load):`,
    '',
    '| request | entries | bytes per response | req/s | p50 ms | p99 ms | server CPU ms/request |',
    '|---|---|---|---|---|---|---|',
    row(ledger.first),
    row(ledger.firstFull),
    row(ledger.deep),
    `| deep ÷ first, ${int(ledger.deep.entries)} entries each | | | ${ratio(deep.requestsPerSecond, full.requestsPerSecond)} | ${ratio(deep.p50, full.p50)} | ${ratio(deep.p99, full.p99)} | ${ratio(deep.serverCpuMs, full.serverCpuMs)} |`,
    '',
    `The whole chain as NDJSON (\`GET /api/profiles/:username/ledger.ndjson\`, read to the end, one download at a time and`,
    `nothing else loading the server): ${int(nd.lines)} entries, ${bytes(nd.bytes)} (${int(nd.bytes)} bytes) in ${int(nd.medianMs)} ms`,
    `(median of ${nd.runs}; the first download, not counted, ${int(nd.firstMs)} ms). Its last entry is the head the JSON pages report.`,
    '',
    `The settle measurement sent each request for a different pending bet whose event started long ago: it used`,
    `${int(settle.used)} of the ${int(settle.perWriter * settle.writers)} seeded (${int(settle.perWriter)} per writer), warm-up and the checked request included` +
      (settle.ranOut
        ? '; **they ran out**, so connections stopped early and the rate is over the time they ran.'
        : '; none ran out.'),
  ];
}

/** The kinds of section the throughput runs write: their own tables, and the noisy neighbour's (noisy.ts). */
export type SectionKind = 'results' | 'noisy';

/**
 * Writes `section` as the driver's section of its kind in RESULTS.md, between `<!-- kind:driver -->`
 * and `<!-- /kind:driver -->`, leaving the rest of the file (its current figures, written by hand
 * from these sections, and the other sections) as it is; a file without those markers gets them at
 * its end.
 */
export function writeResults(driver: DriverName, section: string, kind: SectionKind = 'results') {
  const name = `${kind}:${driver}`;
  const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '# Benchmark results\n';
  if (markedPart(previous, name)) return writeResultsPart(name, section);
  writeFileSync(resultsFile, `${previous.trimEnd()}\n\n<!-- ${name} -->\n\n${section.trim()}\n\n<!-- /${name} -->\n`);
}

/**
 * Writes `body` between `<!-- name -->` and `<!-- /name -->` in RESULTS.md, a generated part
 * inside a section written by hand (bench/lighthouse.ts's rows), leaving the rest as it is.
 */
export function writeResultsPart(name: string, body: string) {
  const previous = readFileSync(resultsFile, 'utf8');
  const part = markedPart(previous, name);
  if (!part) throw new Error(`bench/RESULTS.md has no <!-- ${name} --> … <!-- /${name} --> to write into`);
  writeFileSync(resultsFile, `${previous.slice(0, part.inner)}\n\n${body.trim()}\n\n${previous.slice(part.close)}`);
}

/** Where `<!-- name -->` … `<!-- /name -->` is in `text`: each marker's start, the inside's start, the end. */
function markedPart(text: string, name: string) {
  const [open, close] = [`<!-- ${name} -->`, `<!-- /${name} -->`];
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end <= start) return null;
  return { open: start, inner: start + open.length, close: end, end: end + close.length };
}
