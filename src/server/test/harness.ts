import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import pg from 'pg';
import { createApp } from '../app.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { loadConfig, type Config } from '../env.ts';
import { createLogger } from '../logger.ts';
import type { Mail, Mailer } from '../mail.ts';

export const TEST_BASE_URL = 'http://localhost:3000';
export type Driver = 'pglite' | 'postgres';

/** Every test file runs on in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const drivers: Driver[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A clock that runs with real time but can be moved, so time rules are testable at their edges. */
export class TestClock {
  private offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  reset() {
    this.offsetMs = 0;
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
  /** A raw string body, sent as-is (for malformed-input tests). */
  rawBody?: string;
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

export async function createTestEnv(
  driver: Driver,
  configOverrides: Record<string, string> = {},
): Promise<TestEnv & { close(): Promise<void> }> {
  const { database, drop } = driver === 'pglite' ? await openPgliteMemory() : await openFreshPostgres();
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: TEST_BASE_URL,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    ...configOverrides,
  });
  const mailer = new CapturingMailer();
  const clock = new TestClock();
  const { app, auth } = createApp({ config, db: database.db, mailer, logger: createLogger('silent'), now: clock.now });

  const request = (path: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { origin: TEST_BASE_URL, ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
    const env = {
      incoming: { socket: { remoteAddress: opts.ip ?? '203.0.113.1', remotePort: 1, remoteFamily: 'IPv4' } },
    };
    return Promise.resolve(app.request(path, { method, headers, body }, env));
  };

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
      await database.close();
      await drop();
    },
  };
}

async function openPgliteMemory() {
  const database = await openDatabase({ dataDir: 'memory://' });
  return { database, drop: async () => {} };
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

/** Signs up, confirms the email through the mailed link, signs in; returns the session cookie. */
export async function signUpAndSignIn(
  env: TestEnv,
  opts: { email?: string; password?: string; name?: string; ip?: string } = {},
) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? 'correct-horse-battery-9';
  const ip = opts.ip ?? `198.51.100.${(userCounter++ % 250) + 1}`;
  const signUp = await env.request('/api/auth/sign-up/email', { body: { email, password, name: opts.name ?? '' }, ip });
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = new URL(env.mailer.lastLink(email, 'Confirm'));
  await env.request(link.pathname + link.search, { ip });
  const signIn = await env.request('/api/auth/sign-in/email', { body: { email, password }, ip });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const user = ((await signIn.json()) as { user: { id: string } }).user;
  return { email, password, cookie: cookieFrom(signIn), userId: user.id };
}
