/**
 * The running server: its HTTP listener, up before the database and the app are, and a graceful
 * shutdown on SIGTERM/SIGINT. While the database opens and the app's modules load, the site
 * answers what needs neither (pages/site.ts, siteUntilApp) and every other request waits for the app;
 * then the app answers everything.
 */
import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { Logger } from './lib/logger.ts';
import type { FeedPulls } from './modules/events/feeds/schedule.ts';
import { createSite, siteUntilApp, type Answer, type Site } from './pages/site.ts';

/** `openDatabase`: begins opening the database; called once the server listens. */
/**
 * The built client. This file sits one folder below the project root both as a source
 * (src/server/) and bundled (dist/server/), so the same relative address holds in either.
 */
const defaultClientDir = fileURLToPath(new URL('../../dist/client', import.meta.url));

export async function runServer(config: Config, logger: Logger, openDatabase: () => Promise<Database>) {
  const site = createSite({ config, logger, clientDir: defaultClientDir });
  // Set below, before any request can arrive (they are read as this function's first turn ends).
  let answer: Answer;

  // Requests being handled. A client that hangs up does not stop its request (its queries run on),
  // but it closes the connection server.close() waits for: shutdown waits for this count instead.
  let handling = 0;
  let onIdle: (() => void) | undefined;
  const fetch: Answer = async (...args) => {
    handling++;
    try {
      return await answer(...args);
    } finally {
      if (--handling === 0) onIdle?.();
    }
  };
  const idle = () => (handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)));

  const server = serve({ fetch, port: config.PORT }, (info) => {
    logger.info('betproof listening', { url: config.BASE_URL, port: info.port });
  });
  keepIdleConnections(server);
  // Bound: from here a request waits in the socket's backlog, whatever the main thread is doing.
  const opening = openDatabase();
  let stopBackground: () => Promise<void> = async () => {};
  const app = loadApp(config, logger, site, opening, (stop) => (stopBackground = stop));
  answer = site ? siteUntilApp(site, config.BASE_URL, app) : async (...args) => (await app)(...args);

  let feeds: Promise<FeedPulls | undefined> | undefined;
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting; in-flight requests finish (those whose client left too); then the database closes.
    server.close(async () => {
      await idle();
      // The feed pulls use the database: they finish (or are given up) before it closes.
      await (await feeds)?.stop().catch((err) => logger.error('event feeds did not stop', { error: String(err) }));
      await stopBackground();
      await (await opening).close();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open forever.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // A database or app that fails to start rejects here (index.ts says why and exits).
  answer = await app;
  // Scheduled feed pulls, only when EVENT_FEEDS lists some (docs/FEEDS.md). A failure to start
  // them (pg-boss cannot set up its schema) is logged; the server serves on without them.
  if (config.EVENT_FEEDS.length > 0) {
    feeds = (async () => {
      const { startEventFeeds } = await import('./modules/events/feeds/start.ts');
      return startEventFeeds(config, await opening, logger);
    })().catch((err) => {
      logger.error('event feeds did not start', { error: String(err) });
      return undefined;
    });
  }
  // The requests that came meanwhile are answered; now the render module, before a page needs it.
  setImmediate(() => site?.documents.preload());
}

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than the
 * idle timeout of the proxies and clients that keep connections (60 s is common: load balancers,
 * nginx, Node's and Playwright's keep-alive agents): a request sent on a connection just as the
 * server closes it is reset (ECONNRESET), as one was in CI. So the server waits longer than they do.
 */
export const KEEP_ALIVE_SECONDS = 65;

function keepIdleConnections(server: ReturnType<typeof serve>) {
  if (!('keepAliveTimeout' in server)) return;
  server.keepAliveTimeout = KEEP_ALIVE_SECONDS * 1000;
  // A request's headers may take as long as the connection may idle (Node requires it be longer).
  server.headersTimeout = (KEEP_ALIVE_SECONDS + 1) * 1000;
}

/** The app over the opened database: its modules load while the database opens. */
async function loadApp(
  config: Config,
  logger: Logger,
  site: Site | null,
  opening: Promise<Database>,
  onBackgroundStarted: (stop: () => Promise<void>) => void,
): Promise<Answer> {
  const [{ createApp }, { createMailer }, { startLogSequencer }, { createAttestations }, database] = await Promise.all([
    import('./app.ts'),
    import('./lib/mail.ts'),
    import('./modules/log/sequencer.ts'),
    import('./modules/log/attestations.ts'),
    opening,
  ]);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger });
  const { app, now, logSigner } = createApp({ config, db: database.db, mailer, logger, site });
  // The transparency log's sequencer (docs/LOG.md): every server runs one; they take turns.
  // Its checkpoints' time-stamps and cosignatures are gathered beside it, never in its way.
  const attestations = createAttestations({
    db: database.db,
    logger,
    authorities: config.TIMESTAMP_AUTHORITIES,
    witnesses: config.LOG_WITNESSES,
    now,
  });
  const sequencer = startLogSequencer({
    db: database.db,
    signer: logSigner,
    logger,
    now,
    onCheckpoint: async () => attestations.poke(),
  });
  const stopLog = async () => {
    await sequencer.stop();
    await attestations.stop();
  };
  // The monthly statements go out from a background step, never from a request.
  const { startStatementSweep } = await import('./modules/wellbeing/statements.ts');
  startStatementSweep(
    { db: database.db, mailer, now: () => new Date(), baseUrl: config.BASE_URL, logger },
    config.STATEMENT_SWEEP_MINUTES,
  );
  // Followers are told of picks by a background job too (docs/decisions/045).
  const [{ startNotificationJobs }, { createPushSender }] = await Promise.all([
    import('./modules/notifications/schedule.ts'),
    import('./modules/notifications/push.ts'),
  ]);
  const notifications = startNotificationJobs({
    deps: {
      db: database.db,
      mailer,
      push: createPushSender(config),
      now: () => new Date(),
      baseUrl: config.BASE_URL,
      secret: config.AUTH_SECRET,
      graceMinutes: config.NOTIFY_GRACE_MINUTES,
      logger,
    },
    databaseUrl: database.driver === 'postgres' ? config.DATABASE_URL : undefined,
    sweepSeconds: config.NOTIFY_SWEEP_SECONDS,
  }).catch((err) => {
    // Like the feed pulls: the server serves on without them, and says so.
    logger.error('notification jobs did not start', { error: String(err) });
    return undefined;
  });
  onBackgroundStarted(async () => {
    await (await notifications)?.stop();
    await stopLog();
  });
  logger.info('betproof ready', { database: database.driver });
  return app.fetch;
}
