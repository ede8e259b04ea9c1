import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HTTPException } from 'hono/http-exception';
import { apiDocs } from './openapi/api-docs.ts';
import { pingDatabase, type Db } from './db/client.ts';
import type { Config } from './env.ts';
import {
  apiError,
  bodyDeadline,
  clientKey,
  isSafeMethod,
  limitBodySize,
  privateAnswers,
  publicApiRoutes,
  requireUtf8Body,
} from './edge/http.ts';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import {
  CLIENT_IP_HEADER,
  createAuth,
  enableDirectSessionReads,
  forgetCachedSessions,
  pageSession,
  requireAdmin,
  requireUser,
  type AppEnv,
} from './modules/auth/index.ts';
import { betRoutes } from './modules/bets/routes.ts';
import { importRoutes, isImportUpload } from './modules/imports/routes.ts';
import { EVENTS_IMPORT_PATH, adminEventRoutes, eventRoutes } from './modules/events/routes.ts';
import { communityRoutes } from './modules/community/routes.ts';
import { inboxRoutes } from './modules/inbox/routes.ts';
import { logApiRoutes, logFileRoutes } from './modules/log/routes.ts';
import { loadLogSigner } from './modules/log/signer.ts';
import type { Signer } from '../shared/log/note.ts';
import { createProfilePages } from './modules/profiles/og.ts';
import { ownProfileRoutes, publicProfileRoutes } from './modules/profiles/routes.ts';
import { followRoutes } from './modules/follows/routes.ts';
import { createCardCache } from './modules/profiles/card.ts';
import { usernameFromPath } from './modules/profiles/og.ts';
import { notificationRoutes, unsubscribeRoutes } from './modules/notifications/routes.ts';
import { verificationRoutes } from './modules/verification/routes.ts';
import { helpResourceRoutes } from './modules/wellbeing/help-resources.ts';
import { wellbeingRoutes } from './modules/wellbeing/routes.ts';
import type { OpenApiDocument } from './openapi/document.ts';
import { createPageResolver } from './pages/page-answers.ts';
import { publicProfileVersion } from './modules/profiles/page-version.ts';
import type { PageRendering } from './pages/html.ts';
import { DASHBOARD_FIRST_DATA, PROFILE_FIRST_DATA, type FirstAnswers, type FirstDataOf } from '../shared/first-data.ts';
import type { PublicProfile } from '../shared/profile-schemas.ts';
import { createQuotas } from './edge/quotas.ts';
import { sameOriginWrites } from './edge/same-origin.ts';
import { createSite, mountSite, siteHeaders, type Site } from './pages/site.ts';
import { createTestClock } from './edge/test-clock.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** The server's clock; tests pass a controllable one. */
  now?: () => Date;
  /** The site the server already answers with while the app starts (run-server.ts); by default made here. */
  site?: Site | null;
  /** The built SPA; absent in API-only tests and in `npm run dev` (Vite serves it). */
  clientDir?: string;
  /** The client's server render; by default the build's, beside clientDir (html.ts). */
  pageRendering?: Promise<PageRendering | null>;
  /** The transparency log's signing key; by default LOG_SIGNING_KEY's or DATA_DIR's (modules/log/signer.ts). */
  logSigner?: Signer;
}

export function createApp(deps: AppDeps) {
  const { config, db, logger } = deps;
  // Read per call, never cached: the machine's clock may jump, and each request reads it anew.
  const baseNow = deps.now ?? (() => new Date());
  const testClock = config.TEST_CLOCK_HEADER ? createTestClock(baseNow) : null;
  const now = testClock?.now ?? baseNow;
  const auth = createAuth({ ...deps, now });
  enableDirectSessionReads(auth, db);
  // Loaded and built when first asked for, not at start-up: its modules turn the zod schemas into
  // JSON Schema as they are imported (with the other modules loaded when first used, ~100 ms of a
  // start: bench/RESULTS.md, the startup section).
  let builtOpenApi: Promise<OpenApiDocument> | undefined;
  const openApiDocument = () =>
    (builtOpenApi ??= import('./openapi/document.ts').then((m) => m.buildOpenApiDocument()));
  const quotas = createQuotas({ db, config, logger, now });
  const logSigner = deps.logSigner ?? loadLogSigner(config);

  const app = new Hono<AppEnv>();

  app.use(siteHeaders(config.BASE_URL));

  // Someone's own answers are never cached (Cache-Control: no-store, Vary: Cookie), refusals too:
  // every route's but those declared public below (publicApi.declare), each where it is mounted.
  const publicApi = publicApiRoutes('/api');
  app.use('/api/*', privateAnswers(publicApi.covers));
  if (testClock) app.use('/api/*', testClock.middleware);
  // Writes come from our own pages only (see same-origin.ts); Better Auth checks Origin again.
  // An email's one-click unsubscribe is POSTed by the mail client, from no page of ours: its signed
  // token is its authority (modules/notifications/routes.ts).
  app.use(
    '/api/*',
    sameOriginWrites(config.BASE_URL, (path) => path.startsWith('/api/unsubscribe/')),
  );
  // A request a quota has just refused, sent again as it was: refused again before its body is
  // read or its session looked up.
  app.use('/api/*', quotas.refuseRepeated);
  // Every body arrives within BODY_DEADLINE_MS or the connection is closed with a 408.
  app.use('/api/*', bodyDeadline(config.BODY_DEADLINE_MS));
  // One size limit for every body, Better Auth's endpoints included (they read any size). A history
  // import and an admin's feed upload are the exceptions: a larger file, read as it streams, its
  // limits and UTF-8 check its own. Only the import itself (POST, as text/csv), never another
  // method or type at its path.
  const unlessImport =
    (check: typeof limitBodySize): typeof limitBodySize =>
    (c, next) =>
      isImportUpload(c) || c.req.path === EVENTS_IMPORT_PATH ? next() : check(c, next);
  app.use('/api/*', unlessImport(limitBodySize));
  // A text body must be UTF-8 as sent, not repaired with U+FFFD (ours and Better Auth's).
  app.use('/api/*', unlessImport(requireUtf8Body));

  // What /api/auth answers (a sign-out, revoked sessions, a new password, two-factor, a confirmed
  // address; all but get-session, which at most extends its own session) and what an admin writes
  // (a role) may change who a session is: this server's cached sessions go as it answers; other
  // servers drop theirs when the database's notification reaches them (session-cache.ts).
  const forgetSessionsAfter = (changes: (c: Context) => boolean) =>
    createMiddleware(async (c, next) => {
      await next();
      if (changes(c)) forgetCachedSessions(auth);
    });
  app.use(
    '/api/auth/*',
    forgetSessionsAfter((c) => c.req.path !== '/api/auth/get-session'),
  );
  app.use(
    '/api/admin/*',
    forgetSessionsAfter((c) => !isSafeMethod(c.req.method)),
  );

  app.get(
    '/api/health',
    publicApi.declare('/health', async (c) => {
      const ok = await pingDatabase(db);
      return c.json({ status: ok ? 'ok' : 'unavailable', database: ok }, ok ? 200 : 503);
    }),
  );

  app.on(['GET', 'POST'], '/api/auth/*', (c) => {
    // Better Auth reads the client address for rate limits from this header only; we overwrite
    // whatever a client sent so it cannot pick its own bucket. It holds the client's limit key (an
    // IPv6 address as its /64), so Better Auth's limits count clients as ours do.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientKey(c, config.TRUST_PROXY));
    return auth.handler(new Request(c.req.raw, { headers }));
  });

  const api = new Hono<AppEnv>()
    // Lets the admin page confirm on the server that the signed-in user is an admin.
    .get('/admin/access', requireUser(auth), requireAdmin(config), (c) => c.json({ admin: true as const }))
    // Before /admin: its routes answer /admin/events themselves, behind the same admin checks.
    .route('/admin/events', adminEventRoutes({ auth, db, config, now }))
    .route('/admin', adminRoutes({ auth, db, config, now }))
    .route('/events', publicApi.declare('/events', eventRoutes({ db, now })))
    .route('/verification', verificationRoutes({ auth, db, quotas }))
    // Before the bets routes: /bets/import and /bets/imported are answered there.
    .route('/bets', importRoutes({ auth, db, now, quotas }))
    .route('/bets', betRoutes({ auth, db, now, quotas }))
    .route('/inbox', inboxRoutes({ auth, db, config, logger, now }))
    // Before /profiles: /profiles/:username/follow is answered there (signed in, a counted write).
    .route('/', followRoutes({ auth, db, quotas }))
    .route('/profiles', publicApi.declare('/profiles', publicProfileRoutes({ auth, config, db, logger, now })))
    .route('/profile', ownProfileRoutes({ auth, config, db, logger, now, quotas }))
    .route('/community', publicApi.declare('/community', communityRoutes({ db, now })))
    .route('/log', publicApi.declare('/log', logApiRoutes({ db, signer: logSigner })))
    // Before the wellbeing routes, whose own middleware answers every other /me path.
    .route('/me', notificationRoutes({ auth, db, quotas, pushKey: config.VAPID_PUBLIC_KEY ?? null }))
    .route('/me', wellbeingRoutes({ auth, db, now, quotas }))
    .route('/unsubscribe', unsubscribeRoutes({ db, secret: config.AUTH_SECRET }))
    .route(
      '/help-resources',
      publicApi.declare('/help-resources', helpResourceRoutes({ file: config.HELP_RESOURCES_FILE, logger })),
    )
    .get(
      '/openapi.json',
      publicApi.declare('/openapi.json', async (c) => c.json(await openApiDocument())),
    )
    .get('/docs', publicApi.declare('/docs', apiDocs(openApiDocument)));

  const routes = app.route('/api', api);

  app.all('/api/*', (c) => {
    logger.info('api not found', { method: c.req.method, path: c.req.path });
    return c.json({ error: 'Not Found' }, 404);
  });

  // The log's checkpoint and tiles: files anyone may mirror (docs/LOG.md), outside /api.
  app.route('/log', logFileRoutes({ db }));

  // A public profile's record card (modules/profiles/card.ts), from the answer its page shows.
  const cards = createCardCache();
  app.get('/:username/card.png', async (c) => {
    const name = usernameFromPath(`/${c.req.param('username')}`);
    const answer = name && (await app.request(`/api/profiles/${encodeURIComponent(name)}`));
    if (!answer || !answer.ok) return c.text('Not Found', 404);
    const card = await cards((await answer.json()) as PublicProfile, now());
    const etag = `"card-${card.version}"`;
    c.header('ETag', etag);
    // Shared caches may keep it a little: a new pick shows within five minutes.
    c.header('Cache-Control', 'public, max-age=300');
    if (c.req.header('if-none-match') === etag) return c.body(null, 304);
    c.header('Content-Type', 'image/png');
    return c.body(new Uint8Array(card.png), 200);
  });

  const site =
    deps.site ?? createSite({ config, logger, clientDir: deps.clientDir, pageRendering: deps.pageRendering });
  if (site) {
    mountSite(
      app,
      site,
      createPageResolver({
        profilePage: createProfilePages({ db }),
        profileVersion: (name, at) => publicProfileVersion(db, name, at),
        profileData: (username) => publicProfileData(app, username),
        sessionOf: (headers) => pageSession(auth, headers),
        dashboardData: (headers, userId) => dashboardData(app, headers, userId),
        render: site.documents.render,
        baseUrl: config.BASE_URL,
        now,
        onError: (path, err) => logger.error('page lookup failed', { path, error: String(err) }),
      }),
    );
  }

  app.onError((err, c) => {
    // The validators throw a 400 on a body that is not JSON: answer in the API's error shape.
    if (err instanceof HTTPException && err.status === 400)
      return apiError(c, 400, err.message || 'Malformed JSON body');
    if (err instanceof HTTPException) return err.getResponse();
    logger.error('unhandled error', { method: c.req.method, path: c.req.path, error: String(err), stack: err.stack });
    return c.json({ error: 'Internal Server Error' }, 500);
  });

  return { app, auth, routes, now, logSigner };
}

/**
 * A page's first answers (shared/first-data.ts, each list's first page), asked of the API itself
 * (with `headers`: the request's cookie, or none), so the server's render holds exactly what the
 * page's own queries get; null when any is refused.
 */
async function firstAnswers<Param, Page extends FirstAnswers<Param>>(
  app: Hono<AppEnv>,
  page: Page,
  param: Param,
  headers?: HeadersInit,
): Promise<FirstDataOf<Page> | null> {
  const entries = Object.entries(page);
  const answers = await Promise.all(entries.map(([, entry]) => app.request(entry.url(param, null), { headers })));
  if (!answers.every((answer) => answer.ok)) return null;
  const bodies = await Promise.all(answers.map((answer) => answer.json()));
  return Object.fromEntries(entries.map(([name], i) => [name, bodies[i]])) as FirstDataOf<Page>;
}

/** A public profile's first answers, as a visitor with no session sees them. */
const publicProfileData = (app: Hono<AppEnv>, username: string) => firstAnswers(app, PROFILE_FIRST_DATA, username);

/** The dashboard's first answers, for the session of `headers` (the user `userId`). */
const dashboardData = (app: Hono<AppEnv>, headers: Headers, userId: string) =>
  firstAnswers(app, DASHBOARD_FIRST_DATA, userId, { cookie: headers.get('cookie') ?? '' });

export type App = ReturnType<typeof createApp>;
export type AppType = App['routes'];
