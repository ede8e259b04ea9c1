/**
 * The server's feed pulls (EVENT_FEEDS): each pull's events go to the catalog (modules/events
 * importFeed), which stores them and grades the bets on those that became final in one
 * transaction. Started by run-server.ts once the app is up, only when feeds are configured;
 * pg-boss on PostgreSQL, a timer on PGlite (docs/decisions/021).
 */
import type { Database } from '../../../db/client.ts';
import type { Config } from '../../../env.ts';
import type { Logger } from '../../../lib/logger.ts';
import { catalogImporter } from '../routes.ts';
import { startFeedPulls, type FeedPulls } from './schedule.ts';

export function startEventFeeds(config: Config, database: Database, logger: Logger): Promise<FeedPulls> {
  return startFeedPulls({
    feeds: config.EVENT_FEEDS,
    databaseUrl: database.driver === 'postgres' ? config.DATABASE_URL : undefined,
    // A pull is no request: it grades at the server's clock.
    importFeed: catalogImporter(database.db, () => new Date()),
    logger,
  });
}
