/**
 * Several app servers on one PostgreSQL behind a load balancer behave as one (docs/DEPLOY.md): two real server processes, started at the same moment on one fresh database,
 * each with its own DATA_DIR (the mail outbox is not shared) and the same AUTH_SECRET and
 * BASE_URL, as a load balancer's servers have. Requests go to one or the other as a load balancer
 * would send them, with the client's address in X-Forwarded-For (TRUST_PROXY=true).
 *
 * PostgreSQL only: PGlite allows one process per data directory (db/data-dir-lock.ts refuses a
 * second), so there is no multi-server deployment to test on it.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './test/db-snapshot.ts';
import { LiveServer, createTarget, withDatabase, type Target } from './test/live-server.ts';
import { freshTotpCode, secretOfUri } from './test/totp.ts';
import { rateLimits } from './modules/auth/rate-limits.ts';
import { EMPTY_SOCIAL_LINKS } from '../shared/profiles.ts';
import { QUOTA_DEFAULTS } from '../shared/quotas.ts';

const PASSWORD = 'correct-horse-battery-9';
/** The public origin both servers share (mailed links, the Origin check), as behind one load balancer. */
const BASE_URL = 'http://betproof.test';

const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL('./db/migrations/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: { tag: string }[] };

let ipCounter = 0;
const freshIp = () => `10.77.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

interface Options {
  method?: string;
  body?: unknown;
  cookie?: string;
  ip?: string;
}

/** A request to one server, as the load balancer forwards a browser's (Origin: the public origin). */
function send(server: LiveServer, pathAndQuery: string, opts: Options = {}) {
  const headers: Record<string, string> = { origin: BASE_URL, 'x-forwarded-for': opts.ip ?? freshIp() };
  if (opts.cookie) headers.cookie = opts.cookie;
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  if (body) headers['content-type'] = 'application/json';
  return fetch(`${server.origin}${pathAndQuery}`, {
    method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
}

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');

/** The mails in one server's DATA_DIR/outbox. */
function outbox(dataDir: string): { to: string; subject: string; text: string }[] {
  const dir = path.join(dataDir, 'outbox');
  try {
    return readdirSync(dir).map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
  } catch {
    return [];
  }
}

async function mailedLink(dataDir: string, to: string, subject: string): Promise<URL> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const mail = outbox(dataDir).find((m) => m.to === to && m.subject.includes(subject));
    const link = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (link) return new URL(link);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no "${subject}" mail to ${to} in ${dataDir}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two servers on one PostgreSQL (skipped without TEST_DATABASE_URL: PGlite allows one process per data directory)',
  () => {
    let target: Target;
    const dataDirs: string[] = [];
    let a: LiveServer;
    let b: LiveServer;
    let run = 0;
    const email = (name: string) => `${name}.${Date.now().toString(36)}${run++}@example.com`;

    beforeAll(async () => {
      target = await createTarget('postgres');
      const env = () => {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-server-'));
        dataDirs.push(dataDir);
        return { DATA_DIR: dataDir, BASE_URL, NODE_ENV: 'production', LOG_LEVEL: 'error' };
      };
      // At the same moment, on a database no migration has touched yet.
      [a, b] = await Promise.all([LiveServer.start(target, { env: env() }), LiveServer.start(target, { env: env() })]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await target?.dispose();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('both boot and are healthy; the migrations ran once', async () => {
      for (const server of [a, b]) {
        const res = await fetch(`${server.origin}/api/health`);
        expect(await res.json()).toEqual({ status: 'ok', database: true });
      }
      const applied = await withDatabase(target, async (db) =>
        rowsOf<{ hash: string; n: number }>(
          await db.execute(sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`),
        ),
      );
      expect(applied).toHaveLength(journal.entries.length);
      expect(applied.every((row) => row.n === 1)).toBe(true);
    });

    /** An account signed up on `on`, confirmed through the link that server mailed. */
    async function confirmedAccount(on: LiveServer, onDir: string, confirmOn: LiveServer) {
      const address = email('bettor');
      const ip = freshIp();
      expect(
        (
          await send(on, '/api/auth/sign-up/email', {
            body: { email: address, password: PASSWORD, name: '', ageConfirmed: true },
            ip,
          })
        ).status,
      ).toBe(200);
      const link = await mailedLink(onDir, address, 'Confirm');
      expect((await send(confirmOn, link.pathname + link.search, { ip })).status).toBe(302);
      return address;
    }

    it('a mail goes to the outbox of the server that sent it; its link works on the other', async () => {
      const address = await confirmedAccount(a, dataDirs[0]!, b);
      expect(outbox(dataDirs[0]!).some((m) => m.to === address)).toBe(true);
      expect(outbox(dataDirs[1]!).some((m) => m.to === address)).toBe(false);
      const signIn = await send(b, '/api/auth/sign-in/email', { body: { email: address, password: PASSWORD } });
      expect(signIn.status).toBe(200);
    });

    it('a session from one server works on the other, and signing out on one ends it on both', async () => {
      const address = await confirmedAccount(a, dataDirs[0]!, a);
      for (const [signInOn, other] of [
        [a, b],
        [b, a],
      ] as const) {
        const signIn = await send(signInOn, '/api/auth/sign-in/email', {
          body: { email: address, password: PASSWORD },
        });
        expect(signIn.status).toBe(200);
        const cookie = cookieOf(signIn);
        for (const server of [a, b]) expect((await send(server, '/api/profile', { cookie })).status).toBe(200);
        const session = (await (await send(other, '/api/auth/get-session', { cookie })).json()) as {
          user: { email: string };
        } | null;
        expect(session?.user.email).toBe(address);

        expect((await send(other, '/api/auth/sign-out', { body: {}, cookie })).status).toBe(200);
        // At once on the server that signed out; on the other as soon as PostgreSQL's notification
        // of the deleted session reaches it (its cached session dropped: session-cache.ts).
        expect((await send(other, '/api/profile', { cookie })).status).toBe(401);
        await expect
          .poll(async () => (await send(signInOn, '/api/profile', { cookie })).status, { timeout: 5000, interval: 10 })
          .toBe(401);
        for (const server of [a, b]) {
          expect(await (await send(server, '/api/auth/get-session', { cookie })).json()).toBeNull();
        }
      }
    });

    it("a rate limit's count adds up across both servers: N/2 on each, then the next is limited on either", async () => {
      const rule = rateLimits.customRules['/sign-in/email'];
      if (!rule) throw new Error('sign-in has no rate limit rule');
      const address = await confirmedAccount(b, dataDirs[1]!, b);
      const ip = freshIp();
      const signIn = (server: LiveServer) =>
        send(server, '/api/auth/sign-in/email', { body: { email: address, password: PASSWORD }, ip });
      // Correct passwords: only the per-address limit is in play, not the failed-sign-in rules.
      for (let i = 0; i < rule.max; i++)
        expect((await signIn(i % 2 === 0 ? a : b)).status, `attempt ${i + 1}`).toBe(200);
      for (const server of [a, b]) {
        const limited = await signIn(server);
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // Per address: another client is not limited, on either server.
      expect((await send(a, '/api/auth/sign-in/email', { body: { email: address, password: PASSWORD } })).status).toBe(
        200,
      );
    });

    it('two-factor sign-in: the password on one server, the code on the other', async () => {
      const address = await confirmedAccount(a, dataDirs[0]!, a);
      const first = await send(a, '/api/auth/sign-in/email', { body: { email: address, password: PASSWORD } });
      const cookie = cookieOf(first);
      const enable = await send(b, '/api/auth/two-factor/enable', { body: { password: PASSWORD }, cookie });
      expect(enable.status).toBe(200);
      const secret = secretOfUri(((await enable.json()) as { totpURI: string }).totpURI);
      const on = await send(a, '/api/auth/two-factor/verify-totp', {
        body: { code: await freshTotpCode(secret) },
        cookie,
      });
      expect(on.status).toBe(200);

      const password = await send(b, '/api/auth/sign-in/email', { body: { email: address, password: PASSWORD } });
      expect(await password.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      const challenge = cookieOf(password);
      for (const server of [a, b]) expect((await send(server, '/api/profile', { cookie: challenge })).status).toBe(401);
      const code = await send(a, '/api/auth/two-factor/verify-totp', {
        body: { code: await freshTotpCode(secret) },
        cookie: challenge,
      });
      expect(code.status).toBe(200);
      const session = cookieOf(code);
      for (const server of [a, b]) expect((await send(server, '/api/profile', { cookie: session })).status).toBe(200);
    });

    it("a user's quotas add up across both servers: half the minute's writes and exports on each, then either refuses", async () => {
      const address = await confirmedAccount(b, dataDirs[1]!, b);
      const cookie = cookieOf(
        await send(a, '/api/auth/sign-in/email', { body: { email: address, password: PASSWORD } }),
      );
      const save = (server: LiveServer, i: number) =>
        send(server, '/api/profile/settings', {
          method: 'PUT',
          cookie,
          body: { profilePublic: i % 2 === 0, social: EMPTY_SOCIAL_LINKS },
        });
      const exportCsv = (server: LiveServer) => send(server, '/api/profile/export.csv', { cookie });
      // The servers run with the default quotas.
      for (let i = 0; i < QUOTA_DEFAULTS.writesPerMinute; i++)
        expect((await save(i % 2 === 0 ? a : b, i)).status, `write ${i + 1}`).toBe(200);
      for (let i = 0; i < QUOTA_DEFAULTS.heavyReadsPerMinute; i++)
        expect((await exportCsv(i % 2 === 0 ? a : b)).status, `export ${i + 1}`).toBe(200);
      for (const server of [a, b]) {
        const write = await save(server, 0);
        expect(write.status).toBe(429);
        expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(((await write.json()) as { error: string }).error).toMatch(
          /^You're saving profile changes too fast\. Try again in \d+ seconds\.$/,
        );
        const read = await exportCsv(server);
        expect(read.status).toBe(429);
        expect(((await read.json()) as { error: string }).error).toMatch(
          /^You're exporting your bets too fast\. Try again in \d+ seconds\.$/,
        );
      }
      const stored = await withDatabase(target, async (db) =>
        rowsOf<{ bucket: string; minute_count: number }>(
          await db.execute(sql`select bucket, minute_count from user_quotas
                               where user_id = (select id from users where email = ${address}) order by bucket`),
        ),
      );
      expect(stored).toEqual([
        { bucket: 'export', minute_count: QUOTA_DEFAULTS.heavyReadsPerMinute },
        { bucket: 'writes', minute_count: QUOTA_DEFAULTS.writesPerMinute },
      ]);
    });
  },
);
