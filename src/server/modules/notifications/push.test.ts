/**
 * Web Push end to end against a real local push receiver (HTTPS on 127.0.0.1, its certificate a
 * test fixture): the job sends the pick through the web-push library, and the receiver, holding
 * the browser's side of the keys, checks the VAPID token (RFC 8292) and decrypts the aes128gcm
 * body with this file's own implementation of RFC 8291 and RFC 8188 on Node's crypto, to read the
 * pick's text. Then what a push service's refusals do: 410 forgets the browser, 500 is tried again
 * later, and what was sent is never sent twice.
 */
import { createECDH, createHmac, createDecipheriv, createPublicKey, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql.ts';
import { createLogger } from '../../lib/logger.ts';
import { describeEachDatabase, signUpAndSignIn, TEST_BASE_URL, type TestEnv } from '../../test/harness.ts';
import { usernameOf } from '../profiles/test-helpers.ts';
import { runNotifications } from './job.ts';
import { createPushSender } from './push.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const vapid = webpush.generateVAPIDKeys();

// --- RFC 8291 (Message Encryption for Web Push) over RFC 8188 (aes128gcm), written from the RFCs.

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** HKDF with one block of output (RFC 5869), as RFC 8291 section 3.4 and RFC 8188 section 2.2 use it. */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

function decryptWebPush(body: Buffer, ua: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): string {
  // RFC 8188 section 2.1: salt (16) | record size (4) | idlen (1) | keyid (the sender's public key).
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  expect(idLength).toBe(65);
  expect(ciphertext.length).toBeLessThanOrEqual(recordSize);
  // RFC 8291 section 3.4: the input keying material from the ECDH secret and the auth secret.
  const uaPublic = ua.ecdh.getPublicKey();
  const ecdhSecret = ua.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(ua.auth, ecdhSecret, keyInfo, 32);
  // RFC 8188 section 2.2 and 2.3: the content key and the nonce (one record: sequence number 0).
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: "vapid t=<JWT>, k=<public key>", the JWT signed by that key (ES256). */
function checkVapid(authorization: string, audience: string) {
  const match = /^vapid t=([^,]+), k=([A-Za-z0-9_-]+)$/.exec(authorization);
  expect(match, authorization).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(vapid.publicKey);
  const [header, claims, signature] = jwt!.split('.') as [string, string, string];
  const raw = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  expect(signed).toBe(true);
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ alg: 'ES256' });
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  expect(body.aud).toBe(audience);
  expect(body.sub).toBe('mailto:push-test@betproof.local');
}

// --- The receiver: records every push; answers with the status its endpoint's path asks for.

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
const received: Received[] = [];
let answer = new Map<string, number>();
let receiver: Server;
let origin = '';

beforeAll(async () => {
  receiver = createServer({ key: fixture('push-receiver.key'), cert: fixture('push-receiver.crt') }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answer.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

/** A browser's side: its key pair and auth secret, and the subscription it would hand the page. */
function browser(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    subscription: {
      endpoint: `${origin}${path}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

const config = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:push-test@betproof.local',
};

describeEachDatabase(
  'Web Push to a local receiver',
  (env) => {
    beforeEach(() => {
      env().clock.reset();
      answer = new Map();
      received.length = 0;
    });

    const run = () =>
      runNotifications({
        db: env().db,
        mailer: env().mailer,
        // The receiver's self-signed certificate is trusted for this agent only.
        push: createPushSender(env().config, { agent: new Agent({ ca: fixture('push-receiver.crt') }) }),
        now: env().clock.now,
        baseUrl: TEST_BASE_URL,
        secret: env().config.AUTH_SECRET,
        graceMinutes: 0,
        logger: createLogger('silent'),
      });

    async function setUp(t: TestEnv, paths: string[]) {
      const follower = await signUpAndSignIn(t);
      const bettor = await signUpAndSignIn(t);
      const username = await usernameOf(t, bettor.userId);
      await t.db.execute(
        sql`update user_settings set privacy_settings = '{"profile_public": true}'::jsonb where user_id = ${bettor.userId}`,
      );
      expect(
        (await t.request(`/api/profiles/${username}/follow`, { method: 'POST', cookie: follower.cookie })).status,
      ).toBe(200);
      const browsers = paths.map(browser);
      for (const b of browsers) {
        const res = await t.request('/api/me/push-subscriptions', { cookie: follower.cookie, body: b.subscription });
        expect(res.status, await res.clone().text()).toBe(201);
      }
      const chose = await t.request(`/api/me/notifications/bettors/${username}`, {
        method: 'PUT',
        cookie: follower.cookie,
        body: { notify: 'push' },
      });
      expect(chose.status).toBe(200);
      return { follower, bettor, username, browsers };
    }

    async function record(t: TestEnv, cookie: string, description: string) {
      const res = await t.request('/api/bets', {
        cookie,
        body: {
          description,
          amount: '10',
          odds: '2.10',
          sport: 'soccer',
          eventDate: new Date(t.clock.now().getTime() + 30 * HOUR_MS + 5 * 60_000).toISOString(),
        },
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { id: string }).id;
    }

    it("delivers the pick encrypted for the browser's keys, with a VAPID token the receiver verifies", async () => {
      const { bettor, username, browsers } = await setUp(env(), ['/push/phone']);
      const betId = await record(env(), bettor.cookie, 'Arsenal to win at Chelsea');
      env().clock.advance(1000);
      await run();
      const pushes = received.filter((r) => r.path === '/push/phone');
      expect(pushes).toHaveLength(1);
      const push = pushes[0]!;
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe('86400');
      checkVapid(String(push.headers.authorization), origin);
      const message = JSON.parse(decryptWebPush(push.body, browsers[0]!)) as Record<string, string>;
      expect(message).toEqual({
        title: `New pick from @${username}`,
        body: expect.stringMatching(
          /^Arsenal to win at Chelsea at 2\.10\nStarts .+ \(UTC\), recorded 1 d 6 h before the start\.$/,
        ),
        url: `${TEST_BASE_URL}/${username}`,
        tag: `pick-${betId}`,
      });
      await run();
      expect(received.filter((r) => r.path === '/push/phone')).toHaveLength(1);
    });

    it('forgets a browser the push service says is gone (410), and tries a refused push (500) again without sending twice', async () => {
      const { follower, bettor, browsers } = await setUp(env(), ['/push/gone', '/push/flaky']);
      answer.set('/push/gone', 410);
      answer.set('/push/flaky', 500);
      const betId = await record(env(), bettor.cookie, 'Refused pick');
      env().clock.advance(1000);
      await run();
      const subscriptions = async () =>
        rowsOf<{ endpoint: string }>(
          await env().db.execute(
            sql`select endpoint from push_subscriptions where user_id = ${follower.userId} order by endpoint`,
          ),
        ).map((r) => r.endpoint);
      expect(await subscriptions()).toEqual([browsers[1]!.subscription.endpoint]);
      const state = async () =>
        rowsOf<{ state: string; attempts: number }>(
          await env().db.execute(sql`select state, attempts from pick_notifications where bet_id = ${betId}`),
        )[0];
      expect(await state()).toEqual({ state: 'failed', attempts: 1 });
      answer.set('/push/flaky', 201);
      await run();
      expect(received.filter((r) => r.path === '/push/flaky')).toHaveLength(1);
      env().clock.advance(2 * 60_000);
      await run();
      await run();
      expect(received.filter((r) => r.path === '/push/flaky')).toHaveLength(2);
      expect(await state()).toEqual({ state: 'sent', attempts: 2 });
    });

    it('refuses a subscription whose endpoint is not https, and push when the server has no VAPID keys', async () => {
      const t = env();
      const person = await signUpAndSignIn(t);
      const b = browser('/push/x');
      const res = await t.request('/api/me/push-subscriptions', {
        cookie: person.cookie,
        body: { ...b.subscription, endpoint: 'http://127.0.0.1:1/push' },
      });
      expect(res.status).toBe(422);
      const [row] = rowsOf<{ n: number }>(
        await t.db.execute(sql`select count(*)::int as n from push_subscriptions where user_id = ${person.userId}`),
      );
      expect(Number(row!.n)).toBe(0);
      const settings = (await (await t.request('/api/me/notifications', { cookie: person.cookie })).json()) as {
        pushKey: string;
      };
      expect(settings.pushKey).toBe(vapid.publicKey);
    });
  },
  config,
);
