/**
 * The rules of following (docs/decisions/036): how many bettors one person may follow, the feed's
 * page sizes, the API's verbatim errors. No zod here (docs/decisions/015): the shapes are
 * follow-schemas.ts.
 */

/** At most this many followed bettors: the feed reads each one's newest picks (decision 036). */
export const MAX_FOLLOWING = 1000;
export const FEED_PAGE_DEFAULT = 20;
export const FEED_PAGE_MAX = 50;

export const CANNOT_FOLLOW_SELF_MESSAGE = 'You cannot follow yourself';
export const FOLLOWING_LIMIT_MESSAGE = `You can follow at most ${MAX_FOLLOWING} bettors; unfollow someone first`;
