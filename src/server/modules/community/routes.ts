import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validate, type AppEnv } from '../../http.ts';
import { influencersQuerySchema, spotlightQuerySchema } from '../../../shared/community.ts';
import { getSpotlight, listInfluencers } from './queries.ts';

export interface CommunityRoutesDeps {
  db: Db;
  /** The server's clock: the rolling windows and the trend end at it. */
  now: () => Date;
}

/**
 * /api/community: public (no sign-in), read-only, and only ever about public profiles. Both
 * answers are computed in SQL from the trigger-kept summaries.
 */
export function communityRoutes({ db, now }: CommunityRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/spotlight', validate('query', spotlightQuerySchema), async (c) => {
      const { period, limit, offset } = c.req.valid('query');
      return c.json(await getSpotlight(db, { period, limit, offset, now: now() }), 200);
    })
    .get('/influencers', validate('query', influencersQuerySchema), async (c) => {
      const { search, sport, sort, limit, offset } = c.req.valid('query');
      return c.json(await listInfluencers(db, { search, sport, sort, limit, offset, now: now() }), 200);
    });
}
