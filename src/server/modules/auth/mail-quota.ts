/**
 * At most MAILS_PER_RECIPIENT_PER_HOUR mails to one address within any hour, whatever their kind
 * (confirmation, reset, account exists, password changed, sign-in alert): whoever can make us mail
 * someone (a sign-up or reset request with their address) cannot flood their inbox. A mail over
 * the cap is dropped and logged; the request that caused it answers exactly as usual, so the
 * answer says nothing about the address. The count lives in the database (mail_sends, keyed by a
 * SHA-256 of the address), so every instance shares it.
 *
 * Mails go out after the response (better-auth.ts, backgroundTasks), so the cap is checked there
 * too; `mailsSettled` lets tests wait for the mails a request started.
 */
import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mailSend } from '../../db/schema/index.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mail, Mailer } from '../../lib/mail.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

export const MAILS_PER_RECIPIENT_PER_HOUR = 5;

/** How mail_sends names a recipient: the address is not stored again. */
export const recipientKey = (address: string) =>
  createHash('sha256').update(address.trim().toLowerCase()).digest('hex');

/** Takes one of the recipient's mails for this hour; false when the hour's are used up. */
async function takeMailSlot(db: Db, address: string, now: Date): Promise<boolean> {
  const recipient = recipientKey(address);
  const since = new Date(now.getTime() - HOUR_MS);
  return db.transaction(async (tx) => {
    // Instances mailing the same address at once take turns, so the count cannot be overrun.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail:${recipient}`}, 0))`);
    const [row] = await tx
      .select({ sent: count() })
      .from(mailSend)
      .where(and(eq(mailSend.recipient, recipient), gt(mailSend.sentAt, since)));
    if ((row?.sent ?? 0) >= MAILS_PER_RECIPIENT_PER_HOUR) return false;
    await tx.insert(mailSend).values({ recipient, sentAt: now });
    // Rows older than the hour count for nothing.
    await tx.delete(mailSend).where(lt(mailSend.sentAt, since));
    return true;
  });
}

/** A mailer that caps mails per recipient, and can tell when the mails it started are done. */
export interface CappedMailer extends Mailer {
  /** Resolves once every mail started so far is sent or dropped. */
  settled(): Promise<void>;
}

/** `mailer`, sending at most MAILS_PER_RECIPIENT_PER_HOUR mails to a recipient within an hour. */
export function capMailsPerRecipient(
  mailer: Mailer,
  { db, now, logger }: { db: Db; now: () => Date; logger: Logger },
): CappedMailer {
  const pending = new Set<Promise<void>>();
  const send = async (mail: Mail) => {
    if (!(await takeMailSlot(db, mail.to, now()))) {
      logger.warn('mail dropped: the recipient had their hourly quota', {
        recipient: recipientKey(mail.to).slice(0, 12),
        subject: mail.subject,
        limit: MAILS_PER_RECIPIENT_PER_HOUR,
      });
      return;
    }
    await mailer.send(mail);
  };
  return {
    send(mail) {
      const sending = send(mail);
      pending.add(sending);
      const done = () => pending.delete(sending);
      sending.then(done, done);
      return sending;
    },
    async settled() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

const mailersOf = new WeakMap<object, CappedMailer>();

/** Remembers the mailer an auth instance sends through, for mailsSettled. */
export function registerMailer(auth: object, mailer: CappedMailer) {
  mailersOf.set(auth, mailer);
}

/**
 * Resolves once the mails `auth` started (they go out after the response) are sent or dropped:
 * the test harness waits for it after each request, so a test reads a mail its request caused.
 */
export const mailsSettled = (auth: object): Promise<void> => mailersOf.get(auth)?.settled() ?? Promise.resolve();
