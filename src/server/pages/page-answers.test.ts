/**
 * The statuses of page addresses (true statuses): the route table's pages and public
 * profiles are 200; every other address a 404 with the same index.html (the client's router shows
 * its not-found page); old addresses redirect; a renamed username redirects for 30 days on the
 * request's clock.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { profiles, user, usernameHistory } from '../db/schema/index.ts';
import { loadConfig } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { RENAMED_USERNAME_REDIRECT_MS } from '../modules/profiles/og.ts';
import { usernameOf } from '../modules/profiles/test-helpers.ts';
import {
  CapturingMailer,
  describeEachDatabase,
  signUp,
  signUpAndSignIn,
  uniqueEmail,
  type TestEnv,
} from '../test/harness.ts';
import { SIGNED_IN_PAGES } from '../../shared/page-rendering.ts';
import { paths } from '../../shared/routes.ts';

const INDEX_HTML = readFileSync(new URL('../../client/index.html', import.meta.url), 'utf8');
const clientDir = mkdtempSync(path.join(tmpdir(), 'betproof-pages-'));
writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** The app serving a client, on a clock the test sets (the real time until it does). */
function pagesApp(env: TestEnv) {
  let current: Date | null = null;
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: 'https://betproof.example',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
  });
  const { app } = createApp({
    config,
    db: env.db,
    mailer: new CapturingMailer(),
    logger: createLogger('silent'),
    now: () => current ?? new Date(),
    clientDir,
  });
  return {
    get: (pathname: string) => app.request(pathname),
    setNow: (date: Date) => (current = date),
  };
}

/**
 * `signedInPage`: a page that depends on who asks, never stored (decision 010); `profile`: a public
 * profile's page, which any cache may keep and revalidate by its ETag (decision 044); any other is
 * revalidated.
 */
async function expectPage(res: Response, status: number, { signedInPage = false, profile = false } = {}) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('text/html');
  expect(res.headers.get('cache-control')).toBe(
    signedInPage ? 'private, no-store' : profile ? 'public, no-cache' : 'no-cache',
  );
  return res.text();
}

const expectRedirect = (res: Response, status: number, location: string) => {
  expect({ status: res.status, location: res.headers.get('location') }).toEqual({ status, location });
};

const rename = (env: TestEnv, cookie: string, username: string) =>
  env.request('/api/profile', { method: 'PATCH', cookie, body: { username } });

describeEachDatabase('page statuses', (env) => {
  it('answers 200 for every page of the route table, in any case and with a trailing slash', async () => {
    const { get } = pagesApp(env());
    for (const page of [...Object.values(paths), '/AUTH', '/dashboard/', '/Terms/'])
      expect(
        await expectPage(await get(page), 200, {
          signedInPage: SIGNED_IN_PAGES.has(page.replace(/\/$/, '').toLowerCase()),
        }),
        page,
      ).toBe(INDEX_HTML);
  });

  it('answers 404 with the same page for an address that is no page and no profile', async () => {
    const { get } = pagesApp(env());
    for (const page of ['/pricing', '/settings', '/nobody_here', '/dashboard/extra', '/some/where', '/x', '/%E0%A4%A'])
      expect(await expectPage(await get(page), 404), page).toBe(INDEX_HTML);
  });

  it('redirects /login, /signup and /@name for good', async () => {
    const { get } = pagesApp(env());
    expectRedirect(await get('/login'), 301, '/auth');
    expectRedirect(await get('/login?next=%2Fdashboard'), 301, '/auth?next=%2Fdashboard');
    expectRedirect(await get('/signup'), 301, '/auth?mode=signup');
    expectRedirect(await get('/signup/?ref=x'), 301, '/auth?mode=signup&ref=x');
    expectRedirect(await get('/@pat.jones'), 301, '/pat.jones');
    expectRedirect(await get('/@Pat.Jones?tab=bets'), 301, '/pat.jones?tab=bets');
  });

  it('answers a public profile 200, and a private, unconfirmed or missing one alike with 404', async () => {
    const { get } = pagesApp(env());
    const { userId, cookie } = await signUpAndSignIn(env());
    expect((await rename(env(), cookie, `pub_${userId.slice(0, 8).toLowerCase()}`)).status).toBe(200);
    const username = await usernameOf(env(), userId);
    const html = await expectPage(await get(`/${username}`), 200, { profile: true });
    expect(html).toContain(`<title>@${username} · betproof</title>`);
    expect(await expectPage(await get(`/${username.toUpperCase()}/`), 200, { profile: true })).toBe(html);

    const put = await env().request('/api/profile/settings', {
      method: 'PUT',
      cookie,
      body: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
    });
    expect(put.status).toBe(200);
    const privateAnswer = await get(`/${username}`);
    const missingAnswer = await get('/nobody.at.all');
    expect(await expectPage(privateAnswer, 404)).toBe(INDEX_HTML);
    expect(await expectPage(missingAnswer, 404)).toBe(INDEX_HTML);
    expect([...privateAnswer.headers.keys()].sort()).toEqual([...missingAnswer.headers.keys()].sort());

    // Signed up, email not confirmed: its (public by default) profile does not exist yet.
    const email = uniqueEmail();
    expect((await signUp(env(), { email })).status).toBe(200);
    const [row] = await env()
      .db.select({ username: profiles.username })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, email));
    const unconfirmed = row!.username;
    expect(await expectPage(await get(`/${unconfirmed}`), 404)).toBe(INDEX_HTML);
  });

  it('records every username change in the database, whatever writes it', async () => {
    const { userId } = await signUpAndSignIn(env());
    const before = await usernameOf(env(), userId);
    const next = `sql_${userId.slice(0, 8).toLowerCase()}`;
    await env().db.execute(sql`update profiles set username = ${next} where user_id = ${userId}`);
    // Writing the same name again is no rename.
    await env().db.execute(sql`update profiles set username = ${next}, display_name = 'x' where user_id = ${userId}`);
    const rows = await env()
      .db.select({ old: usernameHistory.oldUsername })
      .from(usernameHistory)
      .where(eq(usernameHistory.userId, userId));
    expect(rows).toEqual([{ old: before }]);
  });

  it("redirects a renamed user's old username to the new one for 30 days, then 404", async () => {
    const { get, setNow } = pagesApp(env());
    const { userId, cookie } = await signUpAndSignIn(env());
    const id = userId.slice(0, 8).toLowerCase();
    const first = `old_${id}`;
    const second = `new_${id}`;
    expect((await rename(env(), cookie, first)).status).toBe(200);
    expect((await rename(env(), cookie, second)).status).toBe(200);
    const [row] = await env()
      .db.select({ renamedAt: usernameHistory.renamedAt })
      .from(usernameHistory)
      .where(and(eq(usernameHistory.userId, userId), eq(usernameHistory.oldUsername, first)));
    const renamedAt = row!.renamedAt.getTime();

    // Temporary (302), since it ends: a permanent redirect would stay in browsers' caches.
    setNow(new Date(renamedAt + RENAMED_USERNAME_REDIRECT_MS - 1));
    expectRedirect(await get(`/${first}`), 302, `/${second}`);
    expectRedirect(await get(`/${first.toUpperCase()}?tab=bets`), 302, `/${second}?tab=bets`);
    expect(await expectPage(await get(`/${second}`), 200, { profile: true })).toContain(`@${second}`);

    setNow(new Date(renamedAt + RENAMED_USERNAME_REDIRECT_MS));
    expect(await expectPage(await get(`/${first}`), 404)).toBe(INDEX_HTML);
  });

  it('holds an old username for its owner 30 days, then stops redirecting once someone else takes it, and never leads to a private profile', async () => {
    const { get } = pagesApp(env());
    const renamed = await signUpAndSignIn(env());
    const taker = await signUpAndSignIn(env());
    const id = renamed.userId.slice(0, 8).toLowerCase();
    const old = `was_${id}`;
    expect((await rename(env(), renamed.cookie, old)).status).toBe(200);
    expect((await rename(env(), renamed.cookie, `now_${id}`)).status).toBe(200);
    expectRedirect(await get(`/${old}`), 302, `/now_${id}`);

    // The old name stays its owner's for 30 days: no one else may take it, and the redirect holds
    // (db/functions/profiles_username_not_recently_released.sql).
    expect((await rename(env(), taker.cookie, old)).status).toBe(409);
    expectRedirect(await get(`/${old}`), 302, `/now_${id}`);
    // After them (the history backdated: the hold reads the database's clock) the name is free; while
    // its new holder's profile is private it is a 404 like any.
    await env().db.execute(
      sql`update username_history set renamed_at = renamed_at - interval '31 days' where user_id = ${renamed.userId}`,
    );
    expect((await rename(env(), taker.cookie, old)).status).toBe(200);
    const put = await env().request('/api/profile/settings', {
      method: 'PUT',
      cookie: taker.cookie,
      body: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
    });
    expect(put.status).toBe(200);
    expect(await expectPage(await get(`/${old}`), 404)).toBe(INDEX_HTML);

    // The new holder moves on; the renamed profile goes private: the name leads nowhere.
    expect((await rename(env(), taker.cookie, `tk_${id}`)).status).toBe(200);
    const hide = await env().request('/api/profile/settings', {
      method: 'PUT',
      cookie: renamed.cookie,
      body: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
    });
    expect(hide.status).toBe(200);
    expect(await expectPage(await get(`/${old}`), 404)).toBe(INDEX_HTML);
  });
});
