/**
 * The site while the server starts (site.ts, siteUntilApp): the pages and files that need no
 * database are answered before the app runs, exactly as the app answers them once it does; every
 * other request waits for the app and gets its answer, nothing refused or lost.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { PageRendering } from './html.ts';
import { createLogger } from '../lib/logger.ts';
import { createSite, siteUntilApp, type Answer } from './site.ts';
import { createSiblingApp, describeEachDatabase, TEST_BASE_URL, testConfig } from '../test/harness.ts';

/** The harness's own address: the app and the site answer with the same headers for it. */
const SITE = TEST_BASE_URL;
const page = (h1: string) =>
  `<!doctype html><html><head></head><body><div id="root"><h1>${h1}</h1></div></body></html>`;
const clientDir = mkdtempSync(path.join(tmpdir(), 'betproof-site-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), page(''));
writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'export const app = 1;\n');
writeFileSync(path.join(clientDir, 'robots.txt'), 'User-agent: *\n');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The build's render, as far as these pages go: three prerendered, any other rendered now. */
const rendering: PageRendering = {
  prerendered: new Map([
    ['/', page('Track your betting performance')],
    ['/auth', page('Welcome to betproof')],
    ['/dashboard', page('Dashboard (loading)')],
  ]),
  renderApp: async (url) => ({ appHtml: `<h1>rendered ${url}</h1>` }),
};

const config = testConfig();
const siteOfBuild = () =>
  createSite({ config, logger: createLogger('silent'), clientDir, pageRendering: Promise.resolve(rendering) })!;

const get = (pathname: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}${pathname}`, { headers: { 'accept-encoding': 'br', ...headers } });

const SESSION_COOKIE = 'better-auth.session_token=abc.def';

/** An app that says what it was asked, with what, and the server's bindings it was given. */
const echoingApp: Answer = async (request, env) =>
  new Response(
    `app: ${request.method} ${new URL(request.url).pathname} ${request.method === 'POST' ? await request.text() : ''}` +
      ` (${(env as { from?: string } | undefined)?.from})`,
  );

describeEachDatabase('the site while the app starts', (env) => {
  it('answers the pages and files that need no database before the app runs, byte for byte as the app does', async () => {
    const site = siteOfBuild();
    const { app } = createSiblingApp(env(), {}, { site });
    // An app that never comes: every answer here is the site's own.
    const early = siteUntilApp(site, SITE, new Promise<Answer>(() => {}));
    const requests: [string, Record<string, string>?][] = [
      ['/'],
      ['/auth'],
      ['/about'],
      ['/login'],
      ['/signup?next=%2Fdashboard'],
      ['/@dana'],
      ['/dashboard'],
      ['/dashboard', { cookie: 'theme=dark' }],
      ['/assets/app-abc123.js'],
      ['/assets/app-gone.js'],
      ['/robots.txt'],
    ];
    const seen: string[] = [];
    for (const [pathname, headers] of requests) {
      const before = await early(get(pathname, headers));
      const after = await app.request(get(pathname, headers));
      seen.push(`${pathname} ${before.status}`);
      expect([...before.headers], pathname).toEqual([...after.headers]);
      expect(Buffer.from(await before.arrayBuffer()), pathname).toEqual(Buffer.from(await after.arrayBuffer()));
    }
    expect(seen).toEqual([
      '/ 200',
      '/auth 200',
      '/about 200',
      '/login 301',
      '/signup?next=%2Fdashboard 301',
      '/@dana 301',
      '/dashboard 200',
      '/dashboard 200',
      '/assets/app-abc123.js 200',
      '/assets/app-gone.js 404',
      '/robots.txt 200',
    ]);
    const landing = await early(get('/', { 'accept-encoding': '' }));
    expect(await landing.text()).toContain('<h1>Track your betting performance</h1>');
    expect(landing.headers.get('content-security-policy')).toContain("script-src 'self'");
    const dashboard = await early(get('/dashboard'));
    expect(dashboard.headers.get('cache-control')).toBe('private, no-store');
  });

  it('keeps every other request until the app runs, then answers it with the app, body and bindings intact', async () => {
    const site = siteOfBuild();
    let appStarts!: (app: Answer) => void;
    const early = siteUntilApp(site, SITE, new Promise<Answer>((resolve) => (appStarts = resolve)));
    const answered: string[] = [];
    const waiting = [
      get('/api/health'),
      get('/dana'),
      get('/no/such/page'),
      get('/dashboard', { cookie: SESSION_COOKIE }),
      new Request(`${SITE}/api/bets`, { method: 'POST', body: '{"stake":"10.00"}' }),
    ].map((request) =>
      Promise.resolve(early(request, { from: 'node-server' })).then(async (res) => {
        const text = await res.text();
        answered.push(text);
        return { status: res.status, text };
      }),
    );
    // The landing page is answered while they wait.
    const landing = await early(get('/', { 'accept-encoding': '' }));
    expect(landing.status).toBe(200);
    expect(await landing.text()).toContain('<h1>Track your betting performance</h1>');
    expect(answered).toEqual([]);

    appStarts(echoingApp);
    expect(await Promise.all(waiting)).toEqual([
      { status: 200, text: 'app: GET /api/health  (node-server)' },
      { status: 200, text: 'app: GET /dana  (node-server)' },
      { status: 200, text: 'app: GET /no/such/page  (node-server)' },
      { status: 200, text: 'app: GET /dashboard  (node-server)' },
      { status: 200, text: 'app: POST /api/bets {"stake":"10.00"} (node-server)' },
    ]);
  });
});
