/*
 * The server's entry: reads the configuration, starts opening the database, and only then loads
 * the rest of the server (run-server.ts, most of the code, a chunk of its own in the build): the
 * app's modules are parsed and evaluated while PGlite's WebAssembly compiles on
 * V8's own threads (db/client.ts, loadPgliteArtifacts), and the entry runs without first parsing them
 * (bench/RESULTS.md, the startup section). Kept to the few modules that needs.
 */
import { beginOpeningDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createLogger } from './logger.ts';

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
  const { ready } = await beginOpeningDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    logger,
    poolSize: config.DB_POOL_SIZE,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  });
  const { runServer } = await import('./run-server.ts');
  runServer(config, logger, await ready);
}

main().catch((err) => {
  // A locked data directory is an operator's mistake, not a crash: say what to do, no stack.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
