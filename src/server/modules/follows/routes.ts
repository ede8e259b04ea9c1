import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validate, type ApiError } from '../../edge/http.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import type { Quotas } from '../../edge/quotas.ts';
import { findProfileByUsername } from '../profiles/queries.ts';
import { recordIsPublic } from '../profiles/visibility.ts';
import { INVALID_CURSOR } from '../../db/sql.ts';
import { PROFILE_NOT_FOUND_ERROR } from '../../../shared/profiles.ts';
import { CANNOT_FOLLOW_SELF_MESSAGE, FOLLOWING_LIMIT_MESSAGE } from '../../../shared/follows.ts';
import {
  feedQuerySchema,
  followStatesQuerySchema,
  type FollowState,
  type FollowStates,
} from '../../../shared/follow-schemas.ts';
import {
  countFollowers,
  decodeFeedCursor,
  follow,
  followedAmong,
  isFollowing,
  listFollowed,
  readFeed,
  unfollow,
} from './queries.ts';

export interface FollowRoutesDeps {
  auth: Auth;
  db: Db;
  quotas: Quotas;
}

const notFound = { error: PROFILE_NOT_FOUND_ERROR } as const;

/**
 * /api/profiles/:username/follow (POST follows, DELETE unfollows; both idempotent, both counted as
 * writes), /api/follows/state (a page of rows' follow states at once) and /api/feed, the followed
 * bettors' picks. Signed in only. Mounted before the public
 * profile routes, which answer every other /api/profiles path.
 */
export function followRoutes({ auth, db, quotas }: FollowRoutesDeps) {
  const signedIn = requireUser(auth);
  const counted = quotas.writes('following bettors');
  /** The profile by its URL; one whose owner has not confirmed their email does not exist yet. */
  const lookup = async (username: string) => {
    const record = await findProfileByUsername(db, username);
    return record && record.emailVerified ? record : null;
  };
  const state = async (following: boolean, followeeId: string): Promise<FollowState> => ({
    following,
    followers: await countFollowers(db, followeeId),
  });
  return (
    new Hono<AppEnv>()
      // Whether the signed-in viewer follows the profile: the page's HTML is the same for everyone.
      .get('/profiles/:username/follow', signedIn, async (c) => {
        const record = await lookup(c.req.param('username'));
        // A private profile is a missing one to everyone else (profiles/routes.ts): its count says nothing.
        if (!record || (!recordIsPublic(record) && record.userId !== c.get('user').id)) return c.json(notFound, 404);
        return c.json(await state(await isFollowing(db, c.get('user').id, record.userId), record.userId), 200);
      })
      // A list's page (the Spotlight, the directory) asks for all its rows at once. Its own answer,
      // never cached (a private route): the lists themselves are the same for everyone and cached
      // publicly, so they cannot carry it (docs/decisions/054).
      .get('/follows/state', signedIn, validate('query', followStatesQuerySchema), async (c) => {
        const { usernames } = c.req.valid('query');
        return c.json<FollowStates, 200>({ following: await followedAmong(db, c.get('user').id, usernames) }, 200);
      })
      .post('/profiles/:username/follow', signedIn, counted, async (c) => {
        const record = await lookup(c.req.param('username'));
        // Only a public record can be followed (visibility.ts); a private one answers as a missing one,
        // so the API never tells that a private name is taken.
        if (!record || !recordIsPublic(record)) return c.json(notFound, 404);
        const result = await follow(db, c.get('user').id, record.userId);
        if (!result.ok && result.reason === 'self')
          return c.json<ApiError, 422>({ error: CANNOT_FOLLOW_SELF_MESSAGE }, 422);
        if (!result.ok) return c.json<ApiError, 409>({ error: FOLLOWING_LIMIT_MESSAGE }, 409);
        return c.json(await state(true, record.userId), 200);
      })
      // Unfollowing works whatever the profile's visibility now: nobody is kept following a private one.
      .delete('/profiles/:username/follow', signedIn, counted, async (c) => {
        const record = await lookup(c.req.param('username'));
        if (!record) return c.json(notFound, 404);
        await unfollow(db, c.get('user').id, record.userId);
        return c.json(await state(false, record.userId), 200);
      })
      .get('/feed', signedIn, validate('query', feedQuerySchema), async (c) => {
        const { sport, bettor, limit, cursor: cursorText } = c.req.valid('query');
        const cursor = cursorText === undefined ? undefined : decodeFeedCursor(cursorText);
        if (cursor === null) return c.json<ApiError, 422>(INVALID_CURSOR, 422);
        const userId = c.get('user').id;
        const [page, following] = await Promise.all([
          readFeed(db, userId, { sport, bettor, limit, cursor }),
          listFollowed(db, userId),
        ]);
        return c.json({ ...page, following }, 200);
      })
  );
}
