/**
 * One size limit for every /api request body (http.ts limitBodySize, mounted in app.ts): a body
 * over API_BODY_LIMIT_BYTES answers 413 {"error":"The request body is too large"} on our routes
 * and on Better Auth's alike, whether its size is declared (Content-Length), undeclared, or sent
 * in chunks over a real socket; nothing is stored. A body of exactly the limit goes through whole.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_BODY_LIMIT_BYTES, BODY_TOO_LARGE_MESSAGE } from './http.ts';
import { snapshotTables } from '../test/db-snapshot.ts';
import {
  TEST_BASE_URL,
  cookieFrom,
  describeEachDatabase,
  freshIp,
  signUpAndSignIn,
  type TestEnv,
} from '../test/harness.ts';
import { expectSecurityHeaders } from '../test/security-headers.ts';
import { HOUR_MS } from '../../shared/time-units.ts';

/** `body` as JSON text of exactly `bytes` bytes, made up by a run of "x" in its string field `pad`. */
function jsonOfSize(body: Record<string, string>, pad: string, bytes: number): string {
  const bare = JSON.stringify({ ...body, [pad]: '' });
  const text = JSON.stringify({ ...body, [pad]: 'x'.repeat(bytes - Buffer.byteLength(bare)) });
  expect(Buffer.byteLength(text)).toBe(bytes);
  return text;
}

const betBody = (env: TestEnv) => ({
  description: 'Lakers ML vs Celtics',
  amount: '10',
  odds: '+150',
  sport: 'basketball',
  eventDate: new Date(env.clock.now().getTime() + 24 * HOUR_MS).toISOString(),
});

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
  expectSecurityHeaders(res);
}

/**
 * POSTs `chunks` to the app over a real socket, chunked (no Content-Length); answers status and
 * body. Each on its own connection: after a 413 the server drops the rest of the body and may close
 * the connection (@hono/node-server drains for at most 500 ms), so a keep-alive reuse could race it.
 */
function postChunked(port: number, path: string, chunks: string[], cookie = '') {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, ...(cookie ? { cookie } : {}) },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (part: string) => (body += part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', (e) => reject(new Error(`${path}: ${String(e)}`)));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}

/** `text` cut into pieces of `size` characters (ASCII here, so bytes). */
const piecesOf = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

describeEachDatabase('request body size limit', (env) => {
  let bettor: Awaited<ReturnType<typeof signUpAndSignIn>>;
  let server: ReturnType<typeof serve>;
  let port: number;

  beforeAll(async () => {
    bettor = await signUpAndSignIn(env());
    server = serve({ fetch: env().app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const postBet = (rawBody: string, headers: Record<string, string> = {}) =>
    env().request('/api/bets', {
      method: 'POST',
      cookie: bettor.cookie,
      rawBody,
      headers: { 'content-type': 'application/json', ...headers },
    });

  const signInWithPadding = (bytes: number, headers: Record<string, string> = {}) =>
    env().request('/api/auth/sign-in/email', {
      method: 'POST',
      ip: freshIp(),
      rawBody: jsonOfSize({ email: bettor.email, password: bettor.password }, 'padding', bytes),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('POST /api/bets: one byte over the limit is a 413 and stores nothing, declared or not', async () => {
    const before = await snapshotTables(env());
    const over = jsonOfSize(betBody(env()), 'description', API_BODY_LIMIT_BYTES + 1);
    await expectTooLarge(await postBet(over));
    await expectTooLarge(await postBet(over, { 'content-length': String(API_BODY_LIMIT_BYTES + 1) }));
    await expectTooLarge(await postBet('x'.repeat(4 * API_BODY_LIMIT_BYTES)));
    expect(await snapshotTables(env())).toEqual(before);

    // At the limit the body reaches validation whole: the description is what is wrong with it.
    const atLimit = await postBet(jsonOfSize(betBody(env()), 'description', API_BODY_LIMIT_BYTES));
    expect(atLimit.status).toBe(422);
    expect(((await atLimit.json()) as { fields: Record<string, string> }).fields).toHaveProperty('description');
  });

  it('POST /api/auth/sign-in/email: over the limit is a 413 before Better Auth reads it; at the limit it signs in', async () => {
    const before = await snapshotTables(env());
    const declared: Record<string, string>[] = [{}, { 'content-length': String(API_BODY_LIMIT_BYTES + 1) }];
    for (const headers of declared) {
      const res = await signInWithPadding(API_BODY_LIMIT_BYTES + 1, headers);
      expect(cookieFrom(res)).not.toContain('session_token');
      await expectTooLarge(res);
    }
    // No session, no recorded failure, nothing else.
    expect(await snapshotTables(env())).toEqual(before);

    const atLimit = await signInWithPadding(API_BODY_LIMIT_BYTES);
    expect(atLimit.status).toBe(200);
    expect(cookieFrom(atLimit)).toContain('session_token');
  });

  it('a chunked body without Content-Length over a real socket is counted as it arrives', async () => {
    const before = await snapshotTables(env());
    const bet = jsonOfSize(betBody(env()), 'description', 2 * API_BODY_LIMIT_BYTES);
    const res = await postChunked(port, '/api/bets', piecesOf(bet, 8 * 1024), bettor.cookie);
    expect(res).toEqual({ status: 413, body: JSON.stringify({ error: BODY_TOO_LARGE_MESSAGE }) });
    const signInBody = jsonOfSize(
      { email: bettor.email, password: bettor.password },
      'padding',
      API_BODY_LIMIT_BYTES + 1,
    );
    const signIn = await postChunked(port, '/api/auth/sign-in/email', piecesOf(signInBody, 8 * 1024));
    expect(signIn).toEqual({ status: 413, body: JSON.stringify({ error: BODY_TOO_LARGE_MESSAGE }) });
    expect(await snapshotTables(env())).toEqual(before);

    // Under the limit, the chunks are put back together for the handler: the bet is stored once.
    const small = await postChunked(port, '/api/bets', piecesOf(JSON.stringify(betBody(env())), 7), bettor.cookie);
    expect(small.status, small.body).toBe(201);
    expect(JSON.parse(small.body)).toMatchObject({ description: 'Lakers ML vs Celtics', status: 'pending' });
  });
});

/**
 * A text body must be valid UTF-8 (http.ts requireUtf8Body): decoded as usual, each bad byte
 * would become U+FFFD and be stored as text the client never sent. 400 on our routes and Better
 * Auth's alike, and nothing changes.
 */
describeEachDatabase('request bodies that are not UTF-8', (env) => {
  let bettor: Awaited<ReturnType<typeof signUpAndSignIn>>;
  beforeAll(async () => {
    bettor = await signUpAndSignIn(env());
  });

  /** `json` as UTF-8 bytes with `bad` put in place of the marker "@@". */
  const withBytes = (json: string, bad: number[]) => {
    const [before, after] = json.split('@@') as [string, string];
    const enc = new TextEncoder();
    return new Uint8Array([...enc.encode(before), ...bad, ...enc.encode(after)]);
  };
  /** Byte sequences UTF-8 does not allow: a lone continuation byte, a truncated sequence, an overlong "/", a surrogate, past U+10FFFF, Latin-1 "é". */
  const BAD_BYTES = [
    [0x80],
    [0xc3],
    [0xe2, 0x82],
    [0xc0, 0xaf],
    [0xed, 0xa0, 0x80],
    [0xf4, 0x90, 0x80, 0x80],
    [0xe9],
    [0xff],
  ];

  const calls = (env: TestEnv): [string, string, string | undefined][] => [
    ['/api/bets', JSON.stringify({ ...betBody(env), description: 'Lakers @@ ML' }), bettor.cookie],
    ['/api/profile', JSON.stringify({ displayName: 'Ann @@' }), bettor.cookie],
    ['/api/inbox/contact', JSON.stringify({ name: 'Ann @@', email: 'ann@example.com', message: 'Hello' }), undefined],
    [
      '/api/auth/sign-up/email',
      JSON.stringify({ email: 'utf8@example.com', password: 'a-long-secret-9', name: 'Ann @@', ageConfirmed: true }),
      undefined,
    ],
    ['/api/auth/sign-in/email', JSON.stringify({ email: bettor.email, password: `${bettor.password}@@` }), undefined],
    [
      '/api/auth/request-password-reset',
      JSON.stringify({ email: bettor.email, redirectTo: '/reset-password@@' }),
      undefined,
    ],
  ];

  it("answers 400 to a JSON body with bytes that are not UTF-8, ours and Better Auth's, and changes nothing", async () => {
    const before = await snapshotTables(env());
    const mails = env().mailer.sent.length;
    for (const [path, json, cookie] of calls(env())) {
      for (const bad of BAD_BYTES) {
        const method = path === '/api/profile' ? 'PATCH' : 'POST';
        const label = `${method} ${path} ${bad.map((b) => b.toString(16)).join(' ')}`;
        for (const contentType of ['application/json', 'application/json; charset=utf-8', 'text/plain']) {
          const res = await env().request(path, {
            method,
            cookie,
            ip: freshIp(),
            rawBody: withBytes(json, bad),
            headers: { 'content-type': contentType },
          });
          expect(res.status, `${label} ${contentType}`).toBe(400);
          expect(await res.json(), label).toEqual({ error: 'The request body is not valid UTF-8' });
          expectSecurityHeaders(res);
        }
      }
    }
    expect(await snapshotTables(env())).toEqual(before);
    expect(env().mailer.sent.length).toBe(mails);
  });

  it('takes the same bodies as valid UTF-8 (the characters encoded properly)', async () => {
    const [bet, profile] = calls(env());
    const okBet = await env().request(bet![0], {
      method: 'POST',
      cookie: bettor.cookie,
      rawBody: new TextEncoder().encode(bet![1].replace('@@', 'é😀')),
      headers: { 'content-type': 'application/json' },
    });
    expect(okBet.status).toBe(201);
    expect(((await okBet.json()) as { description: string }).description).toBe('Lakers é😀 ML');
    const okProfile = await env().request(profile![0], {
      method: 'PATCH',
      cookie: bettor.cookie,
      rawBody: new TextEncoder().encode(profile![1].replace('@@', '\u00e9')),
      headers: { 'content-type': 'application/json' },
    });
    expect(okProfile.status).toBe(200);
    expect(((await okProfile.json()) as { displayName: string }).displayName).toBe('Ann é');
  });
});
