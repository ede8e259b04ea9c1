/**
 * Pulls the configured feeds (EVENT_FEEDS) on their schedules, the way docs/decisions/021 says:
 *
 * - On PostgreSQL, as pg-boss jobs in the database: one queue per feed with a cron schedule, the
 *   'stately' policy (never two pulls of a feed active, nor two waiting), and a first pull at
 *   start-up sent as a singleton for the feed's interval. However many servers share the
 *   database, each tick of a schedule makes one job and one server works it.
 * - On the embedded database (PGlite: one process, no other server), with an in-process timer per
 *   feed; a pull still running when the next is due is not doubled.
 */
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import { startInTurn } from '../../../db/pg-boss-setup.ts';
import type { Logger } from '../../../lib/logger.ts';
import { feedLabel, type FeedConfig } from './config.ts';
import { pullFeed, type ImportFeed, type PullDeps, type PullOutcome } from './pull.ts';

export interface FeedPullsOptions {
  feeds: FeedConfig[];
  /** PostgreSQL's URL: pull with pg-boss; none (PGlite): pull with in-process timers. */
  databaseUrl?: string;
  importFeed: ImportFeed;
  logger: Logger;
  /** How often a pg-boss worker looks for a due pull (tests shorten it). */
  pollingIntervalSeconds?: number;
  /** Called after every pull (tests wait on it). */
  onPulled?: (feed: FeedConfig, outcome: PullOutcome) => void;
  fetch?: PullDeps['fetch'];
}

export interface FeedPulls {
  stop(): Promise<void>;
}

/** pg-boss's schema in the database, apart from the app's tables. */
export const PG_BOSS_SCHEMA = 'pgboss';
const QUEUE_PREFIX = 'event-feed-';

/** A feed's queue: named by its format and URL, so a reordered EVENT_FEEDS keeps each feed's queue. */
export function queueNameOf(feed: FeedConfig): string {
  const hash = createHash('sha256').update(`${feed.format} ${feed.url}`).digest('hex').slice(0, 16);
  return `${QUEUE_PREFIX}${hash}`;
}

/** The cron schedule of an interval config.ts allows (minutes dividing an hour, hours dividing a day). */
export function cronOf(everyMinutes: number): string {
  if (everyMinutes < 60) return `*/${everyMinutes} * * * *`;
  if (everyMinutes < 1440) return `0 */${everyMinutes / 60} * * *`;
  return '0 0 * * *';
}

export async function startFeedPulls(options: FeedPullsOptions): Promise<FeedPulls> {
  const deps: PullDeps = { importFeed: options.importFeed, logger: options.logger, fetch: options.fetch };
  const run = async (feed: FeedConfig) => {
    const outcome = await pullFeed(feed, deps);
    options.onPulled?.(feed, outcome);
  };
  return options.databaseUrl ? startPgBoss(options, options.databaseUrl, run) : startTimers(options, run);
}

async function startPgBoss(
  options: FeedPullsOptions,
  databaseUrl: string,
  run: (feed: FeedConfig) => Promise<void>,
): Promise<FeedPulls> {
  const { default: Boss } = await import('pg-boss');
  const create = () => {
    const created = new Boss({
      connectionString: databaseUrl,
      schema: PG_BOSS_SCHEMA,
      application_name: 'betproof-event-feeds',
      // Its own small pool: pulls are a few jobs an hour, apart from the app's connections.
      max: 2,
      // A completed pull is kept (not archived) for two days: the start-up pull's singleton spans
      // the feed's interval, up to a day, and pg-boss requires it within this.
      archiveCompletedAfterSeconds: 2 * 86_400,
    });
    created.on('error', (err) => options.logger.error('event feed jobs: pg-boss error', { error: String(err) }));
    return created;
  };
  const boss = await startInTurn(create, (started) => setUpFeeds(started, options, run));
  return {
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

/** Starts `boss` and schedules each feed of EVENT_FEEDS on it, with a first pull now. */
async function setUpFeeds(
  boss: PgBoss,
  options: FeedPullsOptions,
  run: (feed: FeedConfig) => Promise<void>,
): Promise<void> {
  await boss.start();
  const names = new Set(options.feeds.map(queueNameOf));
  // Feeds taken out of EVENT_FEEDS stop being scheduled (their queues stay, empty).
  for (const schedule of await boss.getSchedules()) {
    if (schedule.name.startsWith(QUEUE_PREFIX) && !names.has(schedule.name)) await boss.unschedule(schedule.name);
  }
  for (const feed of options.feeds) {
    const name = queueNameOf(feed);
    const expireInSeconds = 300;
    await boss.createQueue(name, { name, policy: 'stately', retryLimit: 0, expireInSeconds });
    await boss.schedule(name, cronOf(feed.everyMinutes), {}, { tz: 'UTC' });
    await boss.work(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async () => {
      await run(feed);
    });
    // A first pull now, unless a server pulled this feed within its interval already.
    await boss.send(name, {}, { singletonKey: 'start', singletonSeconds: feed.everyMinutes * 60 });
    options.logger.info('event feed scheduled', {
      feed: feedLabel(feed),
      cron: cronOf(feed.everyMinutes),
      on: 'pg-boss',
    });
  }
}

function startTimers(options: FeedPullsOptions, run: (feed: FeedConfig) => Promise<void>): FeedPulls {
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<FeedConfig, Promise<void>>();
  let stopped = false;
  const pull = (feed: FeedConfig) => {
    if (stopped || running.has(feed)) return;
    const pulling = run(feed).finally(() => running.delete(feed));
    running.set(feed, pulling);
  };
  for (const feed of options.feeds) {
    pull(feed);
    const timer = setInterval(() => pull(feed), feed.everyMinutes * 60_000);
    // A timer alone does not keep the process up (shutdown closes the server, then exits).
    timer.unref();
    timers.push(timer);
    options.logger.info('event feed scheduled', {
      feed: feedLabel(feed),
      everyMinutes: feed.everyMinutes,
      on: 'timer',
    });
  }
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}
