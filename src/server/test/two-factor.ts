/**
 * Two-factor sign-in as the pages do it, for tests: a browser's cookie jar, turning it on for a new
 * account, and the password step of a sign-in.
 */
import { expect } from 'vitest';
import { DEFAULT_PASSWORD, freshIp, signIn, signUpAndSignIn, type TestEnv } from './harness.ts';
import { freshTotpCode, secretOfUri } from './totp.ts';

/**
 * The cookies a browser would hold: each Set-Cookie replaces its name's value, and one that
 * expires it (Max-Age=0 or an empty value) removes it.
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  constructor(from?: string) {
    for (const pair of from?.split(/;\s*/) ?? []) {
      const eq = pair.indexOf('=');
      if (eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  take(res: Response) {
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(/;\s*/);
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = value === '' || attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  has(name: string) {
    return [...this.cookies.keys()].some((key) => key.endsWith(name));
  }
  toString() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface Enabled {
  email: string;
  userId: string;
  /** The session cookie after enabling (confirming the first code replaces the session). */
  cookie: string;
  secret: string;
  recoveryCodes: string[];
  /** The code that confirmed it (used: never accepted again). */
  confirmCode: string;
}

export const post = (env: Pick<TestEnv, 'request'>, path: string, body: unknown, cookie?: string) =>
  env.request(`/api/auth${path}`, { body, cookie, ip: freshIp() });

/** Signs up and in, turns two-factor sign-in on through the API as the settings page does. */
export async function signUpWithTwoFactor(env: TestEnv): Promise<Enabled> {
  const account = await signUpAndSignIn(env);
  const enable = await post(env, '/two-factor/enable', { password: DEFAULT_PASSWORD }, account.cookie);
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const secret = secretOfUri(totpURI);
  const confirmCode = await freshTotpCode(secret);
  const confirm = await post(env, '/two-factor/verify-totp', { code: confirmCode }, account.cookie);
  expect(confirm.status).toBe(200);
  const cookie = new CookieJar(account.cookie).take(confirm).toString();
  return { email: account.email, userId: account.userId, cookie, secret, recoveryCodes: backupCodes, confirmCode };
}

/** The password step of a sign-in: its response and the cookies it leaves. */
export async function passwordStep(env: TestEnv, email: string) {
  const res = await signIn(env, email);
  const jar = new CookieJar().take(res.clone());
  return { res, jar };
}
