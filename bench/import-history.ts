/**
 * How long importing a 10,000-row history takes (docs/decisions/009): whole HTTP requests to
 * POST /api/bets/import in process (session lookup, the write quota, reading and checking the
 * file as it streams, hashing, and for the import one transaction of 10 INSERTs of 1,000 rows),
 * each into a fresh account: the preview (?dryRun=true), the import, and the same file again
 * (every row a duplicate, nothing stored). On PGlite and, when reachable, PostgreSQL.
 *
 *   npx tsx bench/import-history.ts          # PostgreSQL at BENCH_DATABASE_URL or TEST_DATABASE_URL too
 *
 * Figures go to stdout and to bench/import-history.md.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { createTestEnv, signUpAndSignIn, type Driver, type TestEnv } from '../src/server/test/harness.ts';
import { IMPORT_MAX_ROWS } from '../src/shared/import-history.ts';
import { BENCH_PG_URL, benchDrivers, describeMachine, load1, summarise, type Timing } from './shared.ts';

const RUNS = 3;

/** A spreadsheet of `rows` settled bets, one an hour from 2024-01-01, with quoted commas as people write them. */
function historyCsv(rows: number): string {
  const sports = ['football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other'];
  const odds = ['-110', '+150', '2.50', '5/2', '1.91', '-200'];
  const lines = ['date,description,sport,stake,odds,result'];
  for (let i = 0; i < rows; i++) {
    const date = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
    lines.push(
      `${date},"Team ${i % 97} v Team ${(i * 7) % 89}, full time, bet ${i}",${sports[i % 7]},${(i % 50) + 5}.50,${odds[i % 6]},${i % 3 === 0 ? 'lost' : 'won'}`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

async function upload(env: TestEnv, cookie: string, csv: string, query = ''): Promise<number> {
  const start = performance.now();
  const res = await env.request(`/api/bets/import${query}`, {
    method: 'POST',
    cookie,
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });
  await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`import answered ${res.status}`);
  return ms;
}

async function benchDriver(driver: Driver, csv: string): Promise<Record<string, Timing>> {
  if (driver === 'postgres') process.env.TEST_DATABASE_URL = BENCH_PG_URL;
  const env = await createTestEnv(driver);
  const samples: Record<string, number[]> = { preview: [], import: [], 'import again (all duplicates)': [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const { cookie } = await signUpAndSignIn(env);
      samples.preview!.push(await upload(env, cookie, csv, '?dryRun=true'));
      samples.import!.push(await upload(env, cookie, csv));
      samples['import again (all duplicates)']!.push(await upload(env, cookie, csv));
    }
  } finally {
    await env.close();
  }
  return Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, summarise(s)]));
}

const csv = historyCsv(IMPORT_MAX_ROWS);
const drivers = await benchDrivers();
const machine = describeMachine();
const lines = [
  '# Importing a 10,000-row history',
  '',
  `Written by \`npx tsx bench/import-history.ts\` on ${new Date().toISOString().slice(0, 16)}Z: ` +
    `${machine.cpu}, ${machine.cores} cores, ${machine.ramGiB} GiB, Node ${machine.node}; load average ${load1()} at the end.`,
  `A ${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB spreadsheet of ${IMPORT_MAX_ROWS.toLocaleString('en-US')} settled bets, ` +
    `sent whole to POST /api/bets/import in process, into a fresh account each run (${RUNS} runs): ` +
    'median / slowest, in seconds.',
  '',
  '| database | preview (dryRun) | import | the same file again |',
  '| --- | --- | --- | --- |',
];
for (const driver of drivers) {
  const t = await benchDriver(driver, csv);
  const s = (name: string) => `${(t[name]!.median / 1000).toFixed(2)} / ${(t[name]!.max / 1000).toFixed(2)}`;
  lines.push(`| ${driver} | ${s('preview')} | ${s('import')} | ${s('import again (all duplicates)')} |`);
}
const text = lines.join('\n') + '\n';
process.stdout.write(text);
writeFileSync(new URL('./import-history.md', import.meta.url), text);
