/**
 * Start time and idle memory of the production server (issue 17 item 3): spawns the compiled
 * server (`node dist/server/index.js`, what `npm start` runs on a built tree) and, to compare,
 * the TypeScript sources through tsx; measures the time from spawn to the first 200 on
 * /api/health, and to the landing page (/, asked for as soon as /api/health answers: its first
 * answer waits for the page render's module), then the resident memory (RSS) after a few idle
 * seconds. PGlite in a data directory
 * that already holds a migrated database (a restart), and a first start on an empty one; with
 * STARTUP_DATABASE_URL set, on that PostgreSQL database too (an empty one of its own: it is migrated).
 *
 *   npm run build && npx tsx bench/startup.ts [restarts]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/live-server.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const IDLE_MS = 3000;

interface Sample {
  startMs: number;
  pageMs: number;
  rssMb: number;
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 102.4) / 10;
};

async function measure(args: string[], dataDir: string, databaseUrl = ''): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 180_000) throw new Error('no 200 within 180 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const startMs = Math.round(performance.now() - started);
    const page = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'accept-encoding': 'br, gzip' } });
    await page.arrayBuffer();
    if (page.status !== 200) throw new Error(`/ answered ${page.status}`);
    const pageMs = Math.round(performance.now() - started);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { startMs, pageMs, rssMb: rssMb(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const compiled = ['dist/server/index.js'];
const throughTsx = ['--import', 'tsx', 'src/server/index.ts'];
const postgres = process.env.STARTUP_DATABASE_URL ?? '';
const variants: [string, string[], string][] = [
  ['compiled (node dist/server/index.js), PGlite', compiled, ''],
  ['sources through tsx, PGlite', throughTsx, ''],
  ...(postgres
    ? ([
        ['compiled, PostgreSQL', compiled, postgres],
        ['sources through tsx, PostgreSQL', throughTsx, postgres],
      ] as [string, string[], string][])
    : []),
];

const runs = Number(process.argv[2] ?? 3);
console.log(
  '| server | first start (empty database) | restart: /api/health answers (median) | restart: / answers (median) | idle RSS (median) |',
);
console.log('|---|---|---|---|---|');
for (const [label, args, databaseUrl] of variants) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-startup-'));
  try {
    const first = await measure(args, dataDir, databaseUrl);
    const restarts: Sample[] = [];
    for (let i = 0; i < runs; i++) restarts.push(await measure(args, dataDir, databaseUrl));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `| ${label} | ${first.startMs} ms | ${median(restarts.map((s) => s.startMs))} ms (${restarts.map((s) => s.startMs).join(', ')}) | ${median(restarts.map((s) => s.pageMs))} ms (${restarts.map((s) => s.pageMs).join(', ')}) | ${median(restarts.map((s) => s.rssMb))} MB |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
