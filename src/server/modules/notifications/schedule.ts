/**
 * Runs the notification job (job.ts) in the background, the way the feed pulls run
 * (docs/decisions/021): on PostgreSQL a pg-boss queue with a schedule every minute and the
 * 'stately' policy (never two runs at once across servers, one waiting at most), retried by
 * pg-boss when a run fails; on the embedded database a timer in the one server process.
 * A run that fails halfway and is run again sends nothing twice (the rows' states, job.ts).
 */
import { startInTurn } from '../../db/pg-boss-setup.ts';
import type { Logger } from '../../lib/logger.ts';
import { PG_BOSS_SCHEMA } from '../events/feeds/schedule.ts';
import { runNotifications, type JobCounts, type NotifyDeps } from './job.ts';

export const NOTIFY_QUEUE = 'pick-notifications';

export interface NotificationJobs {
  stop(): Promise<void>;
}

export interface NotificationJobOptions {
  deps: NotifyDeps;
  /** PostgreSQL's URL: pg-boss; none (PGlite): a timer every `sweepSeconds` (0: never). */
  databaseUrl?: string;
  sweepSeconds: number;
  /** How often a pg-boss worker looks for a due run (tests shorten it). */
  pollingIntervalSeconds?: number;
  /** Called after every run (tests wait on it). */
  onRun?: (counts: JobCounts) => void;
}

export async function startNotificationJobs(options: NotificationJobOptions): Promise<NotificationJobs> {
  const { deps, logger } = { deps: options.deps, logger: options.deps.logger };
  const run = async () => {
    const counts = await runNotifications(deps);
    if (counts.announced + counts.sent + counts.failed + counts.dropped > 0)
      logger.info('notifications', { ...counts });
    options.onRun?.(counts);
  };
  return options.databaseUrl
    ? startPgBoss(options, options.databaseUrl, run, logger)
    : startTimer(options, run, logger);
}

async function startPgBoss(
  options: NotificationJobOptions,
  databaseUrl: string,
  run: () => Promise<void>,
  logger: Logger,
): Promise<NotificationJobs> {
  const { default: PgBoss } = await import('pg-boss');
  const boss = await startInTurn(
    () => {
      const created = new PgBoss({
        connectionString: databaseUrl,
        schema: PG_BOSS_SCHEMA,
        application_name: 'betproof-notifications',
        max: 2,
      });
      created.on('error', (err) => logger.error('notification jobs: pg-boss error', { error: String(err) }));
      return created;
    },
    async (boss) => {
      await boss.start();
      await boss.createQueue(NOTIFY_QUEUE, {
        name: NOTIFY_QUEUE,
        policy: 'stately',
        // A failed run is tried again soon; what it sent stays sent (job.ts).
        retryLimit: 3,
        retryDelay: 20,
        expireInSeconds: 300,
      });
      await boss.schedule(NOTIFY_QUEUE, '* * * * *', {}, { tz: 'UTC' });
      await boss.work(NOTIFY_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async () => {
        await run();
      });
      // A first run now, not at the next minute.
      await boss.send(NOTIFY_QUEUE, {});
    },
  );
  logger.info('notification jobs scheduled', { on: 'pg-boss', cron: '* * * * *' });
  return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}

function startTimer(options: NotificationJobOptions, run: () => Promise<void>, logger: Logger): NotificationJobs {
  if (options.sweepSeconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .catch((err) => logger.error('notification job failed', { error: String(err) }))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, options.sweepSeconds * 1000);
  timer.unref();
  tick();
  logger.info('notification jobs scheduled', { on: 'timer', everySeconds: options.sweepSeconds });
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
