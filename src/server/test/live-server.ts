/**
 * The real server as a child process, for the tests app.request() cannot do: many concurrent HTTP
 * clients, a process killed with SIGKILL, a restart on the same data. Used by the load and crash
 * tests (src/server/load.test.ts, src/server/crash.test.ts).
 *
 * - `createTarget(driver)`: a temp DATA_DIR (PGlite, mail outbox) and, for PostgreSQL, a fresh
 *   database from TEST_DATABASE_URL; `dispose()` drops and removes them.
 * - `LiveServer.start(target)`: `node --import tsx src/server/index.ts` on a free port, healthy.
 * - `signUpBettors`: accounts made through the API and confirmed through the mailed link.
 * - `driveBettors` + `Ledger`: concurrent bettors recording, settling and deleting bets, with
 *   every response (or its absence) written down. The server must be started with
 *   `BETTING_SERVER_ENV` (the bettors record bets whose events have started, on a shifted clock).
 * - `storedBets` / `storedBetsViaApi`, `checkLedger`, `summaryDrift`, `chainDrift`: what must be
 *   stored afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../db/client.ts';
import { readCommunitySummaries, recountCommunitySummaries } from '../modules/community/queries.ts';
import { entryOf, listLedgerRows } from '../modules/ledger/queries.ts';
import { SPORTS, type SettledStatus } from '../../shared/bets.ts';
import type { Bet, BetPage, BetStats } from '../../shared/bet-schemas.ts';
import { formatCents, parseMoney } from '../../shared/money.ts';
import { verifyChain, type LedgerKind } from '../../shared/ledger.ts';
import { computeStats } from '../../shared/stats.ts';
import { TEST_CLOCK_HEADER } from '../edge/test-clock.ts';
import type { Driver } from './harness.ts';
import { HOUR_MS } from '../../shared/time-units.ts';
import { seededRandom } from '../lib/seeded-random.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const PASSWORD = 'correct-horse-battery-9';
/** Fixed, so sessions signed before a restart still verify after it (on either driver). */
const AUTH_SECRET = 'live-server-test-secret-0123456789abcdef';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Where the data lives

export interface Target {
  driver: Driver;
  /** DATA_DIR: the PGlite database (PGlite only), the mail outbox and the dev secret. */
  dataDir: string;
  /** The PostgreSQL database (PostgreSQL only). */
  databaseUrl?: string;
  /** Drops the database and removes the data directory. */
  dispose(): Promise<void>;
}

export async function createTarget(driver: Driver): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-live-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (driver === 'pglite') return { driver, dataDir, dispose: async () => removeDir() };

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `betproof_live_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    driver,
    dataDir,
    databaseUrl: url.toString(),
    dispose: async () => {
      removeDir();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Opens the target's database in this process (with the server stopped: PGlite is one process at
 * a time) and runs `fn` on it. Opening applies migrations, as a boot does: there are none left.
 */
export async function withDatabase<T>(target: Target, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The server process

/** Every server this process started and has not seen exit: killed if the test run dies. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface RequestOptions {
  method?: string;
  body?: unknown;
  cookie?: string;
  /** The client's address, sent as X-Forwarded-For (the server trusts it: per-IP rate limits). */
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * The environment of a server the bettors drive: a bet settles only once its event has started,
 * and a real server's clock is the machine's, so a bettor records a bet whose event has already
 * started on a clock shifted into the past for that one request (TEST_CLOCK_HEADER, test-clock.ts).
 */
export const BETTING_SERVER_ENV: Record<string, string> = { TEST_CLOCK_HEADER: 'true' };

/** A loopback port nothing listens on right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export class LiveServer {
  readonly origin: string;
  private readonly exited: Promise<void>;
  private exitedNow = false;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    private readonly lines: string[],
  ) {
    this.origin = `http://127.0.0.1:${port}`;
    this.exited = new Promise((resolve) =>
      child.once('exit', () => {
        this.exitedNow = true;
        running.delete(child);
        resolve();
      }),
    );
  }

  /** Starts the server on `target` and waits until /api/health answers 200 (boot and migrations done). */
  static async start(
    target: Target,
    opts: { bootTimeoutMs?: number; env?: Record<string, string> } = {},
  ): Promise<LiveServer> {
    for (let attempt = 1; ; attempt++) {
      const server = LiveServer.spawn(target, await freePort(), opts.env);
      try {
        await server.waitUntilHealthy(opts.bootTimeoutMs ?? 120_000);
        return server;
      } catch (err) {
        await server.kill();
        // Another process may have taken the port between the probe and the listen: try another.
        if (attempt < 3 && server.output().includes('EADDRINUSE')) continue;
        throw err;
      }
    }
  }

  /** `extraEnv`: more environment for the process (e.g. a preloaded fake clock). */
  private static spawn(target: Target, port: number, extraEnv: Record<string, string> = {}): LiveServer {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmpdir(),
      NODE_ENV: 'test',
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: target.dataDir,
      AUTH_SECRET,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      ...extraEnv,
    };
    // `node --import tsx` rather than the tsx CLI: the CLI runs the server in a child of its own,
    // which a SIGKILL to the CLI would leave running.
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    const lines: string[] = [];
    const keep = (chunk: Buffer) => {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (lines.length > 400) lines.splice(0, lines.length - 400);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    return new LiveServer(child, port, lines);
  }

  /** The server's last lines of output (JSON logs, errors). */
  output(): string {
    return this.lines.join('\n');
  }

  get pid(): number {
    return this.child.pid!;
  }

  private async waitUntilHealthy(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitedNow) throw new Error(`the server exited while booting:\n${this.output()}`);
      try {
        const res = await fetch(`${this.origin}/api/health`);
        if (res.status === 200) return;
        await res.body?.cancel();
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`the server was not healthy within ${timeoutMs} ms:\n${this.output()}`);
  }

  /** An HTTP request as a same-origin browser would send it; redirects are returned, not followed. */
  request(pathAndQuery: string, opts: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: this.origin, ...opts.headers };
    if (opts.ip) headers['x-forwarded-for'] = opts.ip;
    if (opts.cookie) headers.cookie = opts.cookie;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const method = opts.method ?? (body === undefined ? 'GET' : 'POST');
    return fetch(`${this.origin}${pathAndQuery}`, { method, headers, body, redirect: 'manual' });
  }

  /** SIGKILL: no shutdown handler runs, in-flight requests die with the process. Resolves once it is gone. */
  async kill(): Promise<void> {
    if (!this.exitedNow) this.child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM, the graceful shutdown (in-flight requests finish, the database closes); SIGKILL after 15 s. */
  async stop(): Promise<void> {
    if (this.exitedNow) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Accounts

export interface Bettor {
  index: number;
  email: string;
  userId: string;
  cookie: string;
  ip: string;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The outbox files of DATA_DIR/outbox (the server writes mails there when no SMTP is set). */
class Outbox {
  private readonly read = new Map<string, OutboxMail>();
  constructor(private readonly dir: string) {}

  /** The first link of a mail to `to` whose subject contains `subject`, waiting for it to arrive. */
  async link(to: string, subject: string, timeoutMs = 15_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      this.scan();
      for (const mail of this.read.values()) {
        const link = mail.to === to && mail.subject.includes(subject) && /https?:\/\/\S+/.exec(mail.text)?.[0];
        if (link) return link;
      }
      await sleep(50);
    }
    throw new Error(`no "${subject}" mail to ${to} in ${this.dir}`);
  }

  private scan() {
    if (!existsSync(this.dir)) return; // no mail yet
    for (const name of readdirSync(this.dir)) {
      if (!this.read.has(name)) this.read.set(name, JSON.parse(readFileSync(path.join(this.dir, name), 'utf8')));
    }
  }
}

const setCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function expectStatus(res: Response, status: number, what: string) {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${await res.text()}`);
}

/**
 * `count` accounts made as a person makes one: sign up, follow the confirmation link from the
 * outbox, sign in. Each from its own address (X-Forwarded-For), as the per-IP limits expect.
 */
export async function signUpBettors(
  server: LiveServer,
  target: Target,
  count: number,
  opts: { concurrency?: number } = {},
): Promise<Bettor[]> {
  const outbox = new Outbox(path.join(target.dataDir, 'outbox'));
  const run = randomBytes(3).toString('hex');
  const bettors: Bettor[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const ip = `10.${200 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;
      const email = `bettor${index}.${run}@example.com`;
      await expectStatus(
        await server.request('/api/auth/sign-up/email', {
          body: { email, password: PASSWORD, name: '', ageConfirmed: true },
          ip,
        }),
        200,
        `sign-up ${email}`,
      );
      const link = new URL(await outbox.link(email, 'Confirm'));
      await expectStatus(await server.request(link.pathname + link.search, { ip }), 302, `confirm ${email}`);
      const signIn = await server.request('/api/auth/sign-in/email', { body: { email, password: PASSWORD }, ip });
      await expectStatus(signIn.clone(), 200, `sign-in ${email}`);
      const { user } = (await signIn.json()) as { user: { id: string } };
      bettors[index] = { index, email, userId: user.id, cookie: setCookie(signIn), ip };
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
  return bettors;
}

// ---------------------------------------------------------------------------------------------
// Load: bettors and what they were told

/** What the client knows of a request: answered 2xx, answered otherwise, or no answer at all. */
export type Outcome = 'acked' | 'refused' | 'unknown';

export interface TrackedBet {
  bettor: number;
  /** In the description: finds the row whether or not the client learnt its id. */
  token: string;
  amount: string;
  sport: (typeof SPORTS)[number];
  /**
   * Its event had started when it was recorded (it can be settled, not deleted); otherwise the
   * event is 30 hours ahead, after the run (it can be deleted, not settled).
   */
  started: boolean;
  created: Outcome;
  id?: string;
  settles: { status: SettledStatus; outcome: Outcome }[];
  deletes: Outcome[];
}

export interface Answer {
  op: string;
  path: string;
  status: number;
  body: string;
}

/** Every request the bettors made and how it ended. */
export class Ledger {
  readonly bets: TrackedBet[] = [];
  /** Responses with a status the operation does not allow (5xx among them), or two that contradict each other. */
  readonly unexpected: Answer[] = [];
  readonly serverErrors: Answer[] = [];
  /** Requests that got no response (the server died under them, or refused the connection). */
  noAnswer = 0;
  inFlight = 0;
  /** 2xx answers to writes (record, settle, delete). */
  ackedWrites = 0;
  requests = 0;
  private ackWaiters: { count: number; resolve: () => void }[] = [];

  /** Resolves when `count` more writes have been acknowledged. */
  afterAcks(count: number): Promise<void> {
    const target = this.ackedWrites + count;
    return new Promise((resolve) => this.ackWaiters.push({ count: target, resolve }));
  }

  /** Sends one request through `send`, counting it; null when no response came back. */
  async track(
    op: string,
    pathAndQuery: string,
    allowed: number[],
    send: () => Promise<Response>,
    write = true,
  ): Promise<{ status: number; body: string } | null> {
    this.requests++;
    this.inFlight++;
    let res: Response;
    let body: string;
    try {
      res = await send();
      body = await res.text();
    } catch {
      this.noAnswer++;
      return null;
    } finally {
      this.inFlight--;
    }
    const answer = { op, path: pathAndQuery, status: res.status, body: body.slice(0, 500) };
    if (res.status >= 500) this.serverErrors.push(answer);
    if (!allowed.includes(res.status)) this.unexpected.push(answer);
    if (write && res.status >= 200 && res.status < 300) {
      this.ackedWrites++;
      this.ackWaiters = this.ackWaiters.filter((w) => (w.count <= this.ackedWrites ? (w.resolve(), false) : true));
    }
    return { status: res.status, body };
  }

  counts() {
    const count = (pick: (b: TrackedBet) => Outcome[]) => {
      const all = this.bets.flatMap(pick);
      return {
        acked: all.filter((o) => o === 'acked').length,
        refused: all.filter((o) => o === 'refused').length,
        unknown: all.filter((o) => o === 'unknown').length,
      };
    };
    return {
      requests: this.requests,
      ackedWrites: this.ackedWrites,
      noAnswer: this.noAnswer,
      serverErrors: this.serverErrors.length,
      records: count((b) => [b.created]),
      settles: count((b) => b.settles.map((s) => s.outcome)),
      deletes: count((b) => b.deletes),
    };
  }
}

const outcomeOf = (answer: { status: number } | null): Outcome =>
  answer === null ? 'unknown' : answer.status >= 200 && answer.status < 300 ? 'acked' : 'refused';

/** Stored as far as the bettor knows: created, and every delete of it refused. */
const isLive = (b: TrackedBet) => b.created === 'acked' && b.id && b.deletes.every((d) => d === 'refused');
/** Live and pending as far as the bettor knows: every settle of it refused. */
const isOpen = (b: TrackedBet) => isLive(b) && b.settles.every((s) => s.outcome === 'refused');

/** A bet "already started" is recorded on a clock this far back, for an event an hour ago. */
const BACKDATE_MS = 8 * HOUR_MS;

export interface DriveOptions {
  seed: number;
  /** Operations per bettor (a race of two requests counts as one); unbounded when absent. */
  opsPerBettor?: number;
  /** Checked before each operation: true ends the bettor's run. */
  stop?: () => boolean;
}

/**
 * Every bettor at once, each running operations one after another: record (most; two in three
 * for an event that has already started, recorded on a clock set back 8 hours, the rest for an
 * event 30 hours ahead), settle one of their started bets, delete one whose event is ahead (a
 * correction), try what the record refuses with 409 (settle before the event, delete after its
 * start), two settles of one bet at once (one must win, the other 409), a settle racing a delete,
 * and reads of their stats and the Spotlight (whose first request of a window start fills stored
 * totals under a table lock while bets are written). A request that gets no answer ends that
 * bettor's run (the server is gone). The server needs BETTING_SERVER_ENV.
 */
export async function driveBettors(server: LiveServer, bettors: Bettor[], ledger: Ledger, opts: DriveOptions) {
  const record = async (bettor: Bettor, random: () => number, started = random() < 0.65) => {
    const bet: TrackedBet = {
      bettor: bettor.index,
      token: `t${randomBytes(8).toString('hex')}`,
      amount: formatCents(BigInt(1 + Math.floor(random() * 50_000))),
      sport: SPORTS[Math.floor(random() * SPORTS.length)]!,
      started,
      created: 'unknown',
      settles: [],
      deletes: [],
    };
    ledger.bets.push(bet);
    const body = {
      description: `load bet ${bet.token}`,
      amount: bet.amount,
      odds: ['+150', '-110', '2.5', '5/2'][Math.floor(random() * 4)]!,
      sport: bet.sport,
      eventDate: new Date(Date.now() + (bet.started ? -HOUR_MS : 30 * HOUR_MS)).toISOString(),
    };
    // Recorded 8 hours ago (by this request's clock) for an event 7 hours after that.
    const headers = bet.started ? { [TEST_CLOCK_HEADER]: String(-BACKDATE_MS) } : undefined;
    const answer = await ledger.track('record', '/api/bets', [201], () =>
      server.request('/api/bets', { body, cookie: bettor.cookie, ip: bettor.ip, headers }),
    );
    bet.created = outcomeOf(answer);
    if (answer?.status === 201) bet.id = (JSON.parse(answer.body) as Bet).id;
    return answer === null ? null : bet;
  };

  const settle = async (bettor: Bettor, bet: TrackedBet, status: SettledStatus, allowed: number[]) => {
    const settled = { status, outcome: 'unknown' as Outcome };
    bet.settles.push(settled);
    const url = `/api/bets/${bet.id}`;
    const answer = await ledger.track('settle', url, allowed, () =>
      server.request(url, { method: 'PATCH', body: { status }, cookie: bettor.cookie, ip: bettor.ip }),
    );
    settled.outcome = outcomeOf(answer);
    return answer !== null;
  };

  const remove = async (bettor: Bettor, bet: TrackedBet, allowed: number[]) => {
    const index = bet.deletes.push('unknown') - 1;
    const url = `/api/bets/${bet.id}`;
    const answer = await ledger.track('delete', url, allowed, () =>
      server.request(url, { method: 'DELETE', cookie: bettor.cookie, ip: bettor.ip }),
    );
    bet.deletes[index] = outcomeOf(answer);
    return answer !== null;
  };

  const read = async (bettor: Bettor, url: string) =>
    (await ledger.track(
      'read',
      url,
      [200],
      () => server.request(url, { cookie: bettor.cookie, ip: bettor.ip }),
      false,
    )) !== null;

  const run = async (bettor: Bettor) => {
    const random = seededRandom(opts.seed * 1000 + bettor.index);
    const mine = () => ledger.bets.filter((b) => b.bettor === bettor.index);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
    for (let op = 0; opts.opsPerBettor === undefined || op < opts.opsPerBettor; op++) {
      if (opts.stop?.()) return;
      const roll = random();
      const open = mine().filter(isOpen);
      // A pending bet whose event has started: the one to settle.
      const target = pick(open.filter((b) => b.started));
      const ahead = pick(open.filter((b) => !b.started));
      // Settled or started: part of the record.
      const kept = pick(mine().filter((b) => isLive(b) && b.started));
      const status: SettledStatus = random() < 0.5 ? 'won' : 'lost';
      let answered: boolean;
      if (roll < 0.45 || !target) answered = (await record(bettor, random)) !== null;
      else if (roll < 0.7) answered = await settle(bettor, target, status, [200]);
      else if (roll < 0.8) {
        // A correction before the event: a bet ahead deleted (with none, one recorded and deleted: a typo).
        const typo = ahead ?? (await record(bettor, random, false));
        answered = typo !== null && (typo.id === undefined || (await remove(bettor, typo, [204])));
      }
      // What the record refuses: settling before the event, deleting after its start.
      else if (roll < 0.83)
        answered = ahead ? await settle(bettor, ahead, status, [409]) : await remove(bettor, kept!, [409]);
      else if (roll < 0.9) {
        // Two tabs settle the same bet at once: one 200, the other 409.
        const other: SettledStatus = status === 'won' ? 'lost' : 'won';
        const both = await Promise.all([
          settle(bettor, target, status, [200, 409]),
          settle(bettor, target, other, [200, 409]),
        ]);
        answered = both.every(Boolean);
        const outcomes = target.settles.slice(-2).map((s) => s.outcome);
        if (answered && outcomes.filter((o) => o === 'acked').length !== 1) {
          ledger.unexpected.push({
            op: 'double settle',
            path: `/api/bets/${target.id}`,
            status: 0,
            body: `${outcomes}`,
          });
        }
      } else if (roll < 0.94) {
        // A settle and a delete of the same bet at once: either order is fine, never half of each.
        // A started bet settles and stays (its delete is refused); one ahead may be deleted first
        // (then the settle finds nothing) and is never settled.
        const bet = pick(open)!;
        const both = await Promise.all(
          bet.started
            ? [settle(bettor, bet, status, [200]), remove(bettor, bet, [409])]
            : [settle(bettor, bet, status, [404, 409]), remove(bettor, bet, [204])],
        );
        answered = both.every(Boolean);
      } else if (roll < 0.98) answered = await read(bettor, '/api/bets/stats');
      else answered = await read(bettor, '/api/community/spotlight');
      if (!answered) return;
    }
  };
  await Promise.all(bettors.map(run));
}

// ---------------------------------------------------------------------------------------------
// What the database must hold

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** A bet as stored: read from the database, or through the API by its owner. */
export interface StoredBet {
  id: string;
  userId: string;
  description: string;
  amount: string;
  sport: string;
  status: string;
}

/** The bettors' bets, from the database. */
export async function storedBets(db: Db, bettors: Bettor[]): Promise<StoredBet[]> {
  return rowsOf<StoredBet>(
    db,
    sql`select id::text, user_id as "userId", description, amount::text, bet_type as sport, status from bets
        where user_id in ${bettors.map((b) => b.userId)}`,
  );
}

/**
 * The bettors' bets as each reads them through the API (every page of GET /api/bets), and where
 * each one's GET /api/bets/stats (the user_bet_stats summary) differs from a recount of them.
 * Needs no database access, so it checks a running server (PGlite is one process at a time).
 */
export async function storedBetsViaApi(
  server: LiveServer,
  bettors: Bettor[],
): Promise<{ bets: StoredBet[]; statsDrift: string[] }> {
  const bets: StoredBet[] = [];
  const statsDrift: string[] = [];
  for (const bettor of bettors) {
    const get = async <T>(url: string) => {
      const res = await server.request(url, { cookie: bettor.cookie, ip: bettor.ip });
      await expectStatus(res.clone(), 200, `GET ${url}`);
      return (await res.json()) as T;
    };
    const mine: Bet[] = [];
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: BetPage = await get<BetPage>(`/api/bets?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      mine.push(...page.bets);
      cursor = page.nextCursor;
    }
    bets.push(...mine.map((b) => ({ ...b, userId: bettor.userId })));
    const stats = await get<BetStats>('/api/bets/stats');
    const recount = computeStats(mine, new Date());
    if (JSON.stringify(stats) !== JSON.stringify(recount)) {
      statsDrift.push(`stats of ${bettor.email}: served ${JSON.stringify(stats)}, recount ${JSON.stringify(recount)}`);
    }
  }
  return { bets, statsDrift };
}

/**
 * Every bet the bettors were told about, checked against the stored bets (found by id and by the
 * token in the description). Acknowledged: present exactly once, with its stake and sport, unless
 * a delete was acknowledged; settled as acknowledged. Refused: absent. Unknown (no answer): either,
 * but never twice. No two settles of one bet both acknowledged. Answers the violations, and how
 * many records that got no answer were in fact stored (they committed before the server died).
 */
export function checkLedger(
  rows: StoredBet[],
  ledger: Ledger,
  bettors: Bettor[],
): { violations: string[]; unansweredRecords: { stored: number; absent: number } } {
  const byToken = new Map<string, StoredBet[]>();
  for (const row of rows) {
    const token = /^load bet (t[0-9a-f]{16})$/.exec(row.description)?.[1] ?? `unknown:${row.description}`;
    byToken.set(token, [...(byToken.get(token) ?? []), row]);
  }
  const violations: string[] = [];
  const unansweredRecords = { stored: 0, absent: 0 };
  const known = new Set(ledger.bets.map((b) => b.token));
  for (const token of byToken.keys()) if (!known.has(token)) violations.push(`a bet no bettor sent: ${token}`);

  for (const bet of ledger.bets) {
    const found = byToken.get(bet.token) ?? [];
    const name = `bet ${bet.token} (${bet.id ?? 'no id'}; created ${bet.created}, settles ${JSON.stringify(bet.settles)}, deletes ${bet.deletes.join(',') || 'none'})`;
    if (found.length > 1) {
      violations.push(`${name}: stored ${found.length} times`);
      continue;
    }
    const row = found[0];
    if (bet.created === 'unknown') unansweredRecords[row ? 'stored' : 'absent']++;
    const deleted = bet.deletes.includes('acked');
    const mayBeDeleted = deleted || bet.deletes.includes('unknown');
    if (bet.created === 'refused' && row) violations.push(`${name}: refused, yet stored`);
    if (bet.created === 'acked' && !row && !mayBeDeleted) violations.push(`${name}: acknowledged, yet missing`);
    if (deleted && row) violations.push(`${name}: deletion acknowledged, yet stored`);
    const ackedSettles = bet.settles.filter((s) => s.outcome === 'acked');
    if (ackedSettles.length > 1) violations.push(`${name}: two settles acknowledged`);
    if (!row) continue;
    if (bet.id && row.id !== bet.id) violations.push(`${name}: stored with id ${row.id}`);
    if (row.userId !== bettors[bet.bettor]!.userId) violations.push(`${name}: stored for another user`);
    if (row.amount !== bet.amount || row.sport !== bet.sport) {
      violations.push(`${name}: stored as ${row.amount} ${row.sport}, sent ${bet.amount} ${bet.sport}`);
    }
    const possible = ackedSettles.length
      ? [ackedSettles[0]!.status]
      : ['pending', ...bet.settles.filter((s) => s.outcome === 'unknown').map((s) => s.status)];
    if (!possible.includes(row.status as SettledStatus)) {
      violations.push(`${name}: status ${row.status}, expected one of ${possible.join(', ')}`);
    }
  }
  return { violations, unansweredRecords };
}

interface StatsSummary {
  totalBets: number;
  won: number;
  lost: number;
  pending: number;
  totalStaked: string;
  totalProfit: string;
  settledStaked: string;
  longestWinStreak: number;
  currentWinStreak: number;
  lastSettledAt: string | null;
  lastSettledId: string | null;
  maxAmount: string;
}

const cents = (value: string | null) => (value === null ? 0n : parseMoney(value)!);

/**
 * Each user's trigger-kept summaries against a recount from their bets: user_bet_stats (totals,
 * win streaks in the order of the games, largest stake; recounted here in TypeScript), user_bet_days
 * and user_sport_stats (recounted in SQL).
 * Answers one line per user and summary that differs.
 */
export async function summaryDrift(db: Db, userIds: string[]): Promise<string[]> {
  const drift: string[] = [];
  const bets = await rowsOf<{
    user_id: string;
    id: string;
    status: string;
    amount: string;
    profit_loss: string | null;
    settled_at: string | null;
  }>(
    db,
    // The runs follow the order of the games (docs/decisions/038): the start (a parlay's last leg's), then id.
    sql`select user_id, id::text, status, amount::text, profit_loss::text,
               coalesce(last_event_date, event_date)::text as settled_at from bets
        where user_id in ${userIds} order by user_id, coalesce(last_event_date, event_date), id`,
  );
  const stored = await rowsOf<StatsSummary & { userId: string }>(
    db,
    sql`select user_id as "userId", total_bets as "totalBets", won, lost, pending,
               total_staked::text as "totalStaked", total_profit::text as "totalProfit",
               settled_staked::text as "settledStaked", longest_win_streak as "longestWinStreak",
               current_win_streak as "currentWinStreak", last_settled_at::text as "lastSettledAt",
               last_settled_id::text as "lastSettledId", max_amount::text as "maxAmount"
        from user_bet_stats where user_id in ${userIds}`,
  );
  const storedBy = new Map(stored.map(({ userId, ...summary }) => [userId, normalise(summary)]));
  for (const userId of userIds) {
    const mine = bets.filter((b) => b.user_id === userId);
    const recount = recountStats(mine);
    const kept = storedBy.get(userId) ?? (mine.length ? undefined : recount);
    if (JSON.stringify(kept) !== JSON.stringify(recount)) {
      drift.push(`user_bet_stats ${userId}: stored ${JSON.stringify(kept)}, recount ${JSON.stringify(recount)}`);
    }
    const community = await readCommunitySummaries(db, userId);
    const communityRecount = await recountCommunitySummaries(db, userId);
    if (JSON.stringify(community) !== JSON.stringify(communityRecount)) {
      drift.push(
        `user_bet_days/user_sport_stats ${userId}: stored ${JSON.stringify(community)}, recount ${JSON.stringify(communityRecount)}`,
      );
    }
  }
  return drift;
}

/** Money as cents text, so both sides compare whatever scale the database printed. */
function normalise(s: StatsSummary): StatsSummary {
  return {
    ...s,
    totalStaked: formatCents(cents(s.totalStaked)),
    totalProfit: formatCents(cents(s.totalProfit)),
    settledStaked: formatCents(cents(s.settledStaked)),
    maxAmount: formatCents(cents(s.maxAmount)),
  };
}

/** user_bet_stats from the rows: `rows` in the order of the games (`settled_at` holds the start), then id. */
function recountStats(
  rows: { id: string; status: string; amount: string; profit_loss: string | null; settled_at: string | null }[],
): StatsSummary {
  let streak = 0;
  let longest = 0;
  let last: { at: string; id: string } | null = null;
  let staked = 0n;
  let profit = 0n;
  let settledStaked = 0n;
  let max = 0n;
  for (const row of rows) {
    const amount = cents(row.amount);
    staked += amount;
    if (amount > max) max = amount;
    if (row.status === 'pending') continue;
    profit += cents(row.profit_loss);
    settledStaked += amount;
    streak = row.status === 'won' ? streak + 1 : 0;
    longest = Math.max(longest, streak);
    last = { at: row.settled_at!, id: row.id };
  }
  const count = (status: string) => rows.filter((r) => r.status === status).length;
  return {
    totalBets: rows.length,
    won: count('won'),
    lost: count('lost'),
    pending: count('pending'),
    totalStaked: formatCents(staked),
    totalProfit: formatCents(profit),
    settledStaked: formatCents(settledStaked),
    longestWinStreak: longest,
    currentWinStreak: streak,
    lastSettledAt: last?.at ?? null,
    lastSettledId: last?.id ?? null,
    maxAmount: formatCents(max),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Each bettor's hash-chained record (bet_ledger): it verifies (seq 1, 2, ... with no gap or fork,
 * every hash recomputed), and it has one entry per write that went through: as many "recorded",
 * "settled" and "deleted" entries as writes of that kind were acknowledged, plus at most those
 * that got no answer. Answers one line per bettor and problem.
 */
export async function chainDrift(db: Db, bettors: Bettor[], ledger: Ledger): Promise<string[]> {
  const drift: string[] = [];
  for (const bettor of bettors) {
    const entries = (await listLedgerRows(db, bettor.userId, { after: 0, limit: 1_000_000 })).map(entryOf);
    const check = verifyChain(entries, sha256);
    if (!check.ok) drift.push(`chain of ${bettor.email}: ${check.problem} at seq ${check.seq}`);
    const mine = ledger.bets.filter((b) => b.bettor === bettor.index);
    const writes: Record<LedgerKind, Outcome[]> = {
      recorded: mine.map((b) => b.created),
      settled: mine.flatMap((b) => b.settles.map((s) => s.outcome)),
      deleted: mine.flatMap((b) => b.deletes),
      // The live checks record single bets only.
      'leg-settled': [],
    };
    for (const [kind, outcomes] of Object.entries(writes) as [LedgerKind, Outcome[]][]) {
      const found = entries.filter((e) => e.kind === kind).length;
      const acked = outcomes.filter((o) => o === 'acked').length;
      const unknown = outcomes.filter((o) => o === 'unknown').length;
      if (found < acked || found > acked + unknown) {
        drift.push(
          `chain of ${bettor.email}: ${found} "${kind}" entries, ${acked} acknowledged, ${unknown} unanswered`,
        );
      }
    }
  }
  return drift;
}
