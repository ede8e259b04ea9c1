import { afterEach, describe, expect, it } from 'vitest';
import { createTarget, type Target } from '../../../test/live-server.ts';
import type { FeedConfig } from './config.ts';
import { capturingLogger, startFeedServer, type FeedServer } from './feed-server.test-helper.ts';
import type { ImportFeed, PullOutcome } from './pull.ts';
import { cronOf, queueNameOf, startFeedPulls, type FeedPulls } from './schedule.ts';
import { fixture } from './test-fixtures.ts';

const season = fixture('football-json-en.1-2024-25.json');

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A publisher serving the real football.json file, each answer held for `delayMs`. */
async function publisher(delayMs = 0): Promise<FeedServer> {
  const server = await startFeedServer((_req, res) => {
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(season), delayMs);
  });
  cleanups.push(() => server.close());
  return server;
}

function recordingImport() {
  const calls: number[] = [];
  const importFeed: ImportFeed = async (_format, parsed) => {
    calls.push(parsed.events.length);
    return { created: parsed.events.length, updated: 0, graded: 0 };
  };
  return { calls, importFeed };
}

const feedAt = (url: string): FeedConfig => ({
  format: 'football-json',
  url,
  options: { timezone: 'Europe/London' },
  everyMinutes: 15,
});

/** Resolves at the `n`th pull (of any feed) seen by `onPulled`. */
function pulls(n: number) {
  const outcomes: PullOutcome[] = [];
  let resolve: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  const onPulled = (_feed: FeedConfig, outcome: PullOutcome) => {
    outcomes.push(outcome);
    if (outcomes.length === n) resolve();
  };
  return { outcomes, done, onPulled };
}

describe('feed schedules', () => {
  it('turn an interval into a cron schedule, and name a queue by format and URL', () => {
    expect([5, 15, 30, 60, 360, 720, 1440].map(cronOf)).toEqual([
      '*/5 * * * *',
      '*/15 * * * *',
      '*/30 * * * *',
      '0 */1 * * *',
      '0 */6 * * *',
      '0 */12 * * *',
      '0 0 * * *',
    ]);
    const feed = feedAt('https://example.org/en.1.json');
    expect(queueNameOf(feed)).toMatch(/^event-feed-[0-9a-f]{16}$/);
    expect(queueNameOf({ ...feed, everyMinutes: 60 })).toBe(queueNameOf(feed));
    expect(queueNameOf({ ...feed, url: 'https://example.org/en.2.json' })).not.toBe(queueNameOf(feed));
  });

  it('on the embedded database, pull each feed at start-up with an in-process timer, and stop cleanly', async () => {
    const server = await publisher();
    const { calls, importFeed } = recordingImport();
    const seen = pulls(1);
    const logger = capturingLogger();
    const feedPulls = await startFeedPulls({
      feeds: [feedAt(`${server.url}/2024-25/en.1.json`)],
      importFeed,
      logger,
      onPulled: seen.onPulled,
    });
    cleanups.push(() => feedPulls.stop());
    await seen.done;
    expect(seen.outcomes).toEqual([{ ok: true, events: 380, created: 380, updated: 0, graded: 0 }]);
    expect(calls).toEqual([380]);
    expect(logger.lines.map((l) => [l.level, l.msg, l.fields?.on])).toEqual([
      ['info', 'event feed scheduled', 'timer'],
      ['info', 'event feed pulled', undefined],
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('feed pulls on PostgreSQL (pg-boss)', () => {
  it('several servers on one database pull a feed once, not once each', async () => {
    const target: Target = await createTarget('postgres');
    cleanups.push(() => target.dispose());
    // Each answer takes a while, so that the servers' starts overlap the first pull.
    const server = await publisher(300);
    const { calls, importFeed } = recordingImport();
    const seen = pulls(1);
    // Daily: the start-up pull is a singleton for a whole day.
    const feeds = [{ ...feedAt(`${server.url}/2024-25/en.1.json`), everyMinutes: 1440 }];
    const servers: FeedPulls[] = [];
    for (let i = 0; i < 3; i++) {
      const feedPulls = await startFeedPulls({
        feeds,
        databaseUrl: target.databaseUrl,
        importFeed,
        logger: capturingLogger(),
        pollingIntervalSeconds: 0.5,
        onPulled: seen.onPulled,
      });
      servers.push(feedPulls);
    }
    cleanups.push(async () => {
      await Promise.all(servers.map((s) => s.stop()));
    });
    await seen.done;
    // Long enough for every server's worker to have polled several times.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(server.requests).toEqual(['/2024-25/en.1.json']);
    expect(calls).toEqual([380]);
    expect(seen.outcomes).toHaveLength(1);
  });
});
