/**
 * The HTML the server sends before any JavaScript runs (docs/ARCHITECTURE.md, Rendering): the prerendered
 * pages, a public profile rendered with its record, and the not-found pages, all from the client's
 * own render module (src/client/ssr/render.tsx, which the build compiles to dist/ssr/render.js;
 * here the source, loaded by path as the server loads the build's).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import type { PageRendering } from './html.ts';
import { createLogger } from '../lib/logger.ts';
import { insertBets, usernameOf } from '../modules/profiles/test-helpers.ts';
import {
  CapturingMailer,
  describeEachDatabase,
  signUpAndSignIn,
  TEST_BASE_URL,
  type TestEnv,
} from '../test/harness.ts';
import { PRERENDERED_PAGES, QUERY_STATE_ELEMENT_ID, type RenderModule } from '../../shared/page-rendering.ts';

const SITE = 'https://betproof.example';
const INDEX_HTML = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
const clientDir = mkdtempSync(path.join(tmpdir(), 'betproof-rendered-'));
writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

let rendering: PageRendering;
beforeAll(async () => {
  const ssr = (await import(new URL('../../client/ssr/render.tsx', import.meta.url).href)) as RenderModule;
  const pages = await ssr.prerenderPages(INDEX_HTML);
  rendering = { ...ssr, prerendered: new Map(pages.map(({ url, html }) => [url, html])) };
}, 60_000);

function renderingApp(env: TestEnv) {
  const { app } = renderingAppWithHandle(env);
  return async (pathname: string, status = 200) => {
    const res = await app.request(pathname);
    expect(res.status, pathname).toBe(status);
    expect(res.headers.get('content-type')).toContain('text/html');
    return res.text();
  };
}

/**
 * `baseUrl`: the harness's own (plain http) for a test that signs in through it, so the cookie's
 * name agrees. `renders` counts the renders made for a request (not the prerendered pages).
 */
function renderingAppWithHandle(env: TestEnv, baseUrl = SITE, renders = { count: 0 }) {
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: baseUrl,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
  });
  const { app } = createApp({
    config,
    db: env.db,
    mailer: new CapturingMailer(),
    logger: createLogger('silent'),
    clientDir,
    pageRendering: Promise.resolve({
      ...rendering,
      renderApp: (...args: Parameters<RenderModule['renderApp']>) => {
        renders.count += 1;
        return rendering.renderApp(...args);
      },
    }),
  });
  return { app, renders };
}

/** Text with the tags taken out and the spaces squeezed, as a reader without CSS sees it. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    // React's marker between adjacent text parts ("Welcome back, <!-- -->Dana") is no space.
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

const heading = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').trim();

/** The figure of a stat card (components/ui/stat-card.tsx) by its title. */
const stat = (html: string, title: string) =>
  new RegExp(`>${title}</p>[\\s\\S]*?data-testid="stat-value">([^<]*)<`).exec(html)?.[1];

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace('.', '\\.')}" content="([^"]*)" />`).exec(html)?.[1];

/** The CSP runs no inline script: every script is the app's module or inert JSON. */
function expectNoInlineScript(html: string) {
  for (const tag of html.match(/<script[^>]*>/g) ?? [])
    expect(tag).toMatch(
      /^<script (type="module" crossorigin src="[^"]+"|type="module" src="[^"]+"|type="application\/json" id="[\w-]+")>$/,
    );
}

/** Each prerendered page: its heading and something of what it says, in the HTML itself. */
const PAGES: Record<string, { h1: string; says: string[] }> = {
  '/': {
    h1: 'Track your betting performance with precision',
    says: ['Start Recording Bets', 'Try the Influencer Demo'],
  },
  // The demo's frame: its sample bets are dated from the time the browser opens it.
  '/?demo=1': { h1: '', says: ['Loading demo...'] },
  '/auth': { h1: 'Welcome to betproof', says: ['Sign In', 'Sign Up', 'Email', 'Password'] },
  '/auth?mode=signup': { h1: 'Welcome to betproof', says: ['Create Account'] },
  '/about': { h1: 'About betproof', says: ['We started betproof because'] },
  '/contact': { h1: 'Contact Us', says: ['Send Message'] },
  '/follow': { h1: 'Follow betproof', says: [] },
  '/terms': { h1: 'Terms of Use', says: [] },
  '/privacy': { h1: 'Privacy Policy', says: [] },
  '/cookies': { h1: 'Cookie Policy', says: [] },
  '/advertise': { h1: 'Advertise with betproof', says: [] },
  '/influencers': { h1: 'Follow bettors whose record you can check', says: [] },
  '/spotlight': { h1: 'Bettor Spotlight', says: [] },
  // The bundled help list, the first country's first line in the HTML before any script runs.
  '/help': { h1: 'Talk to someone, or take a break', says: ['1-800-522-4700', 'Text 800GAM', 'Gamban', 'BetBlocker'] },
  // Signed-in pages: their layout, and the loading state the session lookup shows first.
  '/dashboard': { h1: '', says: ['Skip to content', 'Loading...', 'All rights reserved'] },
  '/profile': { h1: '', says: ['Skip to content', 'Loading...', 'All rights reserved'] },
  '/admin': { h1: '', says: ['Skip to content', 'Loading...', 'All rights reserved'] },
};

describeEachDatabase('pages rendered on the server', (env) => {
  it('sends every prerendered page as HTML that reads without JavaScript', async () => {
    const get = renderingApp(env());
    expect(PRERENDERED_PAGES.map((p) => p.url).sort()).toEqual(Object.keys(PAGES).sort());
    for (const [url, { h1, says }] of Object.entries(PAGES)) {
      const html = await get(url);
      expect(html, url).toBe(rendering.prerendered.get(url));
      expect(html, url).toContain('<div id="root" data-hydrate>');
      expect(heading(html), url).toBe(h1);
      for (const phrase of ['betproof', 'Terms of Use', ...says])
        expect(text(html), `${url}: ${phrase}`).toContain(phrase);
      expectNoInlineScript(html);
    }
  });

  it('gives each prerendered page its own title and description in the head, as the page sets them in the browser', async () => {
    const get = renderingApp(env());
    const head = async (url: string) => {
      const html = await get(url);
      return { title: /<title>([^<]*)<\/title>/.exec(html)?.[1], description: metaContent(html, 'description') };
    };
    expect(await head('/about')).toEqual({
      title: 'About Us · betproof',
      description:
        'Why we built betproof: an honest record of every bet that anyone can verify. Our mission, our values (transparency, responsibility, community, innovation) and the team behind it.',
    });
    expect((await head('/')).title).toBe('Track Your Betting Performance · betproof');
    expect((await head('/?demo=1')).title).toBe('Demo · betproof');
    expect((await head('/auth?mode=signup')).title).toBe('Sign Up · betproof');
    // Every public page names itself, and none is left with the template's bare name.
    for (const url of [
      '/auth',
      '/contact',
      '/follow',
      '/terms',
      '/privacy',
      '/cookies',
      '/advertise',
      '/influencers',
      '/spotlight',
      '/help',
    ]) {
      const { title, description } = await head(url);
      expect(title, url).toMatch(/^.+ · betproof$/);
      // Sign-in keeps the site's own description; the others say what they are.
      if (url === '/auth') continue;
      expect(description, url).toBeTruthy();
      expect(INDEX_HTML, url).not.toContain(`content="${description}"`);
    }
  });

  it('sends a page compressed as the browser takes it: Brotli, gzip, or as it is', async () => {
    const { app } = renderingAppWithHandle(env());
    const plain = await (await app.request('/')).text();
    const br = await app.request('/', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
    const gz = await app.request('/Terms', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(heading(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toBe('Terms of Use');
  });

  it("makes /auth's tabs links to their own addresses, so that one clicked before the app runs opens", async () => {
    const get = renderingApp(env());
    const tabs = (html: string) =>
      [...html.matchAll(/<a [^>]*role="tab"[^>]*>[^<]*<\/a>/g)].map(([tag]) => ({
        name: text(tag).trim(),
        href: /href="([^"]*)"/.exec(tag)?.[1],
        selected: /aria-selected="true"/.test(tag),
      }));
    expect(tabs(await get('/auth'))).toEqual([
      { name: 'Sign In', href: '/auth', selected: true },
      { name: 'Sign Up', href: '/auth?mode=signup', selected: false },
    ]);
    expect(tabs(await get('/auth?mode=signup&next=%2Fdashboard'))).toEqual([
      { name: 'Sign In', href: '/auth?next=%2Fdashboard', selected: false },
      { name: 'Sign Up', href: '/auth?mode=signup&amp;next=%2Fdashboard', selected: true },
    ]);
  });

  it('renders an address it has no prerendered page for (another query string, another case) when asked', async () => {
    const get = renderingApp(env());
    const html = await get('/auth?mode=signup&next=%2Fdashboard');
    expect(heading(html)).toBe('Welcome to betproof');
    expect(text(html)).toContain('Create Account');
    expect(html).toContain('<div id="root" data-hydrate>');
    expect(heading(await get('/ABOUT'))).toBe('About betproof');
  });

  it('sends its forms with method="post", and sends a form posted before the app runs back to its page', async () => {
    const { app } = renderingAppWithHandle(env());
    // Sent by the browser itself (JavaScript still loading), a form without a method is a GET:
    // what was typed, a password among it, would go into the address.
    for (const url of ['/auth', '/auth?mode=signup', '/contact', '/advertise', '/follow']) {
      const forms = (await (await app.request(url)).text()).match(/<form\b[^>]*>/g) ?? [];
      expect(forms.length, url).toBe(1);
      expect(forms[0], url).toContain('method="post"');
    }
    const posted = await app.request('/auth?mode=signup', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=visitor%40example.com&password=correct-horse-battery-9',
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe('/auth?mode=signup');
    expect(await posted.text()).toBe('');
    // The API's own addresses keep their answers.
    const api = await app.request('/api/no-such-endpoint', { method: 'POST', headers: { origin: SITE } });
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('renders a public profile with its name, record, achievements, first bets and preview tags', async () => {
    const get = renderingApp(env());
    const { userId } = await signUpAndSignIn(env(), { name: 'Pat "The Punter" <Jones>' });
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [
      { description: 'Arsenal to beat Chelsea', status: 'won', amount: '10.00', decimalOdds: '2.5' },
      { description: 'Lakers -4.5', status: 'lost', amount: '11.00' },
      { description: 'Nadal in straight sets', amount: '5.00' },
    ]);
    const html = await get(`/${username}`);
    expect(heading(html)).toBe('Pat "The Punter" <Jones>');
    expect(text(html)).toContain(`@${username}`);
    expect({
      winRate: stat(html, 'Win Rate'),
      bets: stat(html, 'Total Bets'),
      profit: stat(html, 'Total Profit'),
      staked: stat(html, 'Total Staked'),
    }).toEqual({ winRate: '50.0%', bets: '3', profit: '+$4.00', staked: '$26.00' });
    const page = text(html);
    for (const description of ['Arsenal to beat Chelsea', 'Lakers -4.5', 'Nadal in straight sets'])
      expect(page).toContain(description);
    // Achievements are in the page, in their (hidden until chosen) tab.
    expect(page).toContain('First Win');
    expect(page).toContain('Century Club');
    // The preview tags come from the answer the page shows.
    const title = `Pat &quot;The Punter&quot; &lt;Jones&gt; (@${username}) · betproof`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'og:description')).toBe('3 bets · 50.0% win rate · $4.00 profit');
    expect(metaContent(html, 'og:url')).toBe(`${SITE}/${username}`);
    // The cache the page rendered from, for the browser's first render: the profile and its bets.
    const state = new RegExp(`<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(
      html,
    );
    // The page's content comes first: the browser may paint what it has parsed before the rest arrives.
    expect(html.indexOf('<div id="root" data-hydrate>')).toBeLessThan(state!.index);
    const queries = (JSON.parse(state![1]!) as { queries: { queryKey: string[]; state: { data: unknown } }[] }).queries;
    expect(queries.map((q) => q.queryKey)).toEqual([
      ['auth', 'session'],
      ['profiles', username],
      ['profiles', username, 'bets'],
    ]);
    // No session cookie: signed out, as the browser's lookup will find (so nothing renders again).
    expect(queries[0]!.state.data).toBeNull();
    expect(text(/<nav aria-label="Account"[\s\S]*?<\/nav>/.exec(html)![0]).trim()).toBe('Sign In Sign Up');
    expect(html).toContain(`npx betproof verify ${SITE}/${username}`);
    expectNoInlineScript(html);
  }, 60_000);

  it('renders a profile signed out only for a request with no session cookie, and says it varies by cookie', async () => {
    const { app } = renderingAppWithHandle(env());
    const { userId, cookie } = await signUpAndSignIn(env(), { name: 'Casey Cookie' });
    const username = await usernameOf(env(), userId);
    const sessionQuery = (html: string) =>
      (
        JSON.parse(
          new RegExp(`<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(html)![1]!,
        ) as { queries: { queryKey: string[] }[] }
      ).queries.some((q) => q.queryKey.join() === 'auth,session');
    for (const [headers, signedOut] of [
      [{}, true],
      [{ cookie: 'theme=dark' }, true],
      [{ cookie }, false],
      [{ cookie: 'better-auth.session_token=stale.c2lnbmF0dXJl' }, false],
    ] as const) {
      const res = await app.request(`/${username}`, { headers: headers as Record<string, string> });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
      const html = await res.text();
      expect(heading(html)).toBe('Casey Cookie');
      expect(sessionQuery(html), JSON.stringify(headers)).toBe(signedOut);
      // With a cookie, the header waits for the browser's lookup (who it is takes one).
      expect(/<nav aria-label="Account"/.test(html), JSON.stringify(headers)).toBe(signedOut);
    }
  }, 60_000);

  it('renders a signed-in page for its reader (greeting, menu, layout in skeletons) with the session but never its token, and never stored', async () => {
    const { app } = renderingAppWithHandle(env(), TEST_BASE_URL);
    const { cookie, userId } = await signUpAndSignIn(env(), { name: 'Dana Dashboard' });
    await insertBets(env(), userId, [{ description: 'Dana picks the Jets', status: 'won', amount: '10.00' }]);
    // An imported history: the page comes with its "Include imported history" switch.
    const imported = await env().request('/api/bets/import', {
      method: 'POST',
      cookie,
      rawBody: 'date,description,sport,stake,odds,result\r\n2024-03-01,Dana old pick,soccer,10,2.50,won\r\n',
      headers: { 'content-type': 'text/csv; charset=utf-8' },
    });
    expect(imported.status).toBe(200);
    const res = await app.request('/dashboard', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    const html = await res.text();
    expect(heading(html)).toBe('Welcome back, Dana Dashboard!');
    const page = text(html);
    // Whole: the figures and the first bets are in it (nothing moves when the browser takes over).
    for (const phrase of [
      'Record New Bet',
      'Recent Bets',
      'Dana picks the Jets',
      'Showing 1 of 1',
      'Include imported history',
    ])
      expect(page, phrase).toContain(phrase);
    expect(stat(html, 'Total Bets')).toBe('1');
    expect(page).not.toContain('Loading');
    // The header is the signed-in one, as the browser's first render has it.
    expect(text(/<nav aria-label="Account"[\s\S]*?<\/nav>/.exec(html)![0]).trim()).toBe(
      'Dashboard Following Profile Sign Out',
    );
    // The session the page rendered with goes along for the browser's first render; its token stays in the cookie.
    const token = /session_token=([^.;]+)/.exec(cookie)![1]!;
    expect(html).not.toContain(token);
    const state = new RegExp(`<script type="application/json" id="${QUERY_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(
      html,
    );
    // The page's content comes first: the browser may paint what it has parsed before the rest arrives.
    expect(html.indexOf('<div id="root" data-hydrate>')).toBeLessThan(state!.index);
    const queries = (JSON.parse(state![1]!) as { queries: { queryKey: string[]; state: { data: unknown } }[] }).queries;
    // Every query the dashboard asks on mount, answered: the hydrated page asks none of them again.
    expect(queries.map((q) => q.queryKey)).toEqual([
      ['auth', 'session'],
      ['bets', userId, 'stats'],
      ['bets', userId, 'list'],
      ['profile', userId, 'profile'],
      ['imports', userId, 'list'],
      ['bets', userId, 'wellbeing'],
    ]);
    expect((queries[3]!.state.data as { username: string }).username).toMatch(/^bettor_/);
    expect(
      (queries[4]!.state.data as { pages: { bets: { description: string }[] }[] }).pages[0]!.bets.map(
        (b) => b.description,
      ),
    ).toEqual(['Dana old pick']);
    const session = queries[0]!.state.data as { user: { name: string }; session: Record<string, unknown> };
    expect(session.user.name).toBe('Dana Dashboard');
    expect(session.session).not.toHaveProperty('token');
    expectNoInlineScript(html);

    // The own profile: whole, its profile and first bets in the page (nothing moves as they would arrive).
    const profile = text(await (await app.request('/profile', { headers: { cookie } })).text());
    expect(profile).not.toContain('Loading profile...');
    expect(profile).toContain('Dana picks the Jets');
    expect(profile).toContain(`@${(queries[3]!.state.data as { username: string }).username}`);

    // With no session (or a stale cookie): the prerendered page, which sends the visitor to sign in; still never stored.
    for (const headers of [{}, { cookie: 'better-auth.session_token=stale.c2lnbmF0dXJl' }]) {
      const anonymous = await app.request('/dashboard', { headers: headers as Record<string, string> });
      expect(anonymous.headers.get('cache-control')).toBe('private, no-store');
      expect(await anonymous.text()).toBe(rendering.prerendered.get('/dashboard'));
    }
  }, 60_000);

  it("renders every page of the route table asked with a session with its reader's header, never stored", async () => {
    const { app } = renderingAppWithHandle(env(), TEST_BASE_URL);
    const { cookie } = await signUpAndSignIn(env(), { name: 'Header Hana' });
    const accountNav = (html: string) => text(/<nav aria-label="Account"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '').trim();
    for (const address of ['/', '/about', '/terms', '/cookies', '/auth']) {
      const signedIn = await app.request(address, { headers: { cookie } });
      expect(signedIn.status, address).toBe(200);
      expect(signedIn.headers.get('cache-control'), address).toBe('private, no-store');
      expect(signedIn.headers.get('vary'), address).toBe('Accept-Encoding, Cookie');
      const html = await signedIn.text();
      if (address !== '/auth') expect(accountNav(html), address).toBe('Dashboard Following Profile Sign Out');
      expect(html, address).not.toContain(/session_token=([^.;]+)/.exec(cookie)![1]!);

      // Without a session (or with a stale one): the prerendered page, which says it varies by cookie.
      for (const headers of [{}, { cookie: 'better-auth.session_token=stale.c2lnbmF0dXJl' }]) {
        const visitor = await app.request(address, { headers: headers as Record<string, string> });
        expect(visitor.headers.get('vary'), address).toBe('Accept-Encoding, Cookie');
        expect(await visitor.text(), address).toBe(rendering.prerendered.get(address));
      }
    }
  }, 60_000);

  it('shares one render between concurrent requests for a profile, and never answers from a render begun before a request', async () => {
    const { app, renders } = renderingAppWithHandle(env());
    const { userId } = await signUpAndSignIn(env(), { name: 'Popular Pia' });
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [{ description: 'First pick', status: 'won' }]);
    const pages = await Promise.all(Array.from({ length: 5 }, () => app.request(`/${username}`)));
    const bodies = await Promise.all(pages.map((res) => res.text()));
    expect(pages.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(bodies).size).toBe(1);
    expect(text(bodies[0]!)).toContain('First pick');
    expect(renders.count).toBe(1);
    // A request made after a write is answered by a render that sees it.
    await insertBets(env(), userId, [{ description: 'Second pick', status: 'lost' }]);
    const after = await (await app.request(`/${username}`)).text();
    expect(text(after)).toContain('Second pick');
    expect(renders.count).toBe(2);
  }, 60_000);

  it("keeps a profile's page while its record is unchanged: one render, one ETag, 304 for it; any change a new tag", async () => {
    const { app, renders } = renderingAppWithHandle(env(), TEST_BASE_URL);
    const { userId, cookie } = await signUpAndSignIn(env(), { name: 'Kept Kim' });
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [{ description: 'First pick', status: 'won' }]);
    const page = async (address: string, headers: Record<string, string> = {}) => {
      const res = await app.request(address, { headers });
      return {
        status: res.status,
        etag: res.headers.get('etag'),
        cache: res.headers.get('cache-control'),
        body: await res.text(),
      };
    };

    const first = await page(`/${username}`);
    expect(first.status).toBe(200);
    expect(first.etag).toMatch(/^W\/"[\w-]{27}"$/);
    // A CDN may keep it, asking each time whether it still stands.
    expect(first.cache).toBe('public, no-cache');
    expect(renders.count).toBe(1);

    // Unknown query parameters and another case of the name: the same page, not rendered again.
    for (const address of [
      `/${username}`,
      `/${username}?v=1`,
      `/${username}?v=2&utm_source=x`,
      `/${username.toUpperCase()}`,
    ]) {
      const again = await page(address);
      expect(again, address).toEqual(first);
    }
    expect(renders.count).toBe(1);

    // The tag it was sent with: 304, no body; another tag, or none, the page.
    const notModified = await page(`/${username}?v=3`, { 'if-none-match': first.etag! });
    expect(notModified).toEqual({ status: 304, etag: first.etag, cache: 'public, no-cache', body: '' });
    expect((await page(`/${username}`, { 'if-none-match': 'W/"another"' })).status).toBe(200);
    expect(renders.count).toBe(1);

    // A new bet: a new tag, and the old one gets the new page.
    await insertBets(env(), userId, [{ description: 'Second pick', status: 'lost' }]);
    const afterBet = await page(`/${username}`, { 'if-none-match': first.etag! });
    expect(afterBet.status).toBe(200);
    expect(afterBet.etag).not.toBe(first.etag);
    expect(text(afterBet.body)).toContain('Second pick');
    expect(renders.count).toBe(2);

    // A change the bets' version does not follow (the display name): a new tag too.
    const renamed = await env().request('/api/profile', { method: 'PATCH', cookie, body: { displayName: 'Kim Kept' } });
    expect(renamed.status).toBe(200);
    const afterName = await page(`/${username}`, { 'if-none-match': afterBet.etag! });
    expect(afterName.status).toBe(200);
    expect(heading(afterName.body)).toBe('Kim Kept');
    expect(new Set([first.etag, afterBet.etag, afterName.etag]).size).toBe(3);
    expect(renders.count).toBe(3);

    // A signed-in reader: the page rendered for them, with their header, and kept by no one.
    const reader = await page(`/${username}`, { cookie });
    expect(reader.status).toBe(200);
    expect(reader.etag).toBeNull();
    expect(reader.cache).toBe('private, no-store');
    expect(text(reader.body)).toContain('Dashboard');
    expect(text(reader.body)).toContain('Sign Out');
    expect(text(reader.body)).not.toContain('Sign In');
    expect(renders.count).toBe(4);
    expect((await page(`/${username}`, { cookie })).etag).toBeNull();
    expect(renders.count).toBe(5);
    // A session cookie the server does not know: the kept page whose header the browser fills.
    const unknown = 'better-auth.session_token=no-such-session';
    const withCookie = await page(`/${username}`, { cookie: unknown });
    expect(withCookie.status).toBe(200);
    expect(withCookie.etag).not.toBe(afterName.etag);
    expect(renders.count).toBe(6);
    expect(await page(`/${username}?x=1`, { cookie: unknown })).toEqual(withCookie);
    expect(renders.count).toBe(6);
  }, 60_000);

  it("writes a profile's odds in the reader's format (its preference cookie), one kept page per format", async () => {
    const { app, renders } = renderingAppWithHandle(env(), TEST_BASE_URL);
    const { userId } = await signUpAndSignIn(env(), { name: 'Odds Otto' });
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [
      { description: 'Fractional pick', status: 'won', odds: '3/2', decimalOdds: '2.5' },
    ]);
    const oddsOf = async (cookie?: string) => {
      const res = await app.request(`/${username}`, { headers: cookie ? { cookie } : {} });
      expect(res.status).toBe(200);
      const odds = /title="As recorded: 3\/2">([^<]+)</.exec(await res.text());
      return { odds: odds?.[1], etag: res.headers.get('etag') };
    };

    const decimal = await oddsOf();
    expect(decimal.odds).toBe('2.50');
    const american = await oddsOf('betproof_odds_format=american');
    expect(american.odds).toBe('+150');
    expect(american.etag).not.toBe(decimal.etag);
    expect((await oddsOf('betproof_odds_format=fractional')).odds).toBe('3/2');
    // A value this site never writes reads as the default, and gets the default's kept page.
    expect(await oddsOf('betproof_odds_format=moneyline')).toEqual(decimal);
    expect(await oddsOf('betproof_odds_format=american')).toEqual(american);
    expect(renders.count).toBe(3);
  }, 60_000);

  it('answers a private, unknown or impossible address 404 with the not-found page, and nothing of a record', async () => {
    const get = renderingApp(env());
    const { userId, cookie } = await signUpAndSignIn(env(), { name: 'Hidden Hannah' });
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [{ description: 'Secret treble', status: 'won' }]);
    const put = await env().request('/api/profile/settings', {
      method: 'PUT',
      cookie,
      body: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
    });
    expect(put.status).toBe(200);
    for (const address of [`/${username}`, '/nobody_here']) {
      const html = await get(address, 404);
      expect(heading(html), address).toBe('Profile Not Found');
      expect(html).not.toContain('Hidden Hannah');
      expect(html).not.toContain('Secret treble');
      expect(html).not.toContain('og:');
    }
    const html = await get('/some/where', 404);
    expect(heading(html)).toBe('Oops! Page not found');
    expect(text(html)).toContain('The page /some/where does not exist');
  });
});
