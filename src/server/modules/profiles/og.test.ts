import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { loadConfig } from '../../env.ts';
import { createLogger } from '../../lib/logger.ts';
import { CapturingMailer, describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { escapeHtml, formatUsd, injectProfileMeta, recordSummary, usernameFromPath } from './og.ts';
import { insertBets, usernameOf } from './test-helpers.ts';

const SITE = 'https://betproof.example';
const INDEX_HTML = readFileSync(new URL('../../../client/index.html', import.meta.url), 'utf8');

const clientDirs: string[] = [];
afterAll(() => {
  for (const dir of clientDirs) rmSync(dir, { recursive: true, force: true });
});

/** The app as production runs it: serving a built client (here, the source index.html). */
function appServingClient(env: TestEnv) {
  const clientDir = mkdtempSync(path.join(tmpdir(), 'betproof-og-'));
  clientDirs.push(clientDir);
  writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: SITE,
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
  });
  return async (pathname: string, status = 200) => {
    const res = await app.request(pathname);
    expect(res.status, pathname).toBe(status);
    expect(res.headers.get('content-type')).toContain('text/html');
    return res.text();
  };
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key.replace('.', '\\.')}" content="([^"]*)" />`).exec(html)?.[1];

describe('profile link previews (pure parts)', () => {
  it('formats dollars with separators and a leading minus', () => {
    expect(formatUsd('1234.5')).toBe('$1,234.50');
    expect(formatUsd('-12.5')).toBe('-$12.50');
    expect(formatUsd('1234567.89')).toBe('$1,234,567.89');
    expect(formatUsd('0.00')).toBe('$0.00');
  });

  it('summarises a record', () => {
    expect(recordSummary({ totalBets: 42, winRate: 57.1, totalProfit: '1234.50' })).toBe(
      '42 bets · 57.1% win rate · $1,234.50 profit',
    );
    expect(recordSummary({ totalBets: 1, winRate: 100, totalProfit: '-3.00' })).toBe(
      '1 bet · 100.0% win rate · -$3.00 profit',
    );
  });

  it('takes a username only from a single path segment that could be one', () => {
    expect(usernameFromPath('/alice')).toBe('alice');
    expect(usernameFromPath('/Alice.B')).toBe('alice.b');
    expect(usernameFromPath('/al%69ce')).toBe('alice');
    for (const p of ['/', '/alice/', '/alice/bets', '/dashboard', '/profile', '/api', '/ab', '/%E0%A4%A', '/a b c'])
      expect(usernameFromPath(p), p).toBeNull();
  });

  it('escapes everything it injects, and "$&" in a name stays literal', () => {
    const html = injectProfileMeta(INDEX_HTML, {
      username: 'bob',
      displayName: `</title><script>alert("x")</script> $& '`,
      summary: '0 bets · 0.0% win rate · $0.00 profit',
      url: `${SITE}/bob`,
    })!;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain(
      `<title>${escapeHtml(`</title><script>alert("x")</script> $& '`)} (@bob) · betproof</title>`,
    );
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });
});

describeEachDatabase('profile link previews (GET /{username})', (env) => {
  it("serves a public profile's page with its title and Open Graph / Twitter tags", async () => {
    const get = appServingClient(env());
    const { userId, cookie } = await signUpAndSignIn(env(), { name: 'Pat "The Punter" <Jones>' });
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [
      { status: 'won', amount: '1000.00', decimalOdds: '2.2345' }, // +1234.50
      { status: 'lost', amount: '10.00' },
      { status: 'won', amount: '10.00' },
      {},
    ]);
    const html = await get(`/${username.toUpperCase()}`);
    const title = `Pat &quot;The Punter&quot; &lt;Jones&gt; (@${username}) · betproof`;
    expect(html).toContain(`<title>${title}</title>`);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'og:type')).toBe('profile');
    expect(metaContent(html, 'og:url')).toBe(`${SITE}/${username}`);
    expect(metaContent(html, 'og:description')).toBe('4 bets · 66.7% win rate · $1,234.50 profit');
    expect(metaContent(html, 'description')).toBe('4 bets · 66.7% win rate · $1,234.50 profit');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // The record card (card.ts) is the preview's image.
    expect(metaContent(html, 'og:image')).toBe(`${SITE}/${username}/card.png`);
    expect(metaContent(html, 'twitter:image')).toBe(`${SITE}/${username}/card.png`);
    expect(metaContent(html, 'twitter:title')).toBe(title);
    // Still the app: the same document with the script that boots it.
    expect(html).toContain('<div id="root"></div>');

    // Made private: the plain page, as for a missing profile (a 404: pages.test.ts), nothing of the record.
    const put = await env().request('/api/profile/settings', {
      method: 'PUT',
      cookie,
      body: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
    });
    expect(put.status).toBe(200);
    const hidden = await get(`/${username}`, 404);
    expect(hidden).toBe(INDEX_HTML);
    expect(hidden).not.toContain('1,234.50');
    expect(hidden).not.toContain('og:');
  });

  it('serves the plain index.html for every other path (200 for a page, 404 for none)', async () => {
    const get = appServingClient(env());
    for (const p of ['/', '/dashboard', '/profile']) expect(await get(p), p).toBe(INDEX_HTML);
    for (const p of ['/nobody.here', '/some/where', '/x']) expect(await get(p, 404), p).toBe(INDEX_HTML);
  });
});
