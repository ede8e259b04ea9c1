/**
 * A server as it starts (src/server/pages/site.ts): the built server, started on a PostgreSQL database
 * whose migration lock this test holds, waits for the lock as it would for another server's
 * migration. Meanwhile a visitor gets the landing page and the pages that need no database; the
 * API answers once the database is open. On PostgreSQL (TEST_DATABASE_URL, or this machine's own):
 * PGlite has no lock to hold from outside.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { MIGRATION_LOCK_KEY } from '../../src/server/db/client.ts';
import { KEEP_ALIVE_SECONDS } from '../../src/server/run-server.ts';
import { freePort } from '../../src/server/test/live-server.ts';
import { expect, test } from './support/fixtures.ts';

/** CI's PostgreSQL (.ci/run sets it), else this machine's own. */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

test('a starting server shows the landing page while its database is not open yet, and the API once it is', async ({
  browser,
}) => {
  const name = `betproof_e2e_start_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).href;
  const holder = new pg.Client({ connectionString: databaseUrl });
  await holder.connect();
  await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-e2e-start-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      BASE_URL: origin,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    await expect
      .poll(
        () =>
          fetch(`${origin}/`).then(
            (res) => res.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    let health: number | undefined;
    const healthAnswered = fetch(`${origin}/api/health`).then((res) => (health = res.status));

    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Track your betting performance with precision');
    // Its link to sign up opens the Sign Up tab, also without the database.
    await page.getByRole('link', { name: 'Start Recording Bets' }).first().click();
    await expect(page).toHaveURL(`${origin}/auth?mode=signup`);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    // The database is still waiting for the lock: the health check is not answered yet.
    expect(health).toBeUndefined();
    await page.close();

    await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    await healthAnswered;
    expect(health).toBe(200);
    const answer = await fetch(`${origin}/api/health`);
    expect(await answer.json()).toEqual({ status: 'ok', database: true });
    // Idle connections outlive a client's or proxy's own idle timeout (run-server.ts).
    expect(answer.headers.get('keep-alive')).toBe(`timeout=${KEEP_ALIVE_SECONDS}`);
  } finally {
    server.kill('SIGTERM');
    await exited;
    await holder.end();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
