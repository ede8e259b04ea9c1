import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inboxMessages, inboxRateLimits, newsletterSubscriptions } from '../../db/schema/index.ts';
import {
  createSiblingApp,
  describeEachDatabase,
  freshIp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { RATE_LIMITED_MESSAGE, type InboxReceipt } from '../../../shared/inbox.ts';
import { API_BODY_LIMIT_BYTES } from '../../edge/http.ts';
import { INBOX_RATE_LIMITS } from './routes.ts';
import { MINUTE_MS } from '../../../shared/time-units.ts';

const contactBody = (patch: Record<string, unknown> = {}) => ({
  name: 'Jordan Miles',
  email: uniqueEmail('contact'),
  subject: 'Exporting my history',
  message: 'How do I export my bets to a spreadsheet?',
  ...patch,
});

const advertiseBody = (patch: Record<string, unknown> = {}) => ({
  company: 'Acme Sports Media',
  email: uniqueEmail('ads'),
  budget: '1000-5000',
  adType: 'sponsored',
  message: 'We would like to sponsor your weekly NFL picks newsletter.',
  ...patch,
});

const post = (env: TestEnv, path: string, body: unknown, opts: { ip?: string; cookie?: string } = {}) =>
  env.request(`/api/inbox/${path}`, { body, ip: opts.ip ?? freshIp(), cookie: opts.cookie });

const messageRow = async (env: TestEnv, id: string) =>
  (await env.db.select().from(inboxMessages).where(eq(inboxMessages.id, id)))[0];

const subscriptionRows = (env: TestEnv, email: string) =>
  env.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

describeEachDatabase('inbox API', (env) => {
  it('stores a contact message as an open contact item and answers 201 with its id', async () => {
    const body = contactBody({ name: '  Jordan Miles ', message: '  How do I export my bets?  ' });
    const res = await post(env(), 'contact', body);
    expect(res.status).toBe(201);
    const receipt = (await res.json()) as InboxReceipt;
    expect(receipt).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), receivedAt: expect.any(String) });
    expect(await messageRow(env(), receipt.id)).toMatchObject({
      kind: 'contact',
      name: 'Jordan Miles',
      email: body.email,
      subject: 'Exporting my history',
      message: 'How do I export my bets?',
      details: {},
      status: 'open',
      priority: 'medium',
      userId: null,
    });
  });

  it('stores a contact message without a subject (absent, empty, blank or null) as subject null', async () => {
    for (const subject of [undefined, '', '   ', null]) {
      const res = await post(env(), 'contact', contactBody({ subject }));
      expect(res.status, JSON.stringify(subject)).toBe(201);
      const { id } = (await res.json()) as InboxReceipt;
      expect((await messageRow(env(), id))?.subject).toBeNull();
    }
  });

  it("records the signed-in sender's account with the message", async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const res = await post(env(), 'contact', contactBody(), { cookie });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as InboxReceipt;
    expect((await messageRow(env(), id))?.userId).toBe(userId);
  });

  it.each([
    [{ name: undefined }, 'name', 'Name is required'],
    [{ name: '   ' }, 'name', 'Name is required'],
    [{ name: 42 }, 'name', 'Name must be text'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name must be at most 100 characters'],
    [{ email: undefined }, 'email', 'Email is required'],
    [{ email: '' }, 'email', 'Email is required'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address'],
    [{ email: `${'a'.repeat(250)}@example.com` }, 'email', 'Email must be at most 254 characters'],
    [{ subject: 'x'.repeat(201) }, 'subject', 'Subject must be at most 200 characters'],
    [{ subject: 7 }, 'subject', 'Subject must be text'],
    [{ message: undefined }, 'message', 'Message is required'],
    [{ message: '' }, 'message', 'Message is required'],
    [{ message: 'x'.repeat(5001) }, 'message', 'Message must be at most 5,000 characters'],
    [{ message: 'hi\u0000there' }, 'message', 'Message must not contain control character NUL'],
    [{ isAdmin: true }, 'isAdmin', 'Unknown field'],
  ])('contact: %j answers 422 naming %s and stores nothing', async (patch, field, message) => {
    const body = contactBody(patch);
    const res = await post(env(), 'contact', body);
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { error: string; fields: Record<string, string> };
    expect(answer.fields[field]).toEqual(message);
    expect(answer.error).toEqual(expect.any(String));
    const stored = await env()
      .db.select()
      .from(inboxMessages)
      .where(eq(inboxMessages.email, String(body.email)));
    expect(stored).toHaveLength(0);
  });

  it('answers 422 (never 5xx) to bodies that are not a form object, and 400 to malformed JSON', async () => {
    for (const body of [null, [], 'hello', 42, true]) {
      const res = await post(env(), 'contact', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(await res.json()).toMatchObject({ error: expect.any(String) });
    }
    const malformed = await env().request('/api/inbox/contact', {
      rawBody: '{"name": ',
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: expect.any(String) });
    const noContentType = await env().request('/api/inbox/contact', { rawBody: 'name=x', ip: freshIp() });
    expect(noContentType.status).toBeLessThan(500);
  });

  it('answers 413 to a body over the size limit, which the longest valid message stays well under', async () => {
    const res = await post(env(), 'contact', contactBody({ message: 'x'.repeat(API_BODY_LIMIT_BYTES) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'The request body is too large' });

    // Every field at its maximum, in the character JSON spends most bytes on (\u0001, six bytes).
    const longest = contactBody({
      name: `J${'\u0001'.repeat(99)}`,
      subject: `S${'\u0001'.repeat(199)}`,
      message: `M${'\u0001'.repeat(4999)}`,
    });
    const bytes = Buffer.byteLength(JSON.stringify(longest));
    expect(bytes).toBeGreaterThan(30_000);
    expect(bytes).toBeLessThan(API_BODY_LIMIT_BYTES / 2 + 1024);
    expect((await post(env(), 'contact', longest)).status).toBe(201);
  });

  it('stores an advertiser inquiry with budget and ad type in its details', async () => {
    const body = advertiseBody();
    const res = await post(env(), 'advertise', body);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as InboxReceipt;
    expect(await messageRow(env(), id)).toMatchObject({
      kind: 'advertising',
      name: 'Acme Sports Media',
      email: body.email,
      subject: null,
      message: body.message,
      details: { budget: '1000-5000', adType: 'sponsored' },
      status: 'open',
    });
  });

  it('stores an advertiser inquiry without budget or ad type (absent or empty)', async () => {
    for (const patch of [
      { budget: undefined, adType: undefined },
      { budget: '', adType: '' },
    ]) {
      const res = await post(env(), 'advertise', advertiseBody(patch));
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as InboxReceipt;
      expect((await messageRow(env(), id))?.details).toEqual({});
    }
  });

  it.each(['500-1000', '1000-5000', '5000-10000', '10000+'])('accepts the budget %s', async (budget) => {
    expect((await post(env(), 'advertise', advertiseBody({ budget }))).status).toBe(201);
  });

  it.each(['banner', 'sponsored', 'partnership', 'custom'])('accepts the ad type %s', async (adType) => {
    expect((await post(env(), 'advertise', advertiseBody({ adType }))).status).toBe(201);
  });

  it.each([
    [{ company: undefined }, 'company', 'Company is required'],
    [{ company: ' ' }, 'company', 'Company is required'],
    [{ company: 'x'.repeat(201) }, 'company', 'Company must be at most 200 characters'],
    [{ email: 'ads@' }, 'email', 'Enter a valid email address'],
    [{ budget: '100-200' }, 'budget', 'Budget must be one of 500-1000, 1000-5000, 5000-10000, 10000+'],
    [{ budget: 5000 }, 'budget', 'Budget must be one of 500-1000, 1000-5000, 5000-10000, 10000+'],
    [{ adType: 'popup' }, 'adType', 'Ad type must be one of banner, sponsored, partnership, custom'],
    [{ message: '' }, 'message', 'Message is required'],
    [{ website: 'https://spam.example' }, 'website', 'Unknown field'],
  ])('advertise: %j answers 422 naming %s and stores nothing', async (patch, field, message) => {
    const body = advertiseBody(patch);
    const res = await post(env(), 'advertise', body);
    expect(res.status).toBe(422);
    const answer = (await res.json()) as { fields: Record<string, string> };
    expect(answer.fields[field]).toEqual(message);
    const stored = await env()
      .db.select()
      .from(inboxMessages)
      .where(eq(inboxMessages.email, String(body.email)));
    expect(stored).toHaveLength(0);
  });

  it('subscribes an email to the newsletter once, case-insensitively, with the same answer each time', async () => {
    const email = uniqueEmail('news');
    const mixed = email.replace(/^news/, 'NeWs').replace('example.com', 'Example.COM');
    const answers = [];
    for (const address of [email, mixed, `  ${email.toUpperCase()}  `]) {
      const res = await post(env(), 'newsletter', { email: address });
      answers.push({ status: res.status, body: await res.json() });
    }
    for (const answer of answers) expect(answer).toEqual({ status: 201, body: { email, subscribed: true } });
    expect(await subscriptionRows(env(), email)).toHaveLength(1);
  });

  it('subscribes concurrently to one row', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post(env(), 'newsletter', { email }).then((r) => r.status)),
    );
    expect(results).toEqual([201, 201, 201, 201]);
    expect(await subscriptionRows(env(), email)).toHaveLength(1);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'nope' }, 'Enter a valid email address'],
    [{ email: 'a@b' }, 'Enter a valid email address'],
    [{ email: ['x@example.com'] }, 'Email must be text'],
  ])('newsletter: %j answers 422 "%s"', async (body, message) => {
    const res = await post(env(), 'newsletter', body);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.email).toBe(message);
  });

  it('allows 5 submissions a minute per address and form, then answers 429 with Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await post(env(), 'contact', contactBody(), { ip })).status).toBe(201);
    const refused = await post(env(), 'contact', contactBody({ email: 'refused@example.com' }), { ip });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: RATE_LIMITED_MESSAGE });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Nothing was stored for the refused request.
    const stored = await env().db.select().from(inboxMessages).where(eq(inboxMessages.email, 'refused@example.com'));
    expect(stored).toHaveLength(0);
    // Bad input counts too (a script posting garbage is still a script).
    expect((await post(env(), 'contact', {}, { ip })).status).toBe(429);
    // Other addresses and other forms are unaffected.
    expect((await post(env(), 'contact', contactBody())).status).toBe(201);
    expect((await post(env(), 'newsletter', { email: uniqueEmail() }, { ip })).status).toBe(201);
    expect((await post(env(), 'advertise', advertiseBody(), { ip })).status).toBe(201);
    // A minute later the address may post again.
    env().clock.advance(MINUTE_MS + 1000);
    try {
      expect((await post(env(), 'contact', contactBody(), { ip })).status).toBe(201);
    } finally {
      env().clock.reset();
    }
  });

  it('limits an address to 30 submissions an hour even when it waits out each minute', async () => {
    const ip = freshIp();
    const hourly = INBOX_RATE_LIMITS.find((r) => r.windowMs === 60 * MINUTE_MS)!;
    try {
      let accepted = 0;
      for (let minute = 0; accepted < hourly.max; minute++) {
        for (let i = 0; i < 5 && accepted < hourly.max; i++) {
          expect((await post(env(), 'newsletter', { email: uniqueEmail() }, { ip })).status).toBe(201);
          accepted++;
        }
        env().clock.advance(MINUTE_MS + 1000);
      }
      const refused = await post(env(), 'newsletter', { email: uniqueEmail() }, { ip });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(60);
    } finally {
      env().clock.reset();
    }
  });

  it('keeps counting across app instances on one database (the limit lives in the database)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await post(env(), 'newsletter', { email: uniqueEmail() }, { ip })).status).toBe(201);
    const sibling = createSiblingApp(env());
    const res = await sibling.request('/api/inbox/newsletter', { body: { email: uniqueEmail() }, ip });
    expect(res.status).toBe(429);
  });

  it('behind a trusted proxy, counts per forwarded client address', async () => {
    const proxied = createSiblingApp(env(), { TRUST_PROXY: 'true' });
    const proxyIp = freshIp();
    const client = freshIp();
    const send = (forwardedFor: string) =>
      proxied.request('/api/inbox/newsletter', {
        body: { email: uniqueEmail() },
        ip: proxyIp,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    for (let i = 0; i < 5; i++) expect((await send(client)).status).toBe(201);
    expect((await send(client)).status).toBe(429);
    // A client-written first entry does not pick a fresh bucket: the proxy's appended address counts.
    expect((await send(`${freshIp()}, ${client}`)).status).toBe(429);
    expect((await send(freshIp())).status).toBe(201);
  });

  it('counts every address of one IPv6 /64 as one client (and an IPv4-mapped address as its IPv4 one)', async () => {
    const network = `2001:db8:${(Date.now() % 0xffff).toString(16)}:${env().driver === 'pglite' ? 'a' : 'b'}`;
    for (let i = 1; i <= 5; i++) {
      const res = await post(env(), 'newsletter', { email: uniqueEmail() }, { ip: `${network}:${i}::${i}` });
      expect(res.status).toBe(201);
    }
    const sameNetwork = await post(env(), 'newsletter', { email: uniqueEmail() }, { ip: `${network}:ffff:1:2:3` });
    expect(sameNetwork.status).toBe(429);
    const nextNetwork = await post(env(), 'newsletter', { email: uniqueEmail() }, { ip: `${network}1::1` });
    expect(nextNetwork.status).toBe(201);

    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await post(env(), 'newsletter', { email: uniqueEmail() }, { ip: i % 2 ? ip : `::ffff:${ip}` });
      expect(res.status).toBe(201);
    }
    expect((await post(env(), 'newsletter', { email: uniqueEmail() }, { ip: `::ffff:${ip}` })).status).toBe(429);
  });

  it('forgets ended rate-limit windows when it stores a message', async () => {
    const ip = freshIp();
    expect((await post(env(), 'newsletter', { email: uniqueEmail() }, { ip })).status).toBe(201);
    const key = `newsletter:${MINUTE_MS}:${ip}`;
    expect(await env().db.select().from(inboxRateLimits).where(eq(inboxRateLimits.key, key))).toHaveLength(1);
    env().clock.advance(2 * 60 * MINUTE_MS);
    try {
      expect((await post(env(), 'contact', contactBody())).status).toBe(201);
    } finally {
      env().clock.reset();
    }
    expect(await env().db.select().from(inboxRateLimits).where(eq(inboxRateLimits.key, key))).toHaveLength(0);
  });
});
