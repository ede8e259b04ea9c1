import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One throwaway data directory (PGlite + mail outbox) per run; workers inherit it through the env.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'betproof-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  globalTeardown: './tests/e2e/support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The compiled server and built client, as production runs them (`npm run build` first: npm
    // test does; the server's code is the build's, not the sources').
    command: 'node dist/server/index.js',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      BASE_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      // Each test browses from its own address (see tests/e2e/support/fixtures.ts) so per-IP
      // rate limits apply per test, as they would per visitor.
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: 'admin@betproof.test',
      // A request may shift the server's clock for itself (X-Test-Clock-Offset, src/server/edge/test-clock.ts):
      // bets recorded "days ago" can be settled now, as the record's time rules require.
      TEST_CLOCK_HEADER: 'true',
      // Followers are told of a pick at once (no grace period), by a job that runs every second.
      NOTIFY_GRACE_MINUTES: '0',
      NOTIFY_SWEEP_SECONDS: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
