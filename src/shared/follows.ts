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

/** "3 h", "2 d 4 h", "45 min": how long before the start a pick was recorded, or how long until it starts. */
export function formatLead(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return `${hours} h`;
  return `${minutes} min`;
}
