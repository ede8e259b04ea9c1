import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSiblingApp,
  createTestEnv,
  describeEachDatabase,
  drivers,
  freshIp,
  signUpAndSignIn,
} from './test/harness.ts';
import { expectSecurityHeaders } from './test/security-headers.ts';

type Site = ReturnType<typeof createSiblingApp>;

const HTTPS_BASE_URL = 'https://betproof.example';

/** A stand-in for the built client (dist/client): an index.html, hashed assets and a favicon. */
const CLIENT_FILES: Record<string, string> = {
  'index.html': [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <title>betproof</title>',
    '    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>',
    '    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css" />',
    '  </head>',
    '  <body><div id="root"></div></body>',
    '</html>',
  ].join('\n'),
  'assets/index-Ab12Cd34.js': 'document.getElementById("root").textContent = "betproof";\n',
  'assets/index-Ef56Gh78.css': 'body { margin: 0; }\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="8"/></svg>',
};

const COMPRESSED_ASSET = '/assets/index-Ab12Cd34.js';

/** The parent of the client dir holds a file that must never be served (a path traversal target). */
const SECRET = 'not-for-the-web';

function writeClientDir(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'betproof-headers-'));
  writeFileSync(path.join(parent, 'secret.txt'), SECRET);
  const dir = path.join(parent, 'client');
  for (const [name, content] of Object.entries(CLIENT_FILES)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  // The build also writes compressed copies, served to browsers that accept them.
  writeFileSync(path.join(dir, `${COMPRESSED_ASSET.slice(1)}.gz`), gzipSync(CLIENT_FILES[COMPRESSED_ASSET.slice(1)]!));
  return dir;
}

const removeClientDir = (dir: string) => rmSync(path.dirname(dir), { recursive: true, force: true });

/** A value for each route parameter that has the right shape, so the handler (and the database) is reached. */
const SAMPLE_PARAMS: Record<string, string> = { username: 'sample_user', token: 'sample-token' };
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/**
 * Every route the app answers, from the app itself rather than a list kept by hand: each route
 * Hono has registered (not its middleware's wildcards), and each Better Auth endpoint under
 * /api/auth with each of its methods. Parameters get sample values.
 */
function everyRoute(site: Pick<Site, 'app' | 'auth'>): [method: string, path: string][] {
  const ours = site.app.routes
    .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
    .map((r) => [r.method, r.path] as const);
  const betterAuths = Object.values(site.auth.api).flatMap((endpoint) => {
    const { path: authPath, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (!authPath) return [];
    return [options?.method ?? []].flat().map((method) => [method, `/api/auth${authPath}`] as const);
  });
  const routes = new Map<string, [string, string]>();
  for (const [method, template] of [...ours, ...betterAuths]) {
    const filled = template.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? SAMPLE_ID);
    routes.set(`${method} ${filled}`, [method, filled]);
  }
  return [...routes.values()];
}

/** The built client's pages: client routes, a public profile (its preview tags come from the database), an unknown path. */
const pages = (username: string) => ['/', '/auth', '/dashboard', '/profile', '/admin', `/${username}`, '/no/such/page'];
/** Their statuses (src/server/pages/page-answers.ts): an unknown path is a 404 with the same page. */
const pageStatus = (page: string) => (page === '/no/such/page' ? 404 : 200);
const assets = ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css', '/favicon.svg'];

/**
 * What an answer must never show a client: a stack trace, a source file or module path, or SQL
 * (a driver error names the failed query).
 */
const LEAKS = [
  /\n\s+at\s/,
  /\bat\s+\S+\s+\(/,
  /\.(ts|tsx|js|mjs|cjs):\d+/,
  /node_modules/,
  new RegExp(process.cwd().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  /Failed query/i,
  /\bselect\b[^"]*\bfrom\b/i,
  /\binsert\s+into\b/i,
  /\bviolates\b/i,
  /\brelation\s+"/i,
];
const expectNoLeak = (body: string, label: string) => {
  for (const leak of LEAKS) expect(body, `${label}: ${leak}`).not.toMatch(leak);
};

const INTERNAL_ERROR = JSON.stringify({ error: 'Internal Server Error' });

/**
 * The API's routes declared public (the same for everyone, cacheable without a session): every
 * other route's answers are someone's own whether or not the request is signed in.
 */
const PUBLIC_PATHS = /^\/api\/(health|events|profiles|community|log|help-resources|openapi\.json|docs)(\/|$)/;

/** Never kept by a browser's or a shared cache, and never handed to a request with another cookie. */
const expectNotCached = (res: Response, label: string) => {
  expect(res.headers.get('cache-control'), `${label}: Cache-Control`).toBe('no-store');
  expect(res.headers.get('vary') ?? '', `${label}: Vary`).toMatch(/(^|,\s*)Cookie(\s*,|$)/i);
};

describeEachDatabase('security headers', (env) => {
  let clientDir: string;
  let sites: { http: Site; https: Site };
  let username: string;
  const cookies = { http: '', https: '' };

  beforeAll(async () => {
    clientDir = writeClientDir();
    sites = {
      http: createSiblingApp(env(), {}, { clientDir }),
      https: createSiblingApp(env(), { BASE_URL: HTTPS_BASE_URL }, { clientDir }),
    };
    const user = await signUpAndSignIn(sites.http);
    cookies.http = user.cookie;
    cookies.https = (await signUpAndSignIn(sites.https)).cookie;
    username = (
      (await (await sites.http.request('/api/profile', { cookie: user.cookie })).json()) as { username: string }
    ).username;
  });
  afterAll(() => removeClientDir(clientDir));

  describe.each(['http', 'https'] as const)('served over %s', (scheme) => {
    const https = scheme === 'https';

    it('every API route, anonymous or signed in, answers with the headers and no internals', async () => {
      const routes = everyRoute(sites[scheme]);
      // Hono's and Better Auth's own: if either list came back empty the check would prove nothing.
      expect(routes.filter(([, p]) => p.startsWith('/api/auth/')).length).toBeGreaterThan(20);
      expect(routes.filter(([, p]) => !p.startsWith('/api/auth/')).length).toBeGreaterThan(20);
      for (const [method, route] of routes) {
        const body = method === 'GET' ? undefined : {};
        const anonymous = await sites[scheme].request(route, { method, body, ip: freshIp() });
        expectSecurityHeaders(anonymous, { https, label: `anonymous ${method} ${route}` });
        expect(anonymous.status, `anonymous ${method} ${route}`).toBeLessThan(500);
        expectNoLeak(await anonymous.text(), `anonymous ${method} ${route}`);
        if (route.startsWith('/api/') && !PUBLIC_PATHS.test(route))
          expectNotCached(anonymous, `anonymous ${method} ${route}`);
        if (method !== 'GET') continue; // a signed-in POST could end the session (sign-out)
        const signedIn = await sites[scheme].request(route, { cookie: cookies[scheme], ip: freshIp() });
        expectSecurityHeaders(signedIn, { https, label: `signed-in ${method} ${route}` });
        if (route.startsWith('/api/')) expectNotCached(signedIn, `signed-in ${method} ${route}`);
        expect(signedIn.status, `signed-in ${method} ${route}`).toBeLessThan(500);
        expectNoLeak(await signedIn.text(), `signed-in ${method} ${route}`);
      }
    });

    it('every page of the client and every static asset answers with the headers', async () => {
      for (const page of pages(username)) {
        const res = await sites[scheme].request(page);
        expect(res.status, page).toBe(pageStatus(page));
        expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
        expectSecurityHeaders(res, { https, label: page });
        expect(await res.text(), page).toContain('<div id="root"></div>');
      }
      for (const asset of assets) {
        const res = await sites[scheme].request(asset);
        expect(res.status, asset).toBe(200);
        expectSecurityHeaders(res, { https, label: asset });
        expect(await res.text()).toBe(CLIENT_FILES[asset.slice(1)]);
      }
      const compressed = await sites[scheme].request(COMPRESSED_ASSET, { headers: { 'accept-encoding': 'gzip' } });
      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expectSecurityHeaders(compressed, { https, label: `${COMPRESSED_ASSET} (gzip)` });
      expect(gunzipSync(Buffer.from(await compressed.arrayBuffer())).toString()).toBe(
        CLIENT_FILES[COMPRESSED_ASSET.slice(1)],
      );
    });
  });

  it('answers for everyone (community pages, health, the API description) stay cacheable when no session is sent', async () => {
    for (const path of [
      '/api/community/spotlight',
      '/api/health',
      '/api/openapi.json',
      '/api/events',
      '/api/help-resources',
    ]) {
      const res = await sites.http.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('no-store');
      // The same page asked with a session is someone's: not cached.
      expectNotCached(await sites.http.request(path, { cookie: cookies.http }), `${path} signed in`);
    }
  });

  it("a public profile's page gets its preview tags (so the database-backed page path was covered)", async () => {
    const html = await (await sites.http.request(`/${username}`)).text();
    expect(html).toContain(`<meta property="profile:username" content="${username}" />`);
  });

  it('404s leak nothing: an unknown /api path answers a bare JSON 404, an unknown page the plain index.html', async () => {
    for (const unknown of ['/api/nope', '/api/auth/nope', '/api/bets/stats/extra', '/api/profiles/a/b/c']) {
      const res = await sites.http.request(unknown, { cookie: cookies.http });
      expect(res.status, unknown).toBe(404);
      expect(await res.text(), unknown).toBe(JSON.stringify({ error: 'Not Found' }));
      expectSecurityHeaders(res, { label: unknown });
    }
    for (const unknown of ['/no/such/page/<script>', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const page = await sites.http.request(unknown);
      expectSecurityHeaders(page, { label: unknown });
      const body = await page.text();
      expect(body, unknown).not.toContain(SECRET);
      if (page.status === 200) expect(body, unknown).toBe(CLIENT_FILES['index.html']);
      else expect(page.status, unknown).toBe(404);
    }
  });

  it('a missing asset answers 404, not the page: a stale tab must not run index.html as a script', async () => {
    for (const missing of ['/assets/index-OldHash1.js', '/assets/index-OldHash1.css', '/assets/nope', '/assets/']) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, br' }] as Record<string, string>[]) {
        const res = await sites.http.request(missing, { headers });
        expect([res.status, await res.text()], missing).toEqual([404, 'Not Found']);
        expect(res.headers.get('content-type'), missing).toMatch(/^text\/plain/);
        // A missing file may appear with the next deploy: the 404 must not be kept for a year.
        expect(res.headers.get('cache-control'), missing).toBe('no-cache');
        expectSecurityHeaders(res, { label: missing });
      }
    }
  });

  it("Better Auth's switched-off endpoints (its HTML error page among them) answer the API's JSON 404, however the path is spelled", async () => {
    const spellings = [
      '/api/auth/error?error=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/api/auth/update-user',
      '/api/auth//update-user',
      '/api/auth/update-user/',
      '/api/auth/./update-user',
      '/api/auth/x/../update-user',
      '/api/auth/revoke-session',
      '/api/auth/callback/google',
      '/api/auth//callback/google',
      '/api/auth/callback/google/',
    ];
    for (const path of spellings) {
      for (const method of ['GET', 'POST']) {
        const label = `${method} ${path}`;
        const body = method === 'POST' ? { name: 'Renamed', image: 'javascript:alert(1)' } : undefined;
        const res = await sites.http.request(path, { method, body, cookie: cookies.http, ip: freshIp() });
        expect([res.status, await res.text()], label).toEqual([404, JSON.stringify({ error: 'Not Found' })]);
        expect(res.headers.get('content-type'), label).toMatch(/^application\/json/);
        expectSecurityHeaders(res, { label });
      }
    }
    const session = await (await sites.http.request('/api/auth/get-session', { cookie: cookies.http })).json();
    expect(session).toMatchObject({ user: { image: null } });
    expect((session as { user: { name: string } }).user.name).not.toBe('Renamed');
  });
});

describe.each(drivers)('with the database down, answers leak nothing and keep the headers [%s]', (driver) => {
  let env: Awaited<ReturnType<typeof createTestEnv>>;
  let site: Site;
  let cookie: string;
  let clientDir: string;

  beforeAll(async () => {
    env = await createTestEnv(driver);
    clientDir = writeClientDir();
    site = createSiblingApp(env, {}, { clientDir });
    cookie = (await signUpAndSignIn(site)).cookie;
    await env.database.close();
  });
  afterAll(async () => {
    await env.close();
    removeClientDir(clientDir);
  });

  it('every API route answers a bare 500 (or its own status) without a stack trace, a file path or SQL', async () => {
    const statuses: number[] = [];
    for (const [method, route] of everyRoute(site)) {
      for (const who of [undefined, cookie]) {
        const label = `${who ? 'signed-in' : 'anonymous'} ${method} ${route}`;
        const res = await site.request(route, { method, cookie: who, body: method === 'GET' ? undefined : {} });
        statuses.push(res.status);
        expectSecurityHeaders(res, { label });
        const body = await res.text();
        if (res.status >= 500 && route !== '/api/health') expect(body, label).toBe(INTERNAL_ERROR);
        expectNoLeak(body, label);
      }
    }
    // The database was needed and failed: the check above saw real errors.
    expect(statuses.filter((s) => s === 500).length).toBeGreaterThan(20);
    const bets = await site.request('/api/bets', { cookie });
    expect([bets.status, await bets.text()]).toEqual([500, INTERNAL_ERROR]);
  });

  it('every page still serves the client (the preview tags are skipped), with the headers', async () => {
    for (const page of pages('sample_user')) {
      const res = await site.request(page);
      // Whether a name is a profile is unknown without the database: neither 200 nor 404.
      expect(res.status, page).toBe(page === '/sample_user' ? 503 : pageStatus(page));
      expectSecurityHeaders(res, { label: page });
      expect(await res.text(), page).toBe(CLIENT_FILES['index.html']);
    }
  });
});
