/**
 * Web Push (RFC 8030) with VAPID (RFC 8292), its payload encrypted per RFC 8291 (aes128gcm) for
 * the browser's keys: all by the `web-push` library. Off (null) without the VAPID key pair.
 */
import type { Agent } from 'node:https';
import type { Config } from '../../env.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows (public/sw.js): a title, a line, and the page a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** 'gone': the push service no longer knows the subscription (404, 410), so it is forgotten. */
export type PushOutcome = 'sent' | 'gone';

export interface PushSender {
  publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
}

/** A push service's answer that is no success; the job tries the notification again later. */
export class PushRefused extends Error {}

export function createPushSender(config: Config, opts: { agent?: Agent } = {}): PushSender | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  if (!publicKey || !privateKey) return null;
  return {
    publicKey,
    async send(target, message) {
      // Loaded with the first push, not as the server starts.
      const { default: webpush } = await import('web-push');
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: { subject, publicKey, privateKey },
            // A pick is news until its game: a day at most, then the push service may drop it.
            TTL: 86_400,
            urgency: 'normal',
            timeout: 10_000,
            contentEncoding: 'aes128gcm',
            ...(opts.agent ? { agent: opts.agent } : {}),
          },
        );
        return 'sent';
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return 'gone';
        throw new PushRefused(`push service answered ${status ?? String(err)}`);
      }
    },
  };
}
