/**
 * Fuzz: the inbox forms (contact, advertise, newsletter; rate-limited per address, so each request
 * comes from a fresh one) and the admin writes (verification, issues) under hostile input
 * (src/server/test/hostile.ts). Never a 5xx; every message accepted reads back exactly as sent
 * (trimmed) through the admin's issue view; statuses stay valid; each admin change is logged once.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import {
  ADMIN_ACTIONS,
  INBOX_PRIORITIES,
  INBOX_STATUSES,
  VERIFICATION_STATUSES,
  type AdminIssueDetail,
  type VerificationChange,
} from '../../shared/admin.ts';
import { AD_TYPES, BUDGETS, type InboxReceipt } from '../../shared/inbox.ts';
import { adminLogs, inboxMessages, newsletterSubscriptions, profiles } from '../db/schema/index.ts';
import { describeEachDatabase, freshIp, signUpAndSignIn, uniqueEmail } from '../test/harness.ts';
import {
  expectBodyLimitKept,
  expectCalmAnswer,
  hostileBody,
  hostileIdSegment,
  prototypeFingerprint,
  sendOptions,
  storableText,
  type HostileBody,
} from '../test/hostile.ts';
import { expectCleanText, expectProfilesObeyTheRules } from '../test/invariants.ts';

const RUNS = 1000;
const TIMEOUT = 600_000;
const ADMIN_EMAIL = 'fuzz.admin@example.com';

const parsedBody = (body: HostileBody) =>
  ('json' in body ? body.json : JSON.parse(body.raw)) as Record<string, unknown>;
const trimmed = (value: unknown) => (value as string).trim();

/** Addresses zod's email check accepts, apostrophes and plus tags included, maybe in spaces. */
const validEmail = fc
  .tuple(
    fc.stringMatching(/^[A-Za-z0-9_'+-]{0,20}[A-Za-z0-9_+-]$/),
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom('com', 'example', 'CO.UK', 'org'),
  )
  .chain(([local, domain, tld]) => fc.constantFrom(`${local}@${domain}.${tld}`, ` ${local}@${domain}.${tld}\n`));

const validContact = fc.record(
  {
    name: storableText(100),
    email: validEmail,
    subject: fc.oneof(storableText(200), fc.constantFrom('', null)),
    message: storableText(5000),
  },
  { requiredKeys: ['name', 'email', 'message'] },
);
const validInquiry = fc.record(
  {
    company: storableText(200),
    email: validEmail,
    budget: fc.constantFrom('', ...BUDGETS),
    adType: fc.constantFrom('', ...AD_TYPES),
    message: storableText(5000),
  },
  { requiredKeys: ['company', 'email', 'message'] },
);

describeEachDatabase(
  'fuzz: inbox and admin writes',
  (env) => {
    const fingerprint = prototypeFingerprint();
    let admin: { cookie: string; userId: string };

    beforeAll(async () => {
      admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
    });

    const issue = async (id: string) => {
      const res = await env().request(`/api/admin/issues/${id}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return (await res.json()) as AdminIssueDetail;
    };

    it(
      `POST /api/inbox/contact: ${RUNS} hostile bodies; messages read back exactly`,
      async () => {
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(hostileBody(validContact), async (body) => {
            const res = await env().request('/api/inbox/contact', { ip: freshIp(), ...sendOptions(body) });
            const text = await expectCalmAnswer(res, `POST /api/inbox/contact (${body.kind})`);
            expectBodyLimitKept(res, body, text);
            if (body.kind === 'valid') expect(res.status, text).toBe(201);
            else expect([201, 400, 413, 415, 422], text).toContain(res.status);
            if (res.status !== 201) return;
            accepted++;
            const sent = parsedBody(body);
            const stored = await issue((JSON.parse(text) as InboxReceipt).id);
            expect(stored).toMatchObject({
              type: 'contact',
              name: trimmed(sent.name),
              email: trimmed(sent.email),
              subject: typeof sent.subject === 'string' && sent.subject.trim() ? sent.subject.trim() : null,
              message: trimmed(sent.message),
              status: 'open',
              priority: 'medium',
            });
          }),
          { numRuns: RUNS },
        );
        expect(accepted).toBeGreaterThan(RUNS / 5);
        expect(prototypeFingerprint()).toBe(fingerprint);
      },
      TIMEOUT,
    );

    it(
      `POST /api/inbox/advertise: ${RUNS} hostile bodies; inquiries read back exactly`,
      async () => {
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(hostileBody(validInquiry), async (body) => {
            const res = await env().request('/api/inbox/advertise', { ip: freshIp(), ...sendOptions(body) });
            const text = await expectCalmAnswer(res, `POST /api/inbox/advertise (${body.kind})`);
            expectBodyLimitKept(res, body, text);
            if (body.kind === 'valid') expect(res.status, text).toBe(201);
            else expect([201, 400, 413, 415, 422], text).toContain(res.status);
            if (res.status !== 201) return;
            accepted++;
            const sent = parsedBody(body);
            const stored = await issue((JSON.parse(text) as InboxReceipt).id);
            expect(stored).toMatchObject({
              type: 'advertising',
              name: trimmed(sent.company),
              email: trimmed(sent.email),
              subject: null,
              message: trimmed(sent.message),
              budget: sent.budget || null,
              adType: sent.adType || null,
            });
          }),
          { numRuns: RUNS },
        );
        expect(accepted).toBeGreaterThan(RUNS / 5);
        await expectInboxObeysTheRules();
        expect(prototypeFingerprint()).toBe(fingerprint);
      },
      TIMEOUT,
    );

    it(
      `POST /api/inbox/newsletter: ${RUNS} hostile bodies; one lowercased row per address`,
      async () => {
        const subscribed = new Set<string>();
        await fc.assert(
          fc.asyncProperty(hostileBody(fc.record({ email: validEmail })), async (body) => {
            const res = await env().request('/api/inbox/newsletter', { ip: freshIp(), ...sendOptions(body) });
            const text = await expectCalmAnswer(res, `POST /api/inbox/newsletter (${body.kind})`);
            expectBodyLimitKept(res, body, text);
            if (body.kind === 'valid') expect(res.status, text).toBe(201);
            else expect([201, 400, 413, 415, 422], text).toContain(res.status);
            if (res.status !== 201) return;
            const email = trimmed(parsedBody(body).email).toLowerCase();
            expect(JSON.parse(text)).toEqual({ email, subscribed: true });
            subscribed.add(email);
          }),
          { numRuns: RUNS },
        );
        expect(subscribed.size).toBeGreaterThan(RUNS / 5);
        const rows = await env().db.select().from(newsletterSubscriptions);
        expect(new Set(rows.map((r) => r.email))).toEqual(subscribed);
        for (const { email } of rows) expect(email).toBe(email.toLowerCase());
        expect(prototypeFingerprint()).toBe(fingerprint);
      },
      TIMEOUT,
    );

    it(
      `PATCH /api/admin/users/:userId/verification: ${RUNS} hostile ids and bodies; each change applied and logged once`,
      async () => {
        const targets = [admin.userId];
        for (let i = 0; i < 4; i++) targets.push((await signUpAndSignIn(env())).userId);
        const expected = new Map<string, string>(targets.map((id) => [id, 'unverified']));
        let changes = 0;

        const id = hostileIdSegment(fc.constantFrom(...targets));
        const valid = fc.record({ status: fc.constantFrom(...VERIFICATION_STATUSES) });
        await fc.assert(
          fc.asyncProperty(id, hostileBody(valid), async (segment, body) => {
            const res = await env().request(`/api/admin/users/${segment}/verification`, {
              method: 'PATCH',
              cookie: admin.cookie,
              ip: freshIp(),
              ...sendOptions(body),
            });
            const text = await expectCalmAnswer(res, `PATCH users/${segment.slice(0, 80)}/verification (${body.kind})`);
            expectBodyLimitKept(res, body, text);
            expect([200, 400, 404, 413, 415, 422], text).toContain(res.status);
            if (body.kind === 'valid') expect(res.status, text).toBe(expected.has(segment) ? 200 : 404);
            if (res.status !== 200) return;
            const change = JSON.parse(text) as VerificationChange;
            const status = (parsedBody(body) as { status: string }).status;
            expect(change).toEqual({
              userId: segment,
              status,
              previous: expected.get(segment),
              changed: status !== expected.get(segment),
            });
            if (change.changed) changes++;
            expected.set(segment, status);
          }),
          { numRuns: RUNS },
        );
        expect(changes).toBeGreaterThan(RUNS / 20);

        const rows = await env().db.select().from(profiles).where(inArray(profiles.userId, targets));
        for (const row of rows) expect(row.verificationStatus).toBe(expected.get(row.userId));
        const logged = await env()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(adminLogs)
          .where(eq(adminLogs.actionType, ADMIN_ACTIONS.verification));
        expect(logged[0]!.n).toBe(changes);
        await expectProfilesObeyTheRules(env());
        expect(prototypeFingerprint()).toBe(fingerprint);
      },
      TIMEOUT,
    );

    it(
      `PATCH /api/admin/issues/:id: ${RUNS} hostile ids and bodies; each change applied and logged once`,
      async () => {
        const ids = (
          await env()
            .db.insert(inboxMessages)
            .values(
              Array.from({ length: 5 }, (_, i) => ({
                kind: 'contact' as const,
                name: `sender ${i}`,
                email: uniqueEmail('issue'),
                message: 'hello',
              })),
            )
            .returning({ id: inboxMessages.id })
        ).map((r) => r.id);
        const expected = new Map(ids.map((id) => [id, { status: 'open', priority: 'medium' }]));
        let changes = 0;

        const valid = fc
          .record(
            { status: fc.constantFrom(...INBOX_STATUSES), priority: fc.constantFrom(...INBOX_PRIORITIES) },
            { requiredKeys: [] },
          )
          .filter((b) => Object.keys(b).length > 0);
        await fc.assert(
          fc.asyncProperty(hostileIdSegment(fc.constantFrom(...ids)), hostileBody(valid), async (segment, body) => {
            const res = await env().request(`/api/admin/issues/${segment}`, {
              method: 'PATCH',
              cookie: admin.cookie,
              ip: freshIp(),
              ...sendOptions(body),
            });
            const text = await expectCalmAnswer(res, `PATCH issues/${segment.slice(0, 80)} (${body.kind})`);
            expectBodyLimitKept(res, body, text);
            expect([200, 400, 404, 413, 415, 422], text).toContain(res.status);
            if (body.kind === 'valid') expect(res.status, text).toBe(expected.has(segment) ? 200 : 404);
            if (res.status !== 200) return;
            const before = expected.get(segment)!;
            const sent = parsedBody(body) as { status?: string; priority?: string };
            const after = { status: sent.status ?? before.status, priority: sent.priority ?? before.priority };
            expect(JSON.parse(text)).toMatchObject({ id: segment, ...after });
            changes += Number(after.status !== before.status) + Number(after.priority !== before.priority);
            expected.set(segment, after);
          }),
          { numRuns: RUNS },
        );
        expect(changes).toBeGreaterThan(RUNS / 20);

        const rows = await env().db.select().from(inboxMessages).where(inArray(inboxMessages.id, ids));
        for (const row of rows) expect({ status: row.status, priority: row.priority }).toEqual(expected.get(row.id));
        const logged = await env()
          .db.select({ n: sql<number>`count(*)::int` })
          .from(adminLogs)
          .where(
            and(
              inArray(adminLogs.actionType, [ADMIN_ACTIONS.issueStatus, ADMIN_ACTIONS.issuePriority]),
              sql`${adminLogs.details}->>'issueId' in ${ids}`,
            ),
          );
        expect(logged[0]!.n).toBe(changes);
        await expectInboxObeysTheRules();
        expect(prototypeFingerprint()).toBe(fingerprint);
      },
      TIMEOUT,
    );

    it('regression: an unpaired surrogate in a message is a 422, not stored as U+FFFD', async () => {
      const res = await env().request('/api/inbox/contact', {
        ip: freshIp(),
        body: { name: 'a\ud800', email: 'a@b.co', message: 'x\udfff' },
      });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toEqual({
        name: 'Must not contain a NUL character or an unpaired surrogate',
      });
    });

    it('regression: a NUL in the admin user search is a 422, not a 500', async () => {
      const res = await env().request('/api/admin/users?search=%00', { cookie: admin.cookie });
      expect(res.status).toBe(422);
    });

    /** Every stored message: valid kind, status and priority, clean text within its limits. */
    async function expectInboxObeysTheRules() {
      for (const row of await env().db.select().from(inboxMessages)) {
        expect(['contact', 'advertising']).toContain(row.kind);
        expect(INBOX_STATUSES).toContain(row.status);
        expect(INBOX_PRIORITIES).toContain(row.priority);
        expectCleanText(row.name, 'name');
        expectCleanText(row.email, 'email');
        expectCleanText(row.message, 'message');
        if (row.subject !== null) expectCleanText(row.subject, 'subject');
        // Limits count characters (code points), as zod and the CHECKs' char_length do: an emoji
        // is one character but two UTF-16 units.
        expect([...row.name].length).toBeLessThanOrEqual(200);
        expect([...row.message].length).toBeLessThanOrEqual(5000);
      }
    }
  },
  { ADMIN_EMAILS: ADMIN_EMAIL },
);
