import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { isoText, jsonColumn, queryRows, rowsOf, violatedConstraint } from '../../db/sql.ts';
import {
  betLedgerHeads,
  userBetKinds,
  userMarketFigures,
  userAchievementFigures,
  profiles,
  user,
  userBetStats,
  userSettings,
  usernameHistory,
  type StoredSocialLinks,
} from '../../db/schema/index.ts';
import { settingIsPublicSql } from './visibility.ts';
import { GENESIS_HASH, type LedgerHead } from '../../../shared/ledger.ts';
import { computeAchievements, type AchievementInput } from '../../../shared/achievements.ts';
import { BET_SPORTS, type BetSport } from '../../../shared/bets.ts';
import { formatCents, parseMoney } from '../../../shared/money.ts';
import { EMPTY_SOCIAL_LINKS, type VerificationStatus } from '../../../shared/profiles.ts';
import type { Analytics, ProfileSettings, PublicProfile, SocialLinks } from '../../../shared/profile-schemas.ts';
import { isProfileUsername } from '../../../shared/usernames.ts';
import { buildStats, parseScaled, winRate, type StatsContext } from '../../../shared/stats.ts';
import { atMarketPrices, marketFigureColumns, marketFiguresOf, type MarketFigureRow } from '../events/market.ts';
import { RANK_MIN_EVENTS, breakEvenChance, luckAdjustedYield } from '../../../shared/ranking.ts';
import {
  getBetSummary,
  overdueBefore,
  overdueCountSql,
  summaryColumns,
  totalsFromSummary,
  unitSizeCents,
  type BetSummary,
} from '../bets/bet-stats.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

/** What a profile lookup reads: the profile, its visibility and its social links (no statistics). */
export interface ProfileRecord {
  userId: string;
  username: string;
  displayName: string | null;
  verificationStatus: VerificationStatus;
  createdAt: Date;
  /** The owner's setting; whether others see the record is visibility.ts's rule. */
  profilePublic: boolean;
  emailVerified: boolean;
  social: SocialLinks;
}

/** Numeric text from either driver as a two-decimal string. */
const money = (value: string): string => {
  const cents = parseMoney(value);
  if (cents === null) throw new Error(`unexpected money value from the database: ${value}`);
  return formatCents(cents);
};

/** Only the four known keys, each a string ('' when unset), whatever the stored object holds. */
function socialFrom(stored: StoredSocialLinks | null | undefined): SocialLinks {
  const links = { ...EMPTY_SOCIAL_LINKS };
  for (const key of Object.keys(links) as (keyof SocialLinks)[]) {
    const value = stored?.[key];
    if (typeof value === 'string') links[key] = value;
  }
  return links;
}

const profileColumns = {
  userId: profiles.userId,
  username: profiles.username,
  displayName: profiles.displayName,
  verificationStatus: profiles.verificationStatus,
  createdAt: profiles.createdAt,
  profilePublic: sql<boolean>`${settingIsPublicSql('user_settings')}`,
  emailVerified: user.emailVerified,
  socialLinks: userSettings.socialLinks,
};

type ProfileRow = { socialLinks: StoredSocialLinks | null } & Omit<ProfileRecord, 'social'>;

const toRecord = ({ socialLinks, ...row }: ProfileRow): ProfileRecord => ({ ...row, social: socialFrom(socialLinks) });

/**
 * The profile with its bet summary (undefined before the first bet), its overdue count and its
 * ledger's head: what a profile view shows.
 */
export interface ProfileView {
  record: ProfileRecord;
  summary: BetSummary | undefined;
  overdue: number;
  /** The owner's unit size (numeric text), null when not set. */
  unitSize: string | null;
  ledgerHead: LedgerHead;
  /** How many of the bets are graded from results, how many self-reported and how many deleted (user_bet_kinds). */
  kinds: { graded: number; selfReported: number; deleted: number };
  /** The prices the graded bets could have had and their closing line (user_market_figures), null before any. */
  market: MarketFigureRow | null;
  /** What achievements count (user_achievement_figures), null before any graded position. */
  achievement: AchievementFiguresRow | null;
  /** How many people follow the profile (follows, migration 0032). */
  followers: number;
  /** The record the rankings read: the running totals of counted positions (docs/decisions/038). */
  ranked: RankedTotalsRow | null;
}

type AchievementFiguresRow = Omit<typeof userAchievementFigures.$inferSelect, 'userId'>;

interface RankedTotalsRow {
  positions: number;
  events: number;
  levelProfit: string;
  oddsSum: string;
}

type ProfileViewRow = ProfileRow & {
  summary: BetSummary | null;
  overdue: number;
  unitSize: string | null;
  headSeq: number | null;
  headHash: string | null;
  graded: number | null;
  selfReported: number | null;
  deleted: number | null;
  market: MarketFigureRow | null;
  achievement: AchievementFiguresRow | null;
  followers: number;
  ranked: unknown;
};

const toView = ({
  summary,
  overdue,
  unitSize,
  headSeq,
  headHash,
  graded,
  selfReported,
  deleted,
  market,
  achievement,
  followers,
  ranked,
  ...row
}: ProfileViewRow): ProfileView => ({
  record: toRecord(row),
  summary: summary ?? undefined,
  overdue,
  unitSize,
  ledgerHead: { seq: headSeq ?? 0, hash: headHash ?? GENESIS_HASH },
  kinds: { graded: graded ?? 0, selfReported: selfReported ?? 0, deleted: deleted ?? 0 },
  market,
  achievement,
  followers: Number(followers),
  ranked: ranked === null || ranked === undefined ? null : jsonColumn<RankedTotalsRow>(ranked),
});

/** The lookups by username and by user id, with or without the summary: one read each. */
const selectProfile = (db: Db) =>
  db
    .select(profileColumns)
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(userSettings, eq(userSettings.userId, profiles.userId));

/** `overdueBefore` is a placeholder: the latest event start that makes a pending bet overdue now. */
const selectProfileView = (db: Db) =>
  db
    .select({
      ...profileColumns,
      summary: summaryColumns,
      overdue: overdueCountSql(profiles.userId, sql`${sql.placeholder('overdueBefore')}::timestamptz`),
      unitSize: userSettings.unitSize,
      headSeq: betLedgerHeads.seq,
      headHash: betLedgerHeads.hash,
      graded: userBetKinds.graded,
      selfReported: userBetKinds.selfReported,
      deleted: userBetKinds.deleted,
      market: marketFigureColumns,
      achievement: {
        positions: userAchievementFigures.positions,
        won: userAchievementFigures.won,
        profit: userAchievementFigures.profit,
        longestWinStreak: userAchievementFigures.longestWinStreak,
        maxStake: userAchievementFigures.maxStake,
      },
      // An index-only count of the profile's range of follows_followee_id_idx.
      followers: sql<number>`(select count(*)::int from follows where follows.followee_id = ${profiles.userId})`,
      // The latest running totals of the rankings' summary: one probe of its primary key.
      ranked: sql<unknown>`(select json_build_object('positions', d.cum_positions, 'events', d.cum_events,
        'levelProfit', d.cum_level_profit::text, 'oddsSum', d.cum_odds_sum::text)
        from user_position_days d where d.user_id = ${profiles.userId} order by d.day desc limit 1)`,
    })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.userId))
    .leftJoin(userSettings, eq(userSettings.userId, profiles.userId))
    .leftJoin(userBetStats, eq(userBetStats.userId, profiles.userId))
    .leftJoin(betLedgerHeads, eq(betLedgerHeads.userId, profiles.userId))
    .leftJoin(userBetKinds, eq(userBetKinds.userId, profiles.userId))
    .leftJoin(userMarketFigures, eq(userMarketFigures.userId, profiles.userId))
    .leftJoin(userAchievementFigures, eq(userAchievementFigures.userId, profiles.userId));

const byUsername = eq(profiles.username, sql.placeholder('username'));

/** Every look at a profile by its URL starts with one of these two. */
const profileByUsername = preparedPerDb((db) =>
  selectProfile(db).where(byUsername).limit(1).prepare('profile_by_username'),
);
const profileViewByUsername = preparedPerDb((db) =>
  selectProfileView(db).where(byUsername).limit(1).prepare('profile_view_by_username'),
);
const profileViewByUserId = preparedPerDb((db) =>
  selectProfileView(db)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('profile_view_by_user_id'),
);

/** Usernames are stored lowercase, so a lookup in any case is one probe of the unique index. */
const usernameKey = (name: string): string | null => {
  const username = name.trim().toLowerCase();
  return isProfileUsername(username) ? username : null;
};

/** The profile whose username is `name`, in any case; null when there is none. */
export async function findProfileByUsername(db: Db, name: string): Promise<ProfileRecord | null> {
  const username = usernameKey(name);
  if (username === null) return null;
  const [row] = await profileByUsername(db).execute({ username });
  return row ? toRecord(row) : null;
}

/**
 * findProfileByUsername with the summary in the same read. The caller applies the privacy rule
 * before it shows anything of the summary.
 */
export async function findProfileViewByUsername(db: Db, name: string, now: Date): Promise<ProfileView | null> {
  const username = usernameKey(name);
  if (username === null) return null;
  const [row] = await profileViewByUsername(db).execute({ username, overdueBefore: overdueBefore(now).toISOString() });
  return row ? toView(row) : null;
}

export async function findProfileByUserId(db: Db, userId: string): Promise<ProfileRecord | null> {
  const [row] = await selectProfile(db).where(eq(profiles.userId, userId)).limit(1);
  return row ? toRecord(row) : null;
}

async function findProfileViewByUserId(db: Db, userId: string, now: Date): Promise<ProfileView | null> {
  const [row] = await profileViewByUserId(db).execute({ userId, overdueBefore: overdueBefore(now).toISOString() });
  return row ? toView(row) : null;
}

/** What achievements count (user_achievement_figures; zeros for a user with no graded position). */
const achievementInputsOf = (row: AchievementFiguresRow | null | undefined): AchievementInput => ({
  positions: row?.positions ?? 0,
  won: row?.won ?? 0,
  profit: money(row?.profit ?? '0'),
  longestWinStreak: row?.longestWinStreak ?? 0,
  maxStake: money(row?.maxStake ?? '0'),
});

/** The record the rankings read, as the profile states it (docs/decisions/038). */
function rankingOf(row: RankedTotalsRow | null): PublicProfile['ranking'] {
  const totals = {
    positions: row?.positions ?? 0,
    events: row?.events ?? 0,
    levelProfit: parseScaled(row?.levelProfit ?? '0', 6),
    oddsSum: parseScaled(row?.oddsSum ?? '0', 6),
  };
  return {
    positions: totals.positions,
    events: totals.events,
    minEvents: RANK_MIN_EVENTS,
    luckAdjustedYield: luckAdjustedYield(totals),
    breakEvenChance: breakEvenChance(totals),
  };
}

/**
 * Days since the profile was created, rounded up: 1 during its first 24 hours (the day it was
 * created counts as a day of activity), 2 during the next 24, and so on; never less than 1.
 */
export const daysActive = (createdAt: Date, now: Date): number =>
  Math.max(1, Math.ceil((now.getTime() - createdAt.getTime()) / DAY_MS));

/**
 * The statistics a profile states, in its header and in its analytics tab alike: the summary's,
 * with the bets above the market counted at the best price seen (decision 040, atMarketPrices).
 */
export const statsAtMarketPrices = (
  summary: BetSummary | undefined,
  market: MarketFigureRow | null | undefined,
  context: StatsContext = {},
) => buildStats(atMarketPrices(totalsFromSummary(summary), market), context);

/**
 * The whole profile answer, from one read (ProfileView). Callers decide visibility first: it
 * carries the statistics, so it must only be built for a viewer allowed to see them.
 */
export function buildProfile(
  { record, summary, overdue, unitSize, ledgerHead, kinds, market, achievement, followers, ranked }: ProfileView,
  opts: { isOwner: boolean; now: Date; following?: boolean },
): PublicProfile {
  const stats = statsAtMarketPrices(summary, market, { overdue, unitSize: unitSizeCents(unitSize) });
  return {
    username: record.username,
    displayName: record.displayName,
    verificationStatus: record.verificationStatus,
    createdAt: record.createdAt.toISOString(),
    daysActive: daysActive(record.createdAt, opts.now),
    profilePublic: record.profilePublic,
    isOwner: opts.isOwner,
    social: record.social,
    stats: { ...stats, graded: kinds.graded, selfReported: kinds.selfReported },
    disclosure: {
      graded: kinds.graded,
      selfReported: kinds.selfReported,
      voided: stats.voided,
      deleted: kinds.deleted,
      overdue: stats.overdue,
    },
    market: marketFiguresOf(market),
    ranking: rankingOf(ranked),
    achievements: computeAchievements(achievementInputsOf(achievement)),
    ledgerHead,
    followers,
    following: opts.following ?? false,
  };
}

// ---------------------------------------------------------------------------------------------
// Writes

export type UpdateProfileResult =
  { ok: true } | { ok: false; reason: 'username-taken' | 'username-reserved' | 'not-found' };

/** The username's unique constraint: on the lowercase column, so case-insensitive (migration 0000). */
const USERNAME_UNIQUE = 'profiles_username_unique';
/** The trigger keeping a given-up name its owner's for 30 days (db/functions/profiles_username_not_recently_released.sql): answered as taken. */
const USERNAME_RECENTLY_RELEASED = 'profiles_username_recently_released';
/** The trigger refusing reserved names (db/functions/profiles_refuse_reserved_username.sql), whatever the handler checked first. */
const USERNAME_NOT_RESERVED = 'profiles_username_not_reserved';

/**
 * Changes the username (already validated and lowercased) and/or the display name ('' clears it).
 * The unique constraint decides a race between two users taking the same name.
 */
export async function updateProfile(
  db: Db,
  userId: string,
  input: { username?: string; displayName?: string },
): Promise<UpdateProfileResult> {
  const set: Partial<typeof profiles.$inferInsert> = {};
  if (input.username !== undefined) set.username = input.username;
  if (input.displayName !== undefined) set.displayName = input.displayName === '' ? null : input.displayName;
  try {
    const rows = await db
      .update(profiles)
      .set(set)
      .where(eq(profiles.userId, userId))
      .returning({ userId: profiles.userId });
    return rows.length ? { ok: true } : { ok: false, reason: 'not-found' };
  } catch (err) {
    if (violatedConstraint(err, '23505', [USERNAME_UNIQUE, USERNAME_RECENTLY_RELEASED]))
      return { ok: false, reason: 'username-taken' };
    if (violatedConstraint(err, '23514', [USERNAME_NOT_RESERVED])) return { ok: false, reason: 'username-reserved' };
    throw err;
  }
}

/**
 * Whether `username` (validated and lowercased) is free for `userId`: no profile has it, or it is
 * already theirs, and nobody else gave it up within 30 days. Index probes; the database's
 * constraints still decide a race.
 */
export async function isUsernameAvailable(db: Db, userId: string, username: string): Promise<boolean> {
  const [holder] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(eq(profiles.username, username))
    .limit(1);
  if (holder) return holder.userId === userId;
  // Given up by someone else less than 30 days ago: still theirs (db/functions/profiles_username_not_recently_released.sql).
  const [released] = await db
    .select({ userId: usernameHistory.userId })
    .from(usernameHistory)
    .where(
      and(
        eq(usernameHistory.oldUsername, username),
        ne(usernameHistory.userId, userId),
        sql`${usernameHistory.renamedAt} > now() - interval '30 days'`,
      ),
    )
    .limit(1);
  return !released;
}

/**
 * Saves visibility, social links and the unit size. Other keys in privacy_settings are kept; empty
 * links are not stored. An upsert, so a settings row missing for any reason is created.
 */
export async function saveSettings(db: Db, userId: string, settings: ProfileSettings): Promise<void> {
  const social: StoredSocialLinks = {};
  for (const [key, value] of Object.entries(settings.social) as [keyof SocialLinks, string][]) {
    if (value !== '') social[key] = value;
  }
  // The unit size: '' clears it, absent keeps the saved one.
  const unitSize =
    settings.unitSize === undefined ? {} : { unitSize: settings.unitSize === '' ? null : settings.unitSize };
  await db
    .insert(userSettings)
    .values({ userId, privacySettings: { profile_public: settings.profilePublic }, socialLinks: social, ...unitSize })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        privacySettings: sql`${userSettings.privacySettings} || jsonb_build_object('profile_public', ${settings.profilePublic}::boolean)`,
        socialLinks: social,
        ...unitSize,
      },
    });
}

// ---------------------------------------------------------------------------------------------
// Analytics: from the summaries; only aggregates (and, for the profit line, at most a bounded
// number of points) reach JavaScript.

/** More settled bets than this and the profit line is drawn per day (then per week, per month). */
export const MAX_PROFIT_POINTS = 500;

/** The Monday (UTC) of an ISO instant's week, as a key. */
function weekKey(iso: string): string {
  const d = new Date(iso);
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - ((d.getUTCDay() + 6) % 7)));
  return monday.toISOString().slice(0, 10);
}

/** A cumulative series thinned to the last point of each bucket (the running total stays exact). */
function lastPerBucket<T extends { date: string }>(points: T[], key: (iso: string) => string): T[] {
  const out: T[] = [];
  for (const point of points) {
    if (out.length && key(out.at(-1)!.date) === key(point.date)) out[out.length - 1] = point;
    else out.push(point);
  }
  return out;
}

/** The end of a UTC day ('YYYY-MM-DD'), the moment a daily point of the profit line stands for. */
const endOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS - 1);

/** Of a user's bets above the market, how much more their wins made than at the best price, per sport and day of the game. */
interface ExcessRow {
  sport: string;
  gameDay: string;
  excess: string;
}

/**
 * How much more each won bet above the market made than it would have at the best price seen
 * (bet_profit_at_market), summed per sport and UTC day of the game: what the
 * analytics take off the summaries' profit. A range of bet_prices_user_idx (the user's priced bets,
 * as user_market_figures_apply reads them on each change), read only when there are such bets.
 */
const excessAboveMarket = async (db: Db, userId: string): Promise<ExcessRow[]> =>
  rowsOf<ExcessRow>(
    await db.execute(sql`
      select b.bet_type as sport,
             (coalesce(b.last_event_date, b.event_date) at time zone 'UTC')::date::text as "gameDay",
             sum(b.profit_loss - bet_profit_at_market(b.status, b.amount, b.profit_loss, p.above_market, p.best_odds))
               ::numeric(20, 2)::text as excess
      from bet_prices p join bets b on b.id = p.bet_id
      where p.user_id = ${userId} and p.above_market and b.status = 'won'
      group by 1, 2`),
  );

/** The excess rows summed per key. */
const excessBy = (rows: ExcessRow[], key: (r: ExcessRow) => string): Map<string, bigint> => {
  const sums = new Map<string, bigint>();
  for (const r of rows) sums.set(key(r), (sums.get(key(r)) ?? 0n) + (parseMoney(r.excess) ?? 0n));
  return sums;
};

/**
 * The analytics, read from the summaries the triggers keep (never the whole history): the user's
 * user_bet_stats row (ROI, runs, average odds), their user_sport_stats rows, their user_game_days
 * rows (the months of the games), and the profit line in the order of the games: for a record of at
 * most 500 won or lost bets those bets themselves for a point per bet, beyond that the
 * user_game_days rows for a point per day of games. Months and line follow the games, never the
 * settling, so settling a loss late moves nothing (docs/decisions/038). Its cost grows with the days
 * that had a game, not with the bets (bench/profiles-scaling.md).
 *
 * As on the profile's header, bets above the market count at the best price seen (decision 040):
 * ROI and average odds through statsAtMarketPrices, the profit of the line, of each sport and of
 * each month less what those bets' wins made beyond it (excessAboveMarket, read only for a user
 * with such bets). The runs and the drawdown are the summary's, as on the header.
 */
export async function getAnalytics(db: Db, userId: string): Promise<Analytics> {
  const [summary, sportRows, dayRows, [market]] = await Promise.all([
    getBetSummary(db, userId),
    db.execute(sql`select sport, bets, won, lost, profit::numeric(20, 2)::text as profit
                   from user_sport_stats where user_id = ${userId}`),
    // The running total per day of games, summed here over the user's days (read in full anyway):
    // the months, and the line's points beyond 500 bets.
    db.execute(sql`select day::text as day, settled, (sum(profit) over (order by day))::numeric(20, 2)::text as profit
                   from user_game_days where user_id = ${userId} and settled > 0 order by day`),
    db.select(marketFigureColumns).from(userMarketFigures).where(eq(userMarketFigures.userId, userId)),
  ]);
  const stats = statsAtMarketPrices(summary, market);
  const excess = market && market.aboveMarket > 0 ? await excessAboveMarket(db, userId) : [];
  const excessOfSport = excessBy(excess, (r) => r.sport);
  const excessOfMonth = excessBy(excess, (r) => r.gameDay.slice(0, 7));
  const excessOfGameDay = excessBy(excess, (r) => r.gameDay);

  const bySport = rowsOf<{ sport: string; bets: number; won: number; lost: number; profit: string }>(sportRows)
    // Parlays count under 'parlay', after the sports (BET_SPORTS order).
    .filter((r): r is typeof r & { sport: BetSport } => (BET_SPORTS as readonly string[]).includes(r.sport))
    .sort((a, b) => BET_SPORTS.indexOf(a.sport) - BET_SPORTS.indexOf(b.sport))
    .map((r) => ({
      ...r,
      profit: formatCents((parseMoney(r.profit) ?? 0n) - (excessOfSport.get(r.sport) ?? 0n)),
      winRate: winRate(r.won, r.lost),
    }));

  const days = rowsOf<{ day: string; settled: number; profit: string }>(dayRows);
  // Per month of the games: the change in the running total over the month, and its won and lost bets.
  const byMonth: Analytics['byMonth'] = [];
  let before = 0n;
  for (const d of days) {
    const month = d.day.slice(0, 7);
    const total = parseMoney(d.profit) ?? 0n;
    const last = byMonth.at(-1);
    if (last?.month === month) {
      last.bets += d.settled;
      last.profit = formatCents(parseMoney(last.profit)! + total - before);
    } else byMonth.push({ month, bets: d.settled, profit: formatCents(total - before) });
    before = total;
  }
  for (const m of byMonth) m.profit = formatCents(parseMoney(m.profit)! - (excessOfMonth.get(m.month) ?? 0n));

  const settled = stats.won + stats.lost;
  let cumulativeProfit: Analytics['cumulativeProfit'];
  if (settled <= MAX_PROFIT_POINTS) {
    // In the order of the games (a parlay's at its last leg's start), then id, as the runs and the
    // drawdown are (docs/decisions/038, 047): a result settled late takes its game's place, and no
    // order of settling draws another line. At most 500 rows of the user's settled bets to sort.
    // Each bet's profit as counted (at the best price when above the market): one probe of
    // bet_prices' key per bet.
    const pointRows = await db.execute(sql`
      select ${isoText(sql`coalesce(b.last_event_date, b.event_date)`)} as date,
             (sum(bet_profit_at_market(b.status, b.amount, b.profit_loss, p.above_market, p.best_odds))
               over (order by coalesce(b.last_event_date, b.event_date), b.id rows unbounded preceding))::numeric(20, 2)::text as profit
      from bets b left join bet_prices p on p.bet_id = b.id
      where b.user_id = ${userId} and b.status in ('won', 'lost')
      order by coalesce(b.last_event_date, b.event_date), b.id`);
    cumulativeProfit = rowsOf<{ date: string; profit: string }>(pointRows).map((r) => ({
      date: r.date,
      profit: money(r.profit),
    }));
  } else {
    // A point per UTC day of the games (user_game_days: one row per day with a won or lost game,
    // never the bets), at the day's end, so a result settled late still takes its game's day; the
    // last one at the latest settlement (not in the future: a game settled has started).
    // (summary.lastSettledAt is the last result in the order of the games, no longer the latest
    // settlement: one probe of bets_user_id_settled_at_idx instead.)
    const latestRows = await db.execute(
      sql`select ${isoText(sql`max(settled_at)`)} as at from bets where user_id = ${userId} and status <> 'pending'`,
    );
    const [latest] = rowsOf<{ at: string | null }>(latestRows);
    const lastAt = latest?.at ? new Date(latest.at) : null;
    let excessSoFar = 0n;
    cumulativeProfit = days.map((d, i) => {
      const end = endOfDay(d.day);
      const at = i === days.length - 1 && lastAt && lastAt < end ? lastAt : end;
      excessSoFar += excessOfGameDay.get(d.day) ?? 0n;
      return { date: at.toISOString(), profit: formatCents(parseMoney(d.profit)! - excessSoFar) };
    });
  }
  if (cumulativeProfit.length > MAX_PROFIT_POINTS) cumulativeProfit = lastPerBucket(cumulativeProfit, weekKey);
  if (cumulativeProfit.length > MAX_PROFIT_POINTS) {
    cumulativeProfit = lastPerBucket(cumulativeProfit, (iso) => iso.slice(0, 7));
  }

  return {
    cumulativeProfit,
    bySport,
    byMonth,
    market: marketFiguresOf(market),
    roi: stats.roi,
    averageOdds: stats.averageOdds,
    longestWinStreak: stats.longestWinningRun,
    longestLossStreak: stats.longestLosingRun,
    maxDrawdown: stats.maxDrawdown,
  };
}

/**
 * What the analytics depend on besides the record (whose ledger head the route reads): the user's
 * market figures, which a feed's prices change with no bet changing (one probe of its key).
 */
export async function marketFiguresVersion(db: Db, userId: string): Promise<string> {
  const [row] = await queryRows<{ figures: string | null }>(
    db,
    sql`select (select f::text from user_market_figures f where f.user_id = ${userId}) as figures`,
  );
  return row?.figures ?? '';
}

/** Used by the route after a settings or profile change: the profile as its owner sees it. */
export async function getOwnProfile(db: Db, userId: string, now: Date): Promise<PublicProfile | null> {
  const view = await findProfileViewByUserId(db, userId, now);
  return view ? buildProfile(view, { isOwner: true, now }) : null;
}
