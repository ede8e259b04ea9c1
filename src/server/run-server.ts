/**
 * The running server over the database being opened: the app, its HTTP listener, and a graceful
 * shutdown on SIGTERM/SIGINT. src/server/index.ts loads this module once the database has begun to open.
 */
import { serve } from '@hono/node-server';
import { createApp, defaultClientDir } from './app.ts';
import type { Database } from './db/client.ts';
import { siteContactOf, type Config } from './env.ts';
import { loadPageRendering } from './html.ts';
import type { Logger } from './logger.ts';
import { createMailer } from './mail.ts';

export async function runServer(config: Config, logger: Logger, opening: Promise<Database>) {
  // The page render's modules (React's among them) load while the database opens, not after it.
  const pageRendering = loadPageRendering(defaultClientDir, siteContactOf(config));
  const database = await opening;
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger });
  const { app } = createApp({ config, db: database.db, mailer, logger, clientDir: defaultClientDir, pageRendering });

  // Requests being handled. A client that hangs up does not stop its request (its queries run on),
  // but it closes the connection server.close() waits for: shutdown waits for this count instead.
  let handling = 0;
  let onIdle: (() => void) | undefined;
  const fetch: typeof app.fetch = async (...args) => {
    handling++;
    try {
      return await app.fetch(...args);
    } finally {
      if (--handling === 0) onIdle?.();
    }
  };
  const idle = () => (handling === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve)));

  const server = serve({ fetch, port: config.PORT }, (info) => {
    logger.info('betproof listening', { url: config.BASE_URL, port: info.port, database: database.driver });
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    // Stop accepting; in-flight requests finish (those whose client left too); then the database closes.
    server.close(async () => {
      await idle();
      await database.close();
      logger.info('stopped');
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open forever.
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
