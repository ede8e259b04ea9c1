import { serve } from '@hono/node-server';
import { createApp, defaultClientDir } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './mail.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    logger,
    poolSize: config.DB_POOL_SIZE,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
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

main().catch((err) => {
  // A locked data directory is an operator's mistake, not a crash: say what to do, no stack.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
