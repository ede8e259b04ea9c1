import { beforeAll, describe, expect, it } from 'vitest';
import {
  cookieFrom,
  createSiblingApp,
  createTestEnv,
  describeEachDatabase,
  drivers,
  freshIp,
  getSession,
  signIn,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
} from './test/harness.ts';
import { CROSS_ORIGIN_MESSAGE } from './same-origin.ts';

const expectSecurityHeaders = (res: Response) => {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directives = csp.split(';').map((d) => d.trim());
  expect(directives).toContain("object-src 'none'");
  expect(directives).toContain("base-uri 'none'");
  expect(directives).toContain("frame-ancestors 'none'");
  expect(directives).toContain("default-src 'self'");
  expect(directives).toContain("script-src 'self'");
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
};

const crossSiteForm = { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' };

describeEachDatabase('security', (env) => {
  it.each([
    ['GET', '/api/health'],
    ['GET', '/api/nope'],
    ['POST', '/api/nope'],
    ['GET', '/api/auth/get-session'],
    ['POST', '/api/auth/sign-in/email'],
    ['GET', '/api/admin/access'],
    ['GET', '/some/page'],
  ])('sends the security headers on %s %s', async (method, path) => {
    const res = await env().request(path, { method, body: method === 'POST' ? {} : undefined, ip: freshIp() });
    expectSecurityHeaders(res);
    // Plain http: no HSTS (it would pin a browser to https on localhost).
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it.each(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/admin/access', '/api/health', '/api/nope'])(
    'refuses a cross-site form POST to %s',
    async (path) => {
      const email = uniqueEmail('csrf');
      const res = await env().request(path, {
        rawBody: `email=${encodeURIComponent(email)}&password=correct-horse-battery-9&name=`,
        headers: crossSiteForm,
        ip: freshIp(),
      });
      expect(res.status).toBe(403);
      expectSecurityHeaders(res);
    },
  );

  it.each(['text/plain', 'multipart/form-data; boundary=x'])(
    'refuses a cross-site %s POST (the other content types a form can send)',
    async (contentType) => {
      const res = await env().request('/api/auth/sign-in/email', {
        rawBody: '{"email":"a@example.com","password":"x"}',
        headers: { origin: 'https://evil.example', 'content-type': contentType },
        ip: freshIp(),
      });
      expect(res.status).toBe(403);
    },
  );

  it('refuses a cross-site JSON POST that carries a cookie', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const res = await env().request('/api/auth/sign-out', {
      body: {},
      cookie,
      headers: { origin: 'https://evil.example' },
      ip: freshIp(),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: CROSS_ORIGIN_MESSAGE });
    // The session survived.
    expect(await getSession(env(), cookie)).not.toBeNull();
  });

  it('refuses a callback URL or reset redirect to another site', async () => {
    const email = uniqueEmail('redirect');
    const signUpRes = await signUp(env(), { email, callbackURL: 'https://evil.example/phish' });
    expect(signUpRes.status).toBe(403);
    expect(await signUpRes.json()).toMatchObject({ code: 'INVALID_CALLBACK_URL' });
    const reset = await env().request('/api/auth/request-password-reset', {
      body: { email, redirectTo: 'https://evil.example/phish' },
      ip: freshIp(),
    });
    expect(reset.status).toBe(403);
    expect(await reset.json()).toMatchObject({ code: 'INVALID_REDIRECT_URL' });
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

  // The same database served by an instance configured for https.
  describe('behind https', () => {
    let https: ReturnType<typeof createSiblingApp>;
    let signedIn: Awaited<ReturnType<typeof signUpAndSignIn>>;
    let signInResponse: Response;
    beforeAll(async () => {
      https = createSiblingApp(env(), { BASE_URL: 'https://betproof.example' });
      signedIn = await signUpAndSignIn(https);
      signInResponse = await signIn(https, signedIn.email);
    });

    it('mails https links', () => {
      expect(env().mailer.lastLink(signedIn.email, 'Confirm')).toMatch(
        /^https:\/\/betproof\.example\/api\/auth\/verify-email\?/,
      );
    });

    it('sets a Secure, __Secure- prefixed, HttpOnly, SameSite=Lax session cookie', () => {
      expect(signInResponse.status).toBe(200);
      const session = signInResponse.headers
        .getSetCookie()
        .find((c) => c.startsWith('__Secure-better-auth.session_token='));
      expect(session).toBeDefined();
      const attributes = session!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      // No cookie goes out without the prefix.
      for (const c of signInResponse.headers.getSetCookie()) expect(c).toMatch(/^__(Secure|Host)-/);
    });

    it('resolves the session from the prefixed cookie', async () => {
      const session = await getSession(https, cookieFrom(signInResponse));
      expect(session?.user.email).toBe(signedIn.email);
      // An unprefixed cookie of the same value is not accepted.
      const unprefixed = cookieFrom(signInResponse).replace('__Secure-', '');
      expect(await getSession(https, unprefixed)).toBeNull();
    });

    it.each(['/api/health', '/api/nope', '/api/auth/get-session', '/'])('sends HSTS on %s', async (path) => {
      const res = await https.request(path);
      expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
      expectSecurityHeaders(res);
    });
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
