import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import { apiError, clientKey, validate } from '../../edge/http.ts';
import type { AppEnv, Auth } from '../auth/index.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  RATE_LIMITED_MESSAGE,
  advertiserInquirySchema,
  contactMessageSchema,
  newsletterSubscriptionSchema,
  type InboxReceipt,
} from '../../../shared/inbox.ts';
import {
  countRequest,
  pruneRateLimits,
  storeAdvertiserInquiry,
  storeContactMessage,
  subscribeToNewsletter,
  type RateLimitRule,
} from './queries.ts';

export interface InboxRoutesDeps {
  auth: Auth;
  db: Db;
  config: Config;
  logger: Logger;
  now: () => Date;
}

/**
 * Per client address and form: 5 a minute covers a person correcting a typo and trying again;
 * 30 an hour stops a script that waits out the minute.
 */
export const INBOX_RATE_LIMITS: readonly RateLimitRule[] = [
  { windowMs: 60 * 1000, max: 5 },
  { windowMs: 60 * 60 * 1000, max: 30 },
];
const LONGEST_WINDOW_MS = Math.max(...INBOX_RATE_LIMITS.map((r) => r.windowMs));

type Form = 'contact' | 'advertise' | 'newsletter';

/**
 * /api/inbox: the contact form, advertiser inquiries and newsletter sign-ups. Anyone may post;
 * each form is rate-limited per client address before its body is parsed, and validated with the
 * same zod schema the form uses (422 with a message per field). A body over the API's size limit
 * never gets here (app.ts answers 413 for every /api path).
 */
export function inboxRoutes({ auth, db, config, logger, now }: InboxRoutesDeps) {
  const rateLimited = (form: Form) =>
    createMiddleware<AppEnv>(async (c, next) => {
      const ip = clientKey(c, config.TRUST_PROXY);
      const at = now();
      let retryAfterMs = 0;
      for (const rule of INBOX_RATE_LIMITS) {
        const { count, resetAt } = await countRequest(db, `${form}:${rule.windowMs}:${ip}`, rule, at);
        if (count > rule.max) retryAfterMs = Math.max(retryAfterMs, resetAt.getTime() - at.getTime());
      }
      if (retryAfterMs > 0) {
        logger.warn('inbox rate limit', { form, ip });
        c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
        return apiError(c, 429, RATE_LIMITED_MESSAGE);
      }
      await next();
    });

  /** The signed-in account sending the form, if any (the admin's Issues view shows who wrote). */
  const senderId = async (headers: Headers): Promise<string | null> => {
    if (!headers.get('cookie')) return null;
    const session = await auth.api.getSession({ headers }).catch(() => null);
    return session?.user.id ?? null;
  };

  const receipt = (row: { id: string; createdAt: Date }): InboxReceipt => ({
    id: row.id,
    receivedAt: row.createdAt.toISOString(),
  });

  /** Stored messages are rare writes: a good moment to drop rate-limit windows that ended. */
  const prune = (at: Date) =>
    pruneRateLimits(db, new Date(at.getTime() - LONGEST_WINDOW_MS)).catch((error: unknown) =>
      logger.warn('inbox rate-limit prune failed', { error: String(error) }),
    );

  return new Hono<AppEnv>()
    .post('/contact', rateLimited('contact'), validate('json', contactMessageSchema), async (c) => {
      const at = now();
      const row = await storeContactMessage(db, c.req.valid('json'), {
        userId: await senderId(c.req.raw.headers),
        now: at,
      });
      await prune(at);
      return c.json(receipt(row), 201);
    })
    .post('/advertise', rateLimited('advertise'), validate('json', advertiserInquirySchema), async (c) => {
      const at = now();
      const row = await storeAdvertiserInquiry(db, c.req.valid('json'), {
        userId: await senderId(c.req.raw.headers),
        now: at,
      });
      await prune(at);
      return c.json(receipt(row), 201);
    })
    .post('/newsletter', rateLimited('newsletter'), validate('json', newsletterSubscriptionSchema), async (c) => {
      const { email } = c.req.valid('json');
      // The same answer whether or not the address was already subscribed: subscribing twice
      // is harmless, and the answer does not tell anyone who is on the list.
      await subscribeToNewsletter(db, email, now());
      return c.json({ email: email.toLowerCase(), subscribed: true as const }, 201);
    });
}
