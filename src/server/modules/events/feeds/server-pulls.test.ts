/**
 * The built server with EVENT_FEEDS set: it pulls the feed at start-up, on its own, and the
 * catalog holds the file's events (on PGlite, and on PostgreSQL through pg-boss when
 * TEST_DATABASE_URL is set). A local server stands in for football-data.co.uk.
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { drivers } from '../../../test/harness.ts';
import { createTarget, LiveServer, withDatabase, type Target } from '../../../test/live-server.ts';
import { startFeedServer, type FeedServer } from './feed-server.test-helper.ts';
import { fixture } from './test-fixtures.ts';

const e0 = fixture('football-data-E0-2024-25-excerpt.csv');

let target: Target | undefined;
let live: LiveServer | undefined;
let publisher: FeedServer | undefined;
afterEach(async () => {
  await live?.stop();
  await publisher?.close();
  await target?.dispose();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(drivers)('a server with EVENT_FEEDS (%s)', (driver) => {
  it('pulls the feed at start-up and its events are in the catalog, final with their scores', async () => {
    publisher = await startFeedServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(e0));
    target = await createTarget(driver);
    live = await LiveServer.start(target, {
      env: {
        LOG_LEVEL: 'info',
        EVENT_FEEDS: `football-data ${publisher.url}/mmz4281/2425/E0.csv competition=Premier%20League every=1d`,
      },
    });
    for (let i = 0; i < 300 && !live.output().includes('"msg":"event feed pulled"'); i++) await sleep(100);
    expect(live.output()).toContain('"msg":"event feed pulled","feed":"football-data');
    expect(live.output()).toContain('"events":29,"created":29,"updated":0,"graded":0');
    expect(publisher.requests).toEqual(['/mmz4281/2425/E0.csv']);
    await live.stop();
    live = undefined;

    const rows = await withDatabase(target, (db) =>
      db.execute(sql`
        select count(*)::int as events,
               count(*) filter (where status = 'final')::int as final,
               max(home_score) filter (where home = 'Man City' and away = 'Ipswich') as city
          from events where source_feed = 'football-data' and competition = 'Premier League'`),
    );
    const [counts] = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
    expect(counts).toEqual({ events: 29, final: 29, city: 4 });
  }, 180_000);
});
