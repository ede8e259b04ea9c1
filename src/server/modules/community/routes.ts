import { Hono } from 'hono';
import { coalescing } from '../../lib/coalesce.ts';
import type { Db } from '../../db/client.ts';
import { validate } from '../../edge/http.ts';
import type { AppEnv } from '../auth/index.ts';
import { SITE_COUNTS_MAX_AGE_SECONDS } from '../../../shared/site-counts.ts';
import {
  influencersQuerySchema,
  spotlightQuerySchema,
  type InfluencerAnswer,
  type SiteCounts,
  type SpotlightAnswer,
} from '../../../shared/community-schemas.ts';
import { countSite, getSpotlight, listInfluencers } from './queries.ts';
import { withDisclosures } from '../profiles/taken-back.ts';

export interface CommunityRoutesDeps {
  db: Db;
  /** The server's clock: the rolling windows and the trend end at it. */
  now: () => Date;
}

/**
 * /api/community: public (no sign-in), read-only, and only ever about public profiles. Both
 * answers are computed in SQL from the trigger-kept summaries, and every visitor asking for the
 * same page gets the same answer: concurrent requests for it share one computation (coalesce.ts).
 */
export function communityRoutes({ db, now }: CommunityRoutesDeps) {
  const spotlight = coalescing<SpotlightAnswer>();
  const influencers = coalescing<InfluencerAnswer>();
  const counts = coalescing<SiteCounts>();
  /** The last counts and when (server clock) they were made: the landing asks on every visit. */
  let kept: SiteCounts | null = null;
  return new Hono<AppEnv>()
    .get('/counts', async (c) => {
      const at = now();
      if (!kept || at.getTime() - Date.parse(kept.countedAt) >= SITE_COUNTS_MAX_AGE_SECONDS * 1000) {
        kept = await counts('site', () => countSite(db, at));
      }
      c.header('Cache-Control', `public, max-age=${SITE_COUNTS_MAX_AGE_SECONDS}`);
      return c.json(kept, 200);
    })
    .get('/spotlight', validate('query', spotlightQuerySchema), async (c) => {
      const { period, limit, offset } = c.req.valid('query');
      const page = await spotlight(JSON.stringify([period, limit, offset]), async () => {
        const at = now();
        return withDisclosures(db, await getSpotlight(db, { period, limit, offset, now: at }), at);
      });
      return c.json(page, 200);
    })
    .get('/influencers', validate('query', influencersQuerySchema), async (c) => {
      const { search, sport, sort, limit, offset } = c.req.valid('query');
      const page = await influencers(JSON.stringify([search, sport, sort, limit, offset]), async () => {
        const at = now();
        return withDisclosures(db, await listInfluencers(db, { search, sport, sort, limit, offset, now: at }), at);
      });
      return c.json(page, 200);
    });
}
