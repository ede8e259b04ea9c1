/*
 * The server's entry: reads the configuration and starts the server (run-server.ts). The server
 * listens and answers the site's pages (site.ts) first; then the database begins to open
 * (db/client.ts, imported only then) and the app's modules load while PGlite's WebAssembly compiles
 * on V8's own threads (loadPgliteArtifacts). Kept to the few modules that needs: each is parsed
 * before the first page can be answered (bench/RESULTS.md, the startup section).
 */
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { runServer } from './run-server.ts';

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
  await runServer(config, logger, async () => {
    const { beginOpeningDatabase } = await import('./db/client.ts');
    const { ready } = await beginOpeningDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      logger,
      poolSize: config.DB_POOL_SIZE,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    });
    return ready;
  });
}

main().catch((err) => {
  // A locked data directory is an operator's mistake, not a crash: say what to do, no stack.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
