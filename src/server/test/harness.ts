import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import pg from 'pg';
import { RESERVED_USERNAMES } from '../../shared/usernames.ts';
import { createApp } from '../app.ts';
import type { SQL } from 'drizzle-orm';
import { drizzlePglite, openDatabase, pgliteOptions, type Database, type Db } from '../db/client.ts';
import { violatedConstraint } from '../db/sql.ts';
import { loadConfig, type Config } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import type { Mail, Mailer } from '../lib/mail.ts';
import type { Site } from '../pages/site.ts';
import { mailsSettled } from '../modules/auth/mail-quota.ts';

export const TEST_BASE_URL = 'http://localhost:3000';
/** The socket address of requests that name none. */
export const DEFAULT_IP = '203.0.113.1';

let ipCounter = 0;
/** A client address no other request in this process has used, so its rate-limit buckets are empty. */
export const freshIp = () => {
  const n = ipCounter++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};
export type Driver = 'pglite' | 'postgres';

/** Every test file runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A clock that runs with real time but can be moved, so time rules are testable at their edges. */
export class TestClock {
  private offsetMs = 0;
  private frozenAt: number | null = null;
  now = () => new Date((this.frozenAt ?? Date.now()) + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  /**
   * Stops real time at this instant (advance still moves the clock): for rules measured in seconds,
   * which a loaded machine's slow requests would otherwise outrun.
   */
  freeze() {
    this.frozenAt = Date.now();
  }
  reset() {
    this.offsetMs = 0;
    this.frozenAt = null;
  }
}

export class CapturingMailer implements Mailer {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  /** The first link in the newest mail to `to` whose subject contains `subject`. */
  lastLink(to: string, subject: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to.toLowerCase() && m.subject.includes(subject));
    const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (!link) throw new Error(`no "${subject}" mail with a link to ${to}`);
    return link;
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /**
   * A raw body, sent as-is (for malformed-input tests): text, bytes that need not be UTF-8, or a
   * stream the test feeds (a body still arriving).
   */
  rawBody?: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
  cookie?: string;
  headers?: Record<string, string>;
  /** The client's socket address (rate limits are per address). */
  ip?: string;
}

export interface TestEnv {
  driver: Driver;
  database: Database;
  db: Database['db'];
  app: ReturnType<typeof createApp>['app'];
  auth: ReturnType<typeof createApp>['auth'];
  config: Config;
  mailer: CapturingMailer;
  clock: TestClock;
  /** Calls the app in-process, as a same-origin browser would (JSON body, Origin header). */
  request(path: string, opts?: RequestOptions): Promise<Response>;
}

/**
 * A second app instance on the same database (another server behind the load balancer, or the
 * same server after a restart), optionally with other configuration or serving a built client
 * from `clientDir`. It shares the mailer.
 */
export function createSiblingApp(
  env: TestEnv,
  configOverrides: Record<string, string> = {},
  opts: { clientDir?: string; site?: Site | null } = {},
) {
  const config = testConfig(configOverrides);
  const { app, auth } = createApp({
    config,
    db: env.db,
    mailer: env.mailer,
    logger: createLogger('silent'),
    now: env.clock.now,
    clientDir: opts.clientDir,
    site: opts.site,
  });
  return { app, auth, config, mailer: env.mailer, request: requestFn(app, auth, config.BASE_URL) };
}

/**
 * The per-user quotas (src/server/edge/quotas.ts) out of the way: suites that write hundreds of times
 * as one user (the fuzzers, the record's property tests) test other things. quotas.test.ts and
 * the suites about quotas pass their own, and env.test.ts holds the defaults.
 */
export const QUOTAS_OFF = {
  WRITE_QUOTA_PER_MINUTE: '1000000',
  WRITE_QUOTA_PER_DAY: '1000000',
  HEAVY_READ_QUOTA_PER_MINUTE: '1000000',
  HEAVY_READ_QUOTA_PER_DAY: '1000000',
} as const;

/** The configuration the harness's apps run with, `overrides` applied. */
export const testConfig = (overrides: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...QUOTAS_OFF,
    ...overrides,
  });

/**
 * Calls `app` in-process, as a same-origin browser would (JSON body, Origin header, a socket
 * address). The answer comes once the mails the request started (they go out after the response)
 * are sent or dropped, so a test can read them.
 */
function requestFn(
  app: ReturnType<typeof createApp>['app'],
  auth: ReturnType<typeof createApp>['auth'],
  origin: string,
) {
  return async (path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { origin, ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: RequestOptions['rawBody'] = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
    const env = {
      incoming: { socket: { remoteAddress: opts.ip ?? DEFAULT_IP, remotePort: 1, remoteFamily: 'IPv4' } },
    };
    // A stream is sent as it comes (fetch's `duplex: 'half'`, which a streamed request body needs).
    const streamed = body instanceof ReadableStream ? { duplex: 'half' } : {};
    const res = await app.request(path, { method, headers, body, ...streamed } as RequestInit, env);
    await mailsSettled(auth);
    return res;
  };
}

export async function createTestEnv(
  driver: Driver,
  configOverrides: Record<string, string> = {},
): Promise<TestEnv & { close(): Promise<void> }> {
  const { database, drop } = driver === 'pglite' ? await openPgliteMemory() : await openFreshPostgres();
  const config = testConfig(configOverrides);
  const mailer = new CapturingMailer();
  const clock = new TestClock();
  const { app, auth } = createApp({ config, db: database.db, mailer, logger: createLogger('silent'), now: clock.now });

  const request = requestFn(app, auth, config.BASE_URL);

  return {
    driver,
    database,
    db: database.db,
    app,
    auth,
    config,
    mailer,
    clock,
    request,
    close: async () => {
      // A test may have closed the database itself (to see the app without it); drop it anyway.
      await database.close().catch(() => {});
      await drop();
    },
  };
}

/**
 * After a change made straight in the database (by a script, another server, the admin CLI): what
 * `read()` answers once this server has heard of it through the notifications of db/functions/notify_session_change.sql (its
 * cached sessions dropped: modules/auth/session-cache.ts): at once on PGlite (one process; the
 * notification is delivered as the changing statement returns), on PostgreSQL within 5 s (milliseconds
 * on a quiet machine: over the listening connection, a moment after the commit).
 */
export async function expectOnceNotified(env: TestEnv, read: () => Promise<unknown>, expected: unknown) {
  if (env.driver === 'pglite') expect(await read()).toEqual(expected);
  else await expect.poll(read, { timeout: 5000, interval: 10 }).toEqual(expected);
}

/**
 * A fresh in-memory PGlite database. Booting PGlite runs initdb, and then come the migrations:
 * seconds per file. So the first file to need one boots it the ordinary way (openDatabase) and
 * leaves a snapshot of the migrated data directory in the OS temp dir; every later database loads
 * that snapshot. The snapshot's name hashes everything it depends on, so a changed migration,
 * database function, reserved-username list or PGlite version makes a new one.
 */
async function openPgliteMemory() {
  const snapshot = pgliteSnapshotPath();
  if (existsSync(snapshot)) {
    const client = new PGlite({
      loadDataDir: new Blob([readFileSync(snapshot)]),
      // The server's own settings (db/client.ts), so tests run the database it runs; and its
      // WebAssembly compiled once for every database this test file opens.
      ...(await pgliteOptions()),
    });
    const db = (await drizzlePglite(client)) as unknown as Db;
    const database: Database = { db, driver: 'pglite', close: () => client.close() };
    return { database, drop: async () => {} };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  // Written aside and renamed, so a concurrent worker never loads half a snapshot.
  const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, snapshot);
  return { database, drop: async () => {} };
}

let snapshotPath: string | undefined;
function pgliteSnapshotPath(): string {
  if (snapshotPath) return snapshotPath;
  const hash = createHash('sha256');
  for (const folder of ['../db/migrations', '../db/functions']) {
    const dir = fileURLToPath(new URL(folder, import.meta.url));
    for (const name of readdirSync(dir, { recursive: true }).map(String).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isFile()) hash.update(`${folder}/${name}`).update(readFileSync(file));
    }
  }
  hash.update(JSON.stringify(RESERVED_USERNAMES));
  const pglitePackage = path.join(process.cwd(), 'node_modules/@electric-sql/pglite/package.json');
  hash.update(existsSync(pglitePackage) ? readFileSync(pglitePackage) : 'unknown pglite');
  snapshotPath = path.join(tmpdir(), `betproof-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  return snapshotPath;
}

/** A database created for this file and dropped after it. */
async function openFreshPostgres() {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `betproof_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  return { database, drop };
}

/**
 * Declares the suite once per driver; `env()` gives the current driver's environment.
 * Tests inside share one database per driver, so each should make its own users.
 */
export function describeEachDatabase(
  name: string,
  body: (env: () => TestEnv) => void,
  configOverrides?: Record<string, string>,
) {
  for (const driver of drivers) {
    describe(`${name} [${driver}]`, () => {
      let current: Awaited<ReturnType<typeof createTestEnv>> | undefined;
      beforeAll(async () => {
        current = await createTestEnv(driver, configOverrides);
      });
      afterAll(async () => {
        await current?.close();
      });
      body(() => {
        if (!current) throw new Error('test environment not ready');
        return current;
      });
    });
  }
}

let userCounter = 0;
/** A unique email for a test user. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${(userCounter++).toString(36)}@example.com`;

export const cookieFrom = (res: Response): string =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** What the auth helpers need: the main app or a sibling of it. */
export type Client = Pick<TestEnv, 'request' | 'mailer'>;

export const DEFAULT_PASSWORD = 'correct-horse-battery-9';

/**
 * POSTs a sign-up as the form sends it (the 18-or-older box ticked unless `body` says otherwise;
 * `ageConfirmed: undefined` leaves it out); answers the raw response.
 */
export const signUp = (env: Client, body: Record<string, unknown>, ip = freshIp()) =>
  env.request('/api/auth/sign-up/email', {
    body: { name: '', password: DEFAULT_PASSWORD, ageConfirmed: true, ...body },
    ip,
  });

/** POSTs a sign-in; answers the raw response. */
export const signIn = (env: Client, email: string, password = DEFAULT_PASSWORD, ip = freshIp()) =>
  env.request('/api/auth/sign-in/email', { body: { email, password }, ip });

/** Follows the newest confirmation link mailed to `email`; answers the raw (redirect) response. */
export async function confirmEmail(env: Client, email: string, ip = freshIp()) {
  const link = new URL(env.mailer.lastLink(email, 'Confirm'));
  return env.request(link.pathname + link.search, { ip });
}

/** The session `cookie` resolves to, or null (GET /api/auth/get-session). */
export async function getSession(env: Client, cookie: string, ip = freshIp()) {
  const res = await env.request('/api/auth/get-session', { cookie, ip });
  if (res.status !== 200) throw new Error(`get-session answered ${res.status}`);
  return (await res.json()) as { user: { id: string; email: string; role: string }; session: { id: string } } | null;
}

/**
 * Signs up, confirms the email through the mailed link, signs in; returns the session cookie. The
 * link signs the account in too: that session is signed out, so the account has the one session.
 */
export async function signUpAndSignIn(
  env: Client,
  opts: { email?: string; password?: string; name?: string; ip?: string } = {},
) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const ip = opts.ip ?? freshIp();
  const signUpRes = await signUp(env, { email, password, name: opts.name ?? '' }, ip);
  if (signUpRes.status !== 200) throw new Error(`sign-up failed: ${signUpRes.status} ${await signUpRes.text()}`);
  const confirmed = await confirmEmail(env, email, ip);
  const signedOut = await env.request('/api/auth/sign-out', { method: 'POST', cookie: cookieFrom(confirmed), ip });
  if (signedOut.status !== 200) throw new Error(`sign-out after confirming failed: ${signedOut.status}`);
  const signInRes = await signIn(env, email, password, ip);
  if (signInRes.status !== 200) throw new Error(`sign-in failed: ${signInRes.status} ${await signInRes.text()}`);
  const user = ((await signInRes.json()) as { user: { id: string } }).user;
  return { email, password, cookie: cookieFrom(signInRes), userId: user.id };
}

/**
 * Which of `names` refused a direct SQL statement with SQLSTATE `code` ('23505' unique, '23514'
 * check or rule trigger); the error's text when something else refused it, 'not refused' if
 * nothing did. For tests proving the database holds a rule whatever code writes.
 */
export async function refusingConstraint(env: Pick<TestEnv, 'db'>, query: SQL, code: string, names: string[]) {
  try {
    await env.db.execute(query);
  } catch (err) {
    return violatedConstraint(err, code, names) ?? String(err);
  }
  return 'not refused';
}
