/**
 * At most MAILS_PER_RECIPIENT_PER_HOUR mails to one address within an hour, all kinds together;
 * the one over is dropped and logged, and the request answers exactly as usual.
 */
import { expect, it } from 'vitest';
import type { Logger } from '../../lib/logger.ts';
import type { Mail } from '../../lib/mail.ts';
import { mailSend } from '../../db/schema/index.ts';
import {
  CapturingMailer,
  createSiblingApp,
  describeEachDatabase,
  freshIp,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../../test/harness.ts';
import { MAILS_PER_RECIPIENT_PER_HOUR, capMailsPerRecipient, recipientKey } from './mail-quota.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const requestReset = (env: Pick<TestEnv, 'request'>, email: string) =>
  env.request('/api/auth/request-password-reset', { body: { email }, ip: freshIp() });

const mailsTo = (env: TestEnv, email: string) => env.mailer.sent.filter((m) => m.to === email);

const aMail = (to: string, n: number): Mail => ({ to, subject: `Mail ${n}`, text: `Mail ${n}`, html: `<p>${n}</p>` });

describeEachDatabase('mails per recipient', (env) => {
  it(`sends at most ${MAILS_PER_RECIPIENT_PER_HOUR} mails to one address within an hour, all kinds together, and answers as usual`, async () => {
    const email = uniqueEmail('quota');
    // 1: the confirmation, at sign-up.
    expect((await signUp(env(), { email })).status).toBe(200);
    // 2: a new confirmation link, mailed at a sign-in before confirming.
    expect((await signIn(env(), email)).status).toBe(403);
    // 3: a second sign-up of the unconfirmed address starts it over: a new confirmation.
    expect((await signUp(env(), { email })).status).toBe(200);
    // 4, 5: reset links.
    const answers: [number, string][] = [];
    for (let i = 0; i < 2; i++) {
      const res = await requestReset(env(), email);
      answers.push([res.status, await res.text()]);
    }
    expect(mailsTo(env(), email)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);

    // The 6th and later are dropped; the answers are the same as before.
    for (let i = 0; i < 3; i++) {
      const res = await requestReset(env(), email);
      expect([res.status, await res.text()]).toEqual(answers[0]);
    }
    expect((await signUp(env(), { email })).status).toBe(200);
    expect(mailsTo(env(), email)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    expect(mailsTo(env(), email).map((m) => m.subject)).toEqual([
      'Confirm your betproof email',
      'Confirm your betproof email',
      'Confirm your betproof email',
      'Reset your betproof password',
      'Reset your betproof password',
    ]);

    // Other addresses are not affected.
    const other = uniqueEmail('quota.other');
    expect((await signUp(env(), { email: other })).status).toBe(200);
    expect(mailsTo(env(), other)).toHaveLength(1);

    // An hour after the first mails, there is room again.
    env().clock.advance(HOUR_MS + 1000);
    try {
      expect((await requestReset(env(), email)).status).toBe(200);
      expect(mailsTo(env(), email)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR + 1);
    } finally {
      env().clock.reset();
    }
  });

  it('counts mails to an address in any letter case as one recipient, and stores no address', async () => {
    const { email } = await signUpAndSignIn(env());
    for (let i = 0; i < 6; i++) await requestReset(env(), i % 2 ? email.toUpperCase() : email);
    expect(mailsTo(env(), email)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    const rows = await env().db.select().from(mailSend);
    expect(rows.filter((r) => r.recipient === recipientKey(email))).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    expect(JSON.stringify(rows)).not.toContain('@');
  });

  it('holds across servers sending at the same moment (the count is in the database)', async () => {
    const { email } = await signUpAndSignIn(env());
    const sibling = createSiblingApp(env());
    await Promise.all(Array.from({ length: 12 }, (_, i) => requestReset(i % 2 ? sibling : env(), email)));
    expect(mailsTo(env(), email)).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('logs each dropped mail without the address', async () => {
    const logged: [string, Record<string, unknown> | undefined][] = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: (msg, fields) => logged.push([msg, fields]),
      error: () => {},
    };
    const inner = new CapturingMailer();
    const mailer = capMailsPerRecipient(inner, { db: env().db, now: env().clock.now, logger });
    const to = uniqueEmail('logged');
    for (let n = 1; n <= MAILS_PER_RECIPIENT_PER_HOUR + 2; n++) await mailer.send(aMail(to, n));
    expect(inner.sent.map((m) => m.subject)).toEqual(
      Array.from({ length: MAILS_PER_RECIPIENT_PER_HOUR }, (_, i) => `Mail ${i + 1}`),
    );
    expect(logged).toHaveLength(2);
    expect(logged[0]![0]).toBe('mail dropped: the recipient had their hourly quota');
    expect(logged[0]![1]).toMatchObject({ subject: `Mail ${MAILS_PER_RECIPIENT_PER_HOUR + 1}` });
    expect(JSON.stringify(logged)).not.toContain(to);
  });
});
