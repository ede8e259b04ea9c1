/**
 * The running server over an opened database: the app, its HTTP listener, and a graceful shutdown
 * on SIGTERM/SIGINT. src/server/index.ts loads this module only once the database has begun to open.
 */
import { serve } from '@hono/node-server';
import { createApp, defaultClientDir } from './app.ts';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { Logger } from './logger.ts';
import { createMailer } from './mail.ts';

export function runServer(config: Config, logger: Logger, database: Database) {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger });
  const { app } = createApp({ config, db: database.db, mailer, logger, clientDir: defaultClientDir });

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
