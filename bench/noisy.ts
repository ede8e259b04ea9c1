/**
 * The noisy neighbour (docs/SECURITY.md): one account floods the server with writes, the history
 * import (a file of IMPORT_MAX_ROWS rows, read whole and then refused: the account holds its
 * imported bets' cap) and each heavy read whose cost grows with its record (the CSV export, the
 * analytics, the statistics with its imported history, its public ledger as NDJSON) while other
 * users read, on a server with the default per-user quotas
 * (src/server/edge/quotas.ts). The others' latency is measured alone first (quiet), then under the
 * flood; their p50 must stay within MAX_P50_RATIO of the quiet run, and the flooding account must
 * get no more than its quotas' worth of writes and heavy reads through, however many it sends at once
 * (its requests wait their turn, one at a time: those still waiting after autocannon's 10 s are
 * its own errors, not the others').
 *
 * Part of `npm run bench` (after the throughput runs, on a server restarted with the default
 * quotas), or alone with `BENCH_ONLY=noisy npm run bench`. It writes its own section of
 * bench/RESULTS.md per driver, beside the throughput runs' sections.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { QUOTA_DEFAULTS } from '../src/shared/quotas.ts';
import { IMPORTED_BETS_MAX, IMPORT_MAX_ROWS, importWrites } from '../src/shared/import-history.ts';
import type { RecordBetInput } from '../src/shared/bet-schemas.ts';
import { runLoad, type LoadResult, type LoadSpec } from './load.ts';
import { times, type DriverName, type Target } from './report.ts';
import type { RunningServer } from './server-process.ts';
import type { Machine } from './shared.ts';

/** The others' p50 under the flood may be at most this many times their quiet p50. */
export const MAX_P50_RATIO = 2;

/** The server's own defaults, said explicitly so a bench run never inherits other values. */
export const DEFAULT_QUOTA_ENV: Record<string, string> = {
  WRITE_QUOTA_PER_MINUTE: String(QUOTA_DEFAULTS.writesPerMinute),
  WRITE_QUOTA_PER_DAY: String(QUOTA_DEFAULTS.writesPerDay),
  HEAVY_READ_QUOTA_PER_MINUTE: String(QUOTA_DEFAULTS.heavyReadsPerMinute),
  HEAVY_READ_QUOTA_PER_DAY: String(QUOTA_DEFAULTS.heavyReadsPerDay),
};

/** The others' read: their dashboard's list of bets. */
const OTHERS_PATH = '/api/bets';

export interface NoisyOptions {
  driver: DriverName;
  driverDetail: string;
  machine: Machine;
  command: string;
  /** A server on the bench's database with the default quotas (DEFAULT_QUOTA_ENV). */
  server: RunningServer;
  /** The readers' session cookies, one per connection in turn. */
  others: string[];
  /**
   * The flooding account's session cookie, its (public) username, and how many bets its record
   * and its imported history hold.
   */
  noisy: { cookie: string; username: string; bets: number; imported: number };
  bet: RecordBetInput;
  connections: number;
  floodConnections: number;
  durationSeconds: number;
  warmupSeconds: number;
  loadAverage: () => string;
}

export interface NoisyReport {
  section: string;
  met: boolean;
}

const headers = (server: RunningServer, cookie: string, type?: string): Record<string, string> => ({
  origin: server.origin,
  accept: 'application/json, text/csv, application/x-ndjson',
  cookie,
  ...(type ? { 'content-type': type } : {}),
});

/**
 * The import's flood: IMPORT_MAX_ROWS valid rows of the spreadsheet layout, each a new bet. The
 * flooder already holds IMPORTED_BETS_MAX imported bets, so each file is read whole and refused
 * (422, over the account's total): the costliest refusal, which counts against the write quota by
 * the rows it read like a stored file.
 */
export function importFloodCsv(): string {
  const lines = ['date,description,sport,stake,odds,result'];
  for (let i = 0; i < IMPORT_MAX_ROWS; i++) {
    const day = new Date(Date.UTC(2023, 0, 1) + i * 3_600_000).toISOString().slice(0, 10);
    lines.push(
      `${day},Flood bet ${i} at the bench,soccer,${10 + (i % 90)},2.${String(i % 100).padStart(2, '0')},${i % 2 ? 'won' : 'lost'}`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

export async function runNoisyNeighbour(o: NoisyOptions): Promise<NoisyReport> {
  const loadStart = o.loadAverage();
  const others: LoadSpec = {
    url: o.server.origin + OTHERS_PATH,
    method: 'GET',
    headers: headers(o.server, o.others[0]!),
    cookiePerConnection: o.others,
    connections: o.connections,
    durationSeconds: o.durationSeconds,
    warmupSeconds: o.warmupSeconds,
  };
  // The flood outlasts the others' whole measurement: it starts a second before their warm-up.
  const floodSeconds = o.warmupSeconds + o.durationSeconds + 3;
  const flood = (spec: Pick<LoadSpec, 'url' | 'method' | 'body'>, type?: string): LoadSpec => ({
    ...spec,
    headers: headers(o.server, o.noisy.cookie, type),
    connections: o.floodConnections,
    durationSeconds: floodSeconds,
    warmupSeconds: 0,
  });
  const floods: Flood[] = [
    {
      label: '`POST /api/bets`',
      spec: flood(
        { url: `${o.server.origin}/api/bets`, method: 'POST', body: JSON.stringify(o.bet) },
        'application/json',
      ),
      ok: '201',
      quota: 'writes',
      weight: 1,
    },
    {
      label: `\`POST /api/bets/import\` (${int(IMPORT_MAX_ROWS)} rows, refused over the ${int(IMPORTED_BETS_MAX)} held)`,
      spec: flood({ url: `${o.server.origin}/api/bets/import`, method: 'POST', body: importFloodCsv() }, 'text/csv'),
      ok: '422',
      quota: 'writes',
      weight: importWrites(IMPORT_MAX_ROWS),
    },
    {
      label: '`GET /api/profile/export.csv`',
      spec: flood({ url: `${o.server.origin}/api/profile/export.csv`, method: 'GET' }),
      ok: '200',
      quota: 'export',
      weight: 1,
    },
    {
      label: '`GET /api/profile/analytics`',
      spec: flood({ url: `${o.server.origin}/api/profile/analytics`, method: 'GET' }),
      ok: '200',
      quota: 'analytics',
      weight: 1,
    },
    {
      label: '`GET /api/bets/stats?includeImported=true`',
      spec: flood({ url: `${o.server.origin}/api/bets/stats?includeImported=true`, method: 'GET' }),
      ok: '200',
      quota: 'analytics',
      weight: 1,
    },
    {
      // Public: no quota. The chain is read once per change of its head (the writes above move it).
      label: `\`GET /api/profiles/{flooder}/ledger.ndjson\``,
      spec: flood({ url: `${o.server.origin}/api/profiles/${o.noisy.username}/ledger.ndjson`, method: 'GET' }),
      ok: '200',
      quota: null,
      weight: 0,
    },
  ];

  const check = await fetch(others.url, { headers: others.headers });
  if (check.status !== 200) throw new Error(`noisy neighbour: the others' request answered ${check.status}`);
  await check.arrayBuffer();
  // Each heavy read asked once to check it: counted against its quota, as the flood's are.
  const before: Record<QuotaName, number> = { writes: 0, export: 0, analytics: 0 };
  let chainBytes = 0;
  // A quota's minute starts with its first counted request (the checks below); on a slow host the
  // quiet run and the flood may outlast it, and the flooder then has the next minute's quota too.
  const firstCounted = Date.now();
  for (const f of floods.filter((x) => x.spec.method === 'GET')) {
    const res = await fetch(f.spec.url, { headers: f.spec.headers });
    if (res.status !== 200) throw new Error(`noisy neighbour: ${f.label} answered ${res.status}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    if (f.quota) before[f.quota]++;
    if (f.quota === null) chainBytes = bytes;
  }

  process.stdout.write(`  others, quiet: ${OTHERS_PATH} ... `);
  const quiet = await runLoad(others);
  console.log(line(quiet));

  const flooding = Promise.all(floods.map((f) => runLoad(f.spec)));
  await sleep(1000);
  process.stdout.write(`  others, with the flood: ${OTHERS_PATH} ... `);
  const noisy = await runLoad(others);
  console.log(line(noisy));
  const results = await flooding;
  console.log(`  flood: ${floods.map((f, i) => `${f.label} ${JSON.stringify(results[i]!.statusCodes)}`).join(', ')}`);

  // No answer at all under the flood has no latency to compare (autocannon reports a p50 of 0).
  const answered = noisy.responses > 0 && quiet.responses > 0;
  const ratio = answered ? noisy.p50 / quiet.p50 : Infinity;
  const accepted = (r: LoadResult, code: string) => r.statusCodes[code] ?? 0;
  const got: Record<QuotaName, number> = { ...before };
  floods.forEach((f, i) => {
    if (f.quota) got[f.quota] += f.weight * accepted(results[i]!, f.ok);
  });
  const minutes = Math.floor((Date.now() - firstCounted) / 60_000) + 1;
  const allowed: Record<QuotaName, number> = {
    writes: QUOTA_DEFAULTS.writesPerMinute * minutes,
    export: QUOTA_DEFAULTS.heavyReadsPerMinute * minutes,
    analytics: QUOTA_DEFAULTS.heavyReadsPerMinute * minutes,
  };
  const refused = results.reduce((n, r) => n + accepted(r, '429'), 0);
  const targets: Target[] = [
    {
      name: `the others’ p50 with the flood ≤ ${MAX_P50_RATIO}× their quiet p50`,
      measured: answered
        ? `${times(ratio)} (${Math.round(noisy.p50)} ms ÷ ${Math.round(quiet.p50)} ms)`
        : `no answer to the others ${quiet.responses > 0 ? 'under the flood' : 'in the quiet run'}`,
      met: ratio <= MAX_P50_RATIO,
    },
    {
      name: 'the others: zero errors and zero non-2xx, quiet and with the flood',
      measured: `${quiet.errors + noisy.errors} errors, ${quiet.non2xx + noisy.non2xx} non-2xx`,
      met: quiet.errors + noisy.errors + quiet.non2xx + noisy.non2xx === 0,
    },
    {
      name: `the flooder gets no more than its quotas through the ${minutes === 1 ? 'minute' : `${minutes} minute windows`} it spanned: ${allowed.writes} writes (a file read counting ${importWrites(IMPORT_MAX_ROWS)}), ${allowed.export} exports, ${allowed.analytics} analytics and statistics with the imported history together; every other answer a 429`,
      measured:
        `${got.writes} writes (files read included), ${got.export} exports, ${got.analytics} analytics and statistics accepted; ` +
        `${refused} answered 429; ` +
        `${results.reduce((n, r) => n + r.errors, 0)} still waiting their turn after 10 s (autocannon's timeout)`,
      met:
        (Object.keys(allowed) as QuotaName[]).every((q) => got[q] <= allowed[q]) &&
        floods.every((f, i) => accepted(results[i]!, f.ok) + accepted(results[i]!, '429') === results[i]!.responses),
    },
  ];
  return {
    section: render(o, { quiet, noisy, floods, results, targets, loadStart, floodSeconds, chainBytes }),
    met: targets.every((t) => t.met),
  };
}

/** The per-user quota a flooded request counts against (src/server/edge/quotas.ts). */
type QuotaName = 'writes' | 'export' | 'analytics';

interface Flood {
  label: string;
  spec: LoadSpec;
  /** The status of an accepted request (an import read whole and refused over the total: 422). */
  ok: string;
  /** null: a public read, in no quota. */
  quota: QuotaName | null;
  /** What one accepted request counts against its quota. */
  weight: number;
}

const line = (r: LoadResult) =>
  `${Math.round(r.requestsPerSecond)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, ${r.errors} errors, ${r.non2xx} non-2xx`;

const TITLES: Record<DriverName, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };
const int = (n: number) => Math.round(n).toLocaleString('en-US');

function render(
  o: NoisyOptions,
  r: {
    quiet: LoadResult;
    noisy: LoadResult;
    floods: Flood[];
    results: LoadResult[];
    targets: Target[];
    loadStart: string;
    floodSeconds: number;
    chainBytes: number;
  },
): string {
  const m = o.machine;
  const others = (label: string, x: LoadResult) =>
    `| ${label} | ${int(x.requestsPerSecond)} | ${Math.round(x.p50)} | ${Math.round(x.p99)} | ${x.errors} | ${x.non2xx} |`;
  const floodRow = (label: string, x: LoadResult, ok: string) =>
    `| ${label} | ${int(x.responses)} | ${int(x.statusCodes[ok] ?? 0)} | ${int(x.statusCodes['429'] ?? 0)} | ${int(x.responses - (x.statusCodes[ok] ?? 0) - (x.statusCodes['429'] ?? 0))} | ${x.errors} |`;
  return [
    `## Noisy neighbour: ${TITLES[o.driver]}`,
    '',
    '| run | |',
    '|---|---|',
    `| date | ${new Date().toISOString()} |`,
    `| command | \`${o.command}\` |`,
    `| machine | ${m.cpu}, ${m.cores} cores, ${m.ramGiB} GiB RAM, ${m.platform} |`,
    `| Node | ${m.node} |`,
    `| driver | ${o.driverDetail} |`,
    `| server | the default quotas: ${QUOTA_DEFAULTS.writesPerMinute} writes a minute and ${int(QUOTA_DEFAULTS.writesPerDay)} a day per user, analytics and exports ${QUOTA_DEFAULTS.heavyReadsPerMinute} a minute and ${int(QUOTA_DEFAULTS.heavyReadsPerDay)} a day each; the default pool and statement timeout |`,
    `| others | ${o.others.length} users reading \`GET ${OTHERS_PATH}\` (their first page) over ${o.connections} connections, ${o.warmupSeconds} s of warm-up then ${o.durationSeconds} s measured, alone and then with the flood |`,
    `| flooder | one user with ${int(o.noisy.bets)} bets and ${int(o.noisy.imported)} imported (a public profile, its chain ${(r.chainBytes / 1024 / 1024).toFixed(1)} MB as NDJSON), ${o.floodConnections} connections on each of ${r.floods.map((f) => f.label).join(', ')}, as fast as answers come, for ${r.floodSeconds} s from a second before the others’ warm-up |`,
    `| load average (1 min) | ${r.loadStart} at the start, ${o.loadAverage()} at the end |`,
    '',
    '| the others | req/s | p50 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|',
    others('quiet', r.quiet),
    others('with the flood', r.noisy),
    `| with the flood ÷ quiet | ${times(r.noisy.requestsPerSecond / r.quiet.requestsPerSecond)} | ${times(r.noisy.p50 / r.quiet.p50)} | ${times(r.noisy.p99 / r.quiet.p99)} | | |`,
    '',
    '| the flood | answered | accepted | 429 | other | not answered in 10 s |',
    '|---|---|---|---|---|---|',
    ...r.floods.map((f, i) => floodRow(f.label, r.results[i]!, f.ok)),
    '',
    'Each heavy read asked once before the runs (to check the request) counts towards its quota. The analytics',
    'and the statistics with the imported history share one quota; an import counts one write per 1,000 rows',
    'read, whatever becomes of the file. The NDJSON chain is public and in no user’s quota: it is read from the',
    'database once per change of its head, one read per profile at a time, and the other downloads are',
    'answered from what was kept; each client address may download 64 MB of chains a minute, then is',
    'answered 429 until its minute ends (src/server/edge/download-budget.ts). The server handles',
    'one of a user’s writes, and one of each of their heavy reads, at a time (the rest wait their turn), so',
    'the flood never has more than that in the database at once; past its quotas every request of the',
    'flooder is refused by what the server remembers of the refusal, after the session lookup and before',
    'any other query; the heavy reads it did get are served from the cache while its record is unchanged',
    '(src/server/lib/record-cache.ts).',
    '',
    '| target | measured | |',
    '|---|---|---|',
    ...r.targets.map((t) => `| ${t.name} | ${t.measured} | ${t.met ? 'met' : '**not met**'} |`),
  ].join('\n');
}
