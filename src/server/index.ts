/*
 * The server's entry. PGlite's worker thread starts first, before this thread loads anything else:
 * there it loads PGlite and compiles its WebAssembly while this thread reads the configuration and
 * loads the server's modules, and PostgreSQL starts there as soon as the configuration says where
 * its files are (db/pglite-thread.ts; bench/RESULTS.md, the startup section). So every other module
 * is imported here only after that: a static import would be loaded before the first line ran.
 */
import { startPgliteWorker } from './db/pglite-worker.ts';

// PGlite unless DATABASE_URL is set (env.ts decides; this only guesses, to start early). A wrong
// guess costs time, never correctness: an unneeded worker is stopped, a missing one is started.
const pgliteWorker = process.env.DATABASE_URL?.trim() ? undefined : startPgliteWorker();

async function main() {
  const [{ beginOpeningDatabase }, { DataDirLockedError }, { ConfigError, loadConfig }, { createLogger }] =
    await Promise.all([
      import('./db/client.ts'),
      import('./db/data-dir-lock.ts'),
      import('./env.ts'),
      import('./logger.ts'),
    ]);
  try {
    const config = loadConfig();
    const logger = createLogger(config.LOG_LEVEL);
    const { ready } = await beginOpeningDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      logger,
      poolSize: config.DB_POOL_SIZE,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      pgliteWorker,
    });
    const { runServer } = await import('./run-server.ts');
    await runServer(config, logger, ready);
  } catch (err) {
    // A bad setting or a locked data directory is an operator's mistake, not a crash: say what to
    // do, no stack.
    const expected = err instanceof ConfigError || err instanceof DataDirLockedError;
    console.error(expected ? err.message : err);
    process.exit(1);
  }
}

void main();
