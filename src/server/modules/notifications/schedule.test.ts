/**
 * The notification job's schedule on PostgreSQL (pg-boss): two servers on one database both start
 * it and send a first run; the queue's 'stately' policy keeps at most one waiting, so it runs once
 * or twice, not once per send.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { CapturingMailer, TEST_BASE_URL } from '../../test/harness.ts';
import { createTarget, type Target } from '../../test/live-server.ts';
import { startNotificationJobs, type NotificationJobs } from './schedule.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('notification jobs on PostgreSQL (pg-boss)', () => {
  it('two servers starting it run the job, and the queue does not pile up their first runs', async () => {
    const target: Target = await createTarget('postgres');
    cleanups.push(() => target.dispose());
    const database: Database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    cleanups.push(() => database.close());
    let runs = 0;
    let firstRun!: () => void;
    const ran = new Promise<void>((resolve) => (firstRun = resolve));
    const jobs: NotificationJobs[] = [];
    for (let i = 0; i < 2; i++) {
      jobs.push(
        await startNotificationJobs({
          deps: {
            db: database.db,
            mailer: new CapturingMailer(),
            push: null,
            now: () => new Date(),
            baseUrl: TEST_BASE_URL,
            secret: 'test-secret-test-secret-test-secret-0123456789',
            graceMinutes: 10,
            logger: createLogger('silent'),
          },
          databaseUrl: target.databaseUrl,
          sweepSeconds: 60,
          pollingIntervalSeconds: 0.5,
          onRun: () => {
            runs++;
            firstRun();
          },
        }),
      );
    }
    cleanups.push(async () => {
      await Promise.all(jobs.map((j) => j.stop()));
    });
    // Each server sent a first run at start; 'stately' keeps at most one queued and one active.
    await ran;
    // Long enough for both servers' workers to poll several times.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(runs).toBeLessThanOrEqual(2);
  });
});
