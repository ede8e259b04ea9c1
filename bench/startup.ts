/**
 * Start time and idle memory of the production server: spawns the compiled
 * server (`node dist/server/index.js`, what `npm start` runs on a built tree), `npm start` itself,
 * and, to compare, the TypeScript sources through tsx. From the spawn on it asks for the landing
 * page (/: the site answers it as soon as the server listens, src/server/pages/site.ts) and for
 * /api/health (the app runs and the database is open), each until its first 200; then the
 * resident memory (RSS) after a few idle seconds. PGlite in a data directory that already holds a
 * migrated database (a restart), and a first start on an empty one; with STARTUP_DATABASE_URL
 * set (a PostgreSQL server's URL that may create databases), on PostgreSQL too: in a database of
 * its own for each server measured, created empty and dropped after.
 *
 *   npm run build && [STARTUP_DATABASE_URL=postgres://…/postgres] npx tsx bench/startup.ts [restarts]
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/live-server.ts';
import { createScratchDatabase } from './shared.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const IDLE_MS = 3000;

interface Sample {
  /** From spawn to the first 200 on /api/health: the app runs, the database is open. */
  healthMs: number;
  /** From spawn to the first 200 on the landing page (the site answers it before the app runs). */
  pageMs: number;
  rssMb: number;
}

const rssMb = (pid: number) => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 102.4) / 10;
};

/** `command`: node with its arguments, or `npm start` (as [npm, start]). */
async function measure(command: string[], dataDir: string, databaseUrl = ''): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const [file, ...args] = command;
  const child = spawn(file!, args, {
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
    // A group of its own: npm's shell does not pass a SIGTERM on to the server, the group's signal reaches it.
    detached: true,
  });
  try {
    // Both asked for from the spawn on, each until its first 200.
    const firstOk = async (pathname: string) => {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        const res = await fetch(`http://127.0.0.1:${port}${pathname}`, {
          headers: { 'accept-encoding': 'br, gzip' },
        }).catch(() => null);
        await res?.arrayBuffer();
        if (res?.status === 200) return Math.round(performance.now() - started);
        if (performance.now() - started > 180_000) throw new Error(`no 200 on ${pathname} within 180 s`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    const [healthMs, pageMs] = await Promise.all([firstOk('/api/health'), firstOk('/')]);
    await new Promise((r) => setTimeout(r, IDLE_MS));
    // npm's own process is not the server's: its memory is not measured.
    return { healthMs, pageMs, rssMb: file === 'npm' ? NaN : rssMb(child.pid!) };
  } finally {
    // Signals the group; false once it has gone (a server that exited, its error on stderr, has none left).
    const signalGroup = (signal: NodeJS.Signals | 0) => {
      try {
        process.kill(-child.pid!, signal);
        return true;
      } catch {
        return false;
      }
    };
    signalGroup('SIGTERM');
    // Until the whole group has gone (npm leaves before the server has closed its database).
    while (signalGroup(0)) await new Promise((r) => setTimeout(r, 10));
  }
}

const compiled = [process.execPath, 'dist/server/index.js'];
const npmStart = ['npm', 'start'];
const throughTsx = [process.execPath, '--import', 'tsx', 'src/server/index.ts'];
const postgres = process.env.STARTUP_DATABASE_URL ?? '';
const variants: [string, string[], string][] = [
  ['compiled (node dist/server/index.js), PGlite', compiled, ''],
  ['npm start (the same, through npm), PGlite', npmStart, ''],
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
  '| server | first start (empty database): / · /api/health | restart: / answers (median) | restart: /api/health answers (median) | idle RSS (median) |',
);
console.log('|---|---|---|---|---|');
for (const [label, command, databaseUrl] of variants) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-startup-'));
  const scratch = databaseUrl ? await createScratchDatabase(databaseUrl) : undefined;
  try {
    const first = await measure(command, dataDir, scratch?.url);
    const restarts: Sample[] = [];
    for (let i = 0; i < runs; i++) restarts.push(await measure(command, dataDir, scratch?.url));
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const column = (of: (s: Sample) => number) => `${median(restarts.map(of))} ms (${restarts.map(of).join(', ')})`;
    console.log(
      `| ${label} | ${first.pageMs} ms · ${first.healthMs} ms | ${column((s) => s.pageMs)} | ${column((s) => s.healthMs)} | ${command[0] === 'npm' ? '—' : `${median(restarts.map((s) => s.rssMb))} MB`} |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
