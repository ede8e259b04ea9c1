/**
 * The signed token of an email's unsubscribe link (RFC 8058's one-click POST carries no cookie):
 * it names the follower and what they unsubscribe from, a followed bettor's emails or every
 * digest, and an HMAC under the server's secret, so nobody can forge one for someone else.
 * It does not expire: an old mail's link still works, as the RFC expects.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Unsubscribe {
  followerId: string;
  /** The followed bettor whose emails stop; null: the daily digest, of everyone. */
  followeeId: string | null;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`betproof unsubscribe\n${payload}`).digest();

export function unsubscribeToken(secret: string, u: Unsubscribe): string {
  const payload = `${b64(u.followerId)}.${b64(u.followeeId ?? '')}`;
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** The token's contents when its signature is ours; null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): Unsubscribe | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return null;
  const [follower, followee, signature] = parts as [string, string, string];
  const expected = mac(secret, `${follower}.${followee}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const followerId = unb64(follower);
  if (followerId === '') return null;
  const followeeId = unb64(followee);
  return { followerId, followeeId: followeeId === '' ? null : followeeId };
}
