import { describe, expect, it } from 'vitest';
import {
  createSiblingApp,
  createTestEnv,
  describeEachDatabase,
  drivers,
  freshIp,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
} from './test/harness.ts';
import { expectSecurityHeaders } from './test/security-headers.ts';

// Headers on every route: headers.test.ts. Cookies, sign-out, cross-origin writes: sessions.test.ts.
// Who may call what: access-matrix.test.ts.
describeEachDatabase('security', (env) => {
  // Every odd callback, on the mailed links too: modules/auth/callback-urls.test.ts.
  it('refuses a callback URL or reset redirect to another site with 400', async () => {
    const email = uniqueEmail('redirect');
    const signUpRes = await signUp(env(), { email, callbackURL: 'https://evil.example/phish' });
    expect(signUpRes.status).toBe(400);
    expect(await signUpRes.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' });
    const reset = await env().request('/api/auth/request-password-reset', {
      body: { email, redirectTo: 'https://evil.example/phish' },
      ip: freshIp(),
    });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' });
  });

  it.each(['GET', 'POST', 'PUT', 'DELETE'])('answers %s on an unknown /api path with a JSON 404', async (method) => {
    for (const path of ['/api/nope', '/api/no/such/thing', '/api', '/api/auth/nope', '/api/auth/get-session/x']) {
      const res = await env().request(path, { method, body: method === 'GET' ? undefined : {} });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toEqual({ error: 'Not Found' });
    }
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await env().request('/api/auth/sign-in/email', {
      rawBody: '{"email": ',
      headers: { 'content-type': 'application/json' },
      ip: freshIp(),
    });
    expect(res.status).toBe(400);
  });

  it('answers the health check with 200 while the database is reachable', async () => {
    const res = await env().request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: true });
  });

  it('mails https links when served over https', async () => {
    // The same database served by an instance configured for https.
    const https = createSiblingApp(env(), { BASE_URL: 'https://betproof.example' });
    const { email } = await signUpAndSignIn(https);
    expect(env().mailer.lastLink(email, 'Confirm')).toMatch(/^https:\/\/betproof\.example\/api\/auth\/verify-email\?/);
  });
});

describe.each(drivers)('health with the database down [%s]', (driver) => {
  it('answers 503', async () => {
    const down = await createTestEnv(driver);
    try {
      await down.database.close();
      const res = await down.request('/api/health');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ status: 'unavailable', database: false });
      expectSecurityHeaders(res);
    } finally {
      await down.close();
    }
  });
});
