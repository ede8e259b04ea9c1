/**
 * The real server as a child process (src/server/index.ts, the way `npm start` runs it after the
 * build), on a free loopback port, stopped the way a deployment stops it (SIGTERM: in-flight
 * requests finish, the database closes) and killed if it does not stop in time.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/server/test/live-server.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const entry = fileURLToPath(new URL('../src/server/index.ts', import.meta.url));

export interface ServerOptions {
  /** PostgreSQL; unset: PGlite in dataDir. */
  databaseUrl?: string;
  /** PGlite's data and the mail outbox. */
  dataDir: string;
  /** Extra node options for the server, e.g. ['--cpu-prof'] to see where a request's time goes. */
  nodeArgs?: string[];
  /** More environment, over the bench's own (e.g. the default quotas, the AUTH_SECRET of an earlier start). */
  env?: Record<string, string>;
}

export interface RunningServer {
  /** http://127.0.0.1:PORT, also the server's BASE_URL (the Origin its auth checks expect). */
  origin: string;
  /** CPU seconds the server process has used so far (user + system), or null where /proc is missing. */
  cpuSeconds(): number | null;
  stop(): Promise<void>;
}

/** A write quota no bench run reaches (the counts are integer columns, compared with it in SQL). */
const BENCH_WRITE_QUOTA = 1_000_000_000;

export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Nothing inherited that would change what runs (another database, SMTP, admins).
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ADMIN_EMAILS: _admins, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    PORT: String(port),
    BASE_URL: origin,
    DATA_DIR: opts.dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    // Clients connect directly (no proxy in front), so each is known by its socket address.
    TRUST_PROXY: 'false',
    LOG_LEVEL: 'warn',
    // Five writers send hundreds of writes a second, far past a person's quota (src/server/edge/quotas.ts:
    // 60 a minute): the quota is still taken on every write, as in production, but never refuses.
    WRITE_QUOTA_PER_MINUTE: String(BENCH_WRITE_QUOTA),
    WRITE_QUOTA_PER_DAY: String(BENCH_WRITE_QUOTA),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', entry], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Warnings and errors are worth seeing as they happen; the tail explains a failed start.
  const tail: string[] = [];
  const keep = (stream: NodeJS.ReadableStream, echo: boolean) =>
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n').filter(Boolean)) {
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (echo) process.stderr.write(`[server] ${line}\n`);
      }
    });
  keep(child.stdout, false);
  keep(child.stderr, true);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const stop = async () => {
    if (hasExited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${tail.join('\n')}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not healthy within 120 s:\n${tail.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { origin, cpuSeconds: () => processCpuSeconds(child.pid), stop };
}

/** utime + stime of a process from /proc/PID/stat (Linux), in seconds. */
function processCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return null;
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of the whole line, in clock ticks (USER_HZ, 100 on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Signs an account in through the real API, as a browser would: answers its session cookie. */
export async function signIn(server: RunningServer, account: { email: string }, password: string): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ email: account.email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${account.email} answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`sign-in of ${account.email} set no cookie`);
  return cookie;
}
