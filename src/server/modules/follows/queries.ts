/**
 * Following and the feed (docs/decisions/036). A follow is a row of `follows`; the feed is one
 * statement over the followed bettors whose record is public at the moment it is read
 * (profiles/visibility.ts), so a profile turning private leaves every feed at once.
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows } from '../../db/schema/index.ts';
import { encodeCursor, decodeCursor, isoText, microsText, queryRows, violatedConstraint } from '../../db/sql.ts';
import { recordIsPublicSql } from '../profiles/visibility.ts';
import { MAX_FOLLOWING } from '../../../shared/follows.ts';
import type { FeedPage, FeedPick } from '../../../shared/follow-schemas.ts';
import type { BetSport, BetStatus } from '../../../shared/bets.ts';

export async function countFollowers(db: Db, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.followeeId, userId));
  return row?.n ?? 0;
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Of `usernames` (lowercase), those whose records `followerId` follows and that are public now: a
 * page of a list asks once for all its rows. One probe of the follower's rows, at most a page.
 */
export async function followedAmong(db: Db, followerId: string, usernames: string[]): Promise<string[]> {
  const rows = await queryRows<{ username: string }>(
    db,
    sql`select p.username from follows f
        join profiles p on p.user_id = f.followee_id
        join users u on u.id = f.followee_id
        left join user_settings st on st.user_id = f.followee_id
        where f.follower_id = ${followerId}
          and p.username in (${sql.join(
            usernames.map((u) => sql`${u}`),
            sql`, `,
          )})
          and ${recordIsPublicSql('st', 'u')}
        order by p.username`,
  );
  return rows.map((r) => r.username);
}

export type FollowResult = { ok: true } | { ok: false; reason: 'self' | 'limit' };

/**
 * Follows, once: following again changes nothing (the primary key). The limit on how many one
 * person follows is in the same statement, so it is read and kept together. Following oneself is
 * refused by the database (CHECK follows_not_self), answered here as 'self'.
 */
export async function follow(db: Db, followerId: string, followeeId: string): Promise<FollowResult> {
  try {
    const inserted = await queryRows<{ one: number }>(
      db,
      sql`insert into follows (follower_id, followee_id)
          select ${followerId}, ${followeeId}
          where (select count(*) from follows where follower_id = ${followerId}) < ${MAX_FOLLOWING}
          on conflict (follower_id, followee_id) do nothing
          returning 1 as one`,
    );
    if (inserted.length > 0 || (await isFollowing(db, followerId, followeeId))) return { ok: true };
    return { ok: false, reason: 'limit' };
  } catch (err) {
    if (violatedConstraint(err, '23514', ['follows_not_self'])) return { ok: false, reason: 'self' };
    throw err;
  }
}

/** Stops following; not following already is the same outcome. */
export async function unfollow(db: Db, followerId: string, followeeId: string): Promise<void> {
  await db.delete(follows).where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
}

// ---------------------------------------------------------------------------------------------
// The feed: pending picks first by event start (soonest first), then settled ones newest first.
// A cursor says which of the two parts the page continues and after which row: "p" or "s", then
// the keyset cursor of db/sql.ts (the row's event start or settlement time, and its id).

type Phase = 'p' | 's';
interface FeedCursor {
  phase: Phase;
  time: string;
  id: string;
}

export const encodeFeedCursor = (c: FeedCursor) => `${c.phase}.${encodeCursor({ createdAt: c.time, id: c.id })}`;

export function decodeFeedCursor(text: string): FeedCursor | null {
  const phase = text.slice(0, 1);
  if ((phase !== 'p' && phase !== 's') || text[1] !== '.') return null;
  const keyset = decodeCursor(text.slice(2));
  return keyset ? { phase, time: keyset.createdAt, id: keyset.id } : null;
}

interface FeedRow {
  phase: number;
  id: string;
  username: string;
  display_name: string | null;
  description: string;
  bet_type: BetSport;
  event_date: string;
  event_id: string | null;
  graded: boolean;
  odds: string;
  amount: string;
  status: BetStatus;
  profit_loss: string | null;
  settled_at: string | null;
  recorded_at: string;
  lead_seconds: number;
  key_time: string;
}

export interface FeedOptions {
  sport?: BetSport;
  bettor?: string;
  limit: number;
  cursor?: FeedCursor;
}

/** The followed bettors whose record is public now: the feed's source (and its bettor filter). */
const publicFollowed = (followerId: string, bettor: string | undefined): SQL => sql`
  select f.followee_id as user_id, p.username, p.display_name
  from follows f
  join profiles p on p.user_id = f.followee_id
  join users u on u.id = f.followee_id
  left join user_settings st on st.user_id = f.followee_id
  where f.follower_id = ${followerId} and ${recordIsPublicSql('st', 'u')}
  ${bettor === undefined ? sql`` : sql`and p.username = ${bettor}`}`;

/** A pick's columns, for a page's rows only (`k` the page's keys, `b` the bet, `fo` its bettor). */
const pickColumns = sql`
  k.phase, b.id, fo.username, fo.display_name, b.description, b.bet_type,
  ${isoText('b.event_date')} as event_date, b.event_id, b.graded, b.odds, b.amount::text as amount, b.status,
  b.profit_loss::text as profit_loss, ${isoText('b.settled_at')} as settled_at,
  ${isoText('b.created_at')} as recorded_at,
  floor(extract(epoch from b.event_date - b.created_at))::int as lead_seconds,
  ${microsText('k.key_time')} as key_time`;

/** The page's order: pending picks first, soonest start first; then settled ones, latest first. */
const feedOrder = (k: string) =>
  sql.raw(`${k}.phase,
    case when ${k}.phase = 0 then ${k}.key_time end asc, case when ${k}.phase = 0 then ${k}.id end asc,
    case when ${k}.phase = 1 then ${k}.key_time end desc, case when ${k}.phase = 1 then ${k}.id end desc`);

/**
 * One page of the feed in one statement, whatever the number followed: for each followed bettor
 * at most a page of their pending picks (index bets_user_id_pending_event_idx) and of their
 * settled ones (bets_user_id_settled_at_idx, read backwards), then the page of those. So a page
 * reads at most (followed × (limit + 1)) × 2 index entries, never a bettor's whole history. Only
 * the keys (id and time) are read per bettor — from the index alone where it holds them — and
 * the bets themselves for the page's rows only: reading whole rows for every bettor's candidates
 * was most of the feed's time for someone following hundreds (bench/feed.ts).
 */
export async function readFeed(db: Db, followerId: string, opts: FeedOptions): Promise<Omit<FeedPage, 'following'>> {
  const take = opts.limit + 1;
  const sport = opts.sport === undefined ? sql`` : sql`and b.bet_type = ${opts.sport}`;
  const after = opts.cursor;
  const parts: SQL[] = [];
  if (!after || after.phase === 'p') {
    const past =
      after?.phase === 'p' ? sql`and (b.event_date, b.id) > (${after.time}::timestamptz, ${after.id}::uuid)` : sql``;
    parts.push(sql`(select 0 as phase, fo.user_id, c.id, c.event_date as key_time
      from followed fo cross join lateral (
        select b.id, b.event_date from bets b
        where b.user_id = fo.user_id and b.status = 'pending' ${sport} ${past}
        order by b.event_date, b.id limit ${take}
      ) c
      order by c.event_date, c.id limit ${take})`);
  }
  const past =
    after?.phase === 's' ? sql`and (b.settled_at, b.id) < (${after.time}::timestamptz, ${after.id}::uuid)` : sql``;
  parts.push(sql`(select 1 as phase, fo.user_id, c.id, c.settled_at as key_time
    from followed fo cross join lateral (
      select b.id, b.settled_at from bets b
      where b.user_id = fo.user_id and b.status <> 'pending' ${sport} ${past}
      order by b.settled_at desc, b.id desc limit ${take}
    ) c
    order by c.settled_at desc, c.id desc limit ${take})`);
  const rows = await queryRows<FeedRow>(
    db,
    sql`with followed as (${publicFollowed(followerId, opts.bettor)}),
      page as (
        select * from (${sql.join(parts, sql` union all `)}) candidates
        order by ${feedOrder('candidates')}
        limit ${take}
      )
      select ${pickColumns}
      from page k
      join bets b on b.id = k.id
      join followed fo on fo.user_id = k.user_id
      order by ${feedOrder('k')}`,
  );
  const page = rows.slice(0, opts.limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > opts.limit && last
      ? encodeFeedCursor({ phase: last.phase === 0 ? 'p' : 's', time: last.key_time, id: last.id })
      : null;
  return { picks: page.map(toPick), nextCursor };
}

const toPick = (r: FeedRow): FeedPick => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  description: r.description,
  sport: r.bet_type,
  eventDate: r.event_date,
  eventId: r.event_id,
  graded: r.graded,
  odds: r.odds,
  amount: r.amount,
  status: r.status,
  profitLoss: r.profit_loss,
  settledAt: r.settled_at,
  recordedAt: r.recorded_at,
  leadSeconds: Number(r.lead_seconds),
});

/** The followed bettors whose record is public now, by username (the feed's bettor filter). */
export async function listFollowed(db: Db, followerId: string): Promise<FeedPage['following']> {
  const rows = await queryRows<{ username: string; display_name: string | null }>(
    db,
    sql`${publicFollowed(followerId, undefined)} order by p.username limit ${MAX_FOLLOWING}`,
  );
  return rows.map((r) => ({ username: r.username, displayName: r.display_name }));
}
