/**
 * The Spotlight leaderboard and the Influencers directory, answered from SQL aggregates over the
 * trigger-kept summaries (user_bet_stats, user_sport_stats, and the positions' bet_positions and
 * user_position_days: db/functions/bet_positions_apply.sql), never by loading bets into the
 * server. Bets are read only for the page's own users (streak, latest picks, trend: index range
 * scans of bets_user_id_settled_at_idx).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isoText, jsonColumn, queryRows } from '../../db/sql.ts';
import { SPORTS, type BetSport, type Sport } from '../../../shared/bets.ts';
import { PARLAY_SPORT } from '../../../shared/parlays.ts';
import {
  CLV_MIN_CLOSES,
  RANK_MIN_EVENTS,
  RANK_MIN_ODDS,
  RECENT_PICKS,
  SPOTLIGHT_PERIOD_DAYS,
  TREND_DAYS,
  tierOf,
  trendOf,
  type InfluencerSort,
  type InfluencerSportFilter,
  type SpotlightPeriod,
} from '../../../shared/community.ts';
import type {
  Influencer,
  InfluencerPage,
  RecentPick,
  SpotlightEntry,
  SiteCounts,
  SpotlightPage,
  Streak,
} from '../../../shared/community-schemas.ts';
import { formatCents, parseMoney, type Cents } from '../../../shared/money.ts';
import { levelStakesYield, parseScaled, roi, winRate, yieldInterval } from '../../../shared/stats.ts';
import { breakEvenChance, luckAdjustedYield, type RankTotals } from '../../../shared/ranking.ts';
import { overdueBefore, overdueCondition } from '../bets/bet-stats.ts';
import { recordIsPublicSql } from '../profiles/visibility.ts';
import { keptRanking } from './rankings.ts';
import { DAY_MS } from '../../../shared/time-units.ts';

const cents = (value: string | null | undefined): Cents => {
  if (value === null || value === undefined) return 0n;
  const parsed = parseMoney(value);
  if (parsed === null) throw new Error(`unexpected money value from the database: ${value}`);
  return parsed;
};

const isSport = (value: unknown): value is Sport => SPORTS.includes(value as Sport);

/**
 * The visibility rule (profiles/visibility.ts) as a CTE, `public_users`: only public records are
 * listed or ranked. Hashed once per query (probing the index per user costs more at thousands of
 * users).
 */
const publicUsersCte = sql`public_users as materialized (
      select us.user_id from user_settings us join users u on u.id = us.user_id where ${recordIsPublicSql('us', 'u')}
    )`;

/**
 * The record-keeping rule of both rankings: a bettor with any bet overdue (bets/bet-stats.ts
 * overdueCondition: a self-reported bet or parlay leg pending 72 hours after its own start) is left
 * out until they settle it, so losers left pending buy no place. An index probe of
 * bets_user_id_pending_event_idx per candidate.
 */
const hasNoOverdue = (userColumn: SQL, now: Date) =>
  sql`not exists (select 1 from bets where bets.user_id = ${userColumn} and bets.status = 'pending'
    and bets.event_date <= ${overdueBefore(now)} and ${overdueCondition(overdueBefore(now))})`;

// ---------------------------------------------------------------------------------------------
// Per-user details for the rows of one page

/** The sport of most of the user's bets (ties: alphabetical); parlays, which have no one sport, aside. */
const mainSportLateral = (userColumn: SQL) => sql`
  left join lateral (
    select ss.sport as main_sport from user_sport_stats ss
    where ss.user_id = ${userColumn} and ss.sport <> 'parlay' order by ss.bets desc, ss.sport limit 1
  ) main_sport on true`;

/** The offset of the page after one of `shown` rows from `offset`, or null when it was the last. */
const nextOffset = (offset: number, shown: number, total: number) => (offset + shown < total ? offset + shown : null);

const toStreak = (result: string | null, length: number | null): Streak | null =>
  (result === 'won' || result === 'lost') && length && length > 0 ? { result, length } : null;

// ---------------------------------------------------------------------------------------------
// Spotlight

export interface SpotlightOptions {
  period: SpotlightPeriod;
  limit: number;
  offset: number;
  now: Date;
}

/** A record's counted positions as the rankings read them (user_position_days' running totals). */
interface RankedRow {
  positions: number;
  won: number;
  events: number;
  profit: string;
  staked: string;
  level_profit: string;
  level_profit_sq: string;
  odds_sum: string;
}

interface SpotlightRow extends RankedRow {
  username: string;
  display_name: string | null;
  verification_status: string;
  joined: string;
  total: number;
  main_sport: string | null;
  streak_result: string | null;
  streak_length: number | null;
}

/** A record's level sums, as the summaries hold them (numeric text), as the shared stats take them. */
export const levelTotals = (r: {
  won: number;
  lost: number;
  level_profit: string;
  level_profit_sq: string;
  odds_sum: string;
}) => ({
  won: r.won,
  lost: r.lost,
  levelProfit: parseScaled(r.level_profit, 6),
  levelProfitSq: parseScaled(r.level_profit_sq, 12),
  oddsSum: parseScaled(r.odds_sum, 6),
});

/** 'YYYY-MM-DD' of an instant in UTC (the summaries' days are UTC days). */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** A user's running totals of counted positions (user_position_days) at the last day on or before `day`. */
const positionTotalsAt = (userColumn: SQL, day: SQL, strictlyBefore = false) => sql`
  select d.cum_positions as positions, d.cum_won as won, d.cum_events as events, d.cum_profit as profit,
         d.cum_staked as staked, d.cum_level_profit as level_profit, d.cum_level_profit_sq as level_profit_sq,
         d.cum_odds_sum as odds_sum
  from user_position_days d
  where d.user_id = ${userColumn} and d.day ${strictlyBefore ? sql`<` : sql`<=`} ${day}
  order by d.day desc limit 1`;

/** The rankings' order (docs/decisions/038): luck-adjusted yield, then more positions, then a stable id. */
const rankOrder = (alias: string) =>
  sql.raw(
    `luck_adjusted_yield(${alias}.positions, ${alias}.level_profit, ${alias}.odds_sum) desc, ${alias}.positions desc, ${alias}.user_id`,
  );

/**
 * The current streak of a user's counted positions (graded, won or lost, priced ≥ 1.20) in the order
 * of the game: event start, then event and market (docs/decisions/038). Two index probes and one
 * bounded range count of bet_positions_user_start_idx per user.
 */
const positionStreakLateral = (userColumn: SQL) => sql`
  left join lateral (
    select last.status as streak_result,
           (select count(*)::int from bet_positions x
             where x.user_id = ${userColumn} and x.status = last.status and x.counted_odds >= ${RANK_MIN_ODDS}
               and (brk.starts_at is null or (x.starts_at, x.event_id, x.market) > (brk.starts_at, brk.event_id, brk.market))) as streak_length
    from (select p.status from bet_positions p
          where p.user_id = ${userColumn} and p.status in ('won', 'lost') and p.counted_odds >= ${RANK_MIN_ODDS}
          order by p.starts_at desc, p.event_id desc, p.market desc limit 1) last
    left join lateral (
      select p.starts_at, p.event_id, p.market from bet_positions p
      where p.user_id = ${userColumn} and p.status in ('won', 'lost') and p.status <> last.status
        and p.counted_odds >= ${RANK_MIN_ODDS}
      order by p.starts_at desc, p.event_id desc, p.market desc limit 1
    ) brk on true
  ) streak on true`;

/** The figures both rankings show of a record's counted positions. */
export function rankedFigures(r: RankedRow) {
  const level = levelTotals({ ...r, lost: r.positions - r.won });
  const rank: RankTotals = {
    positions: r.positions,
    events: r.events,
    levelProfit: level.levelProfit,
    oddsSum: level.oddsSum,
  };
  return { level, luckAdjustedYield: luckAdjustedYield(rank), breakEvenChance: breakEvenChance(rank) };
}

/** One ranked record of the Spotlight as kept (rankings.ts): its user and its totals in the period. */
interface SpotlightRanked extends RankedRow {
  user_id: string;
}

/**
 * Public bettors whose counted positions (graded, one per pick, won or lost at odds ≥ 1.20: see
 * db/functions/bet_positions_apply.sql) cover at least RANK_MIN_EVENTS distinct events that
 * started in the period (UTC days: today and the N − 1 before), ranked by luck-adjusted yield
 * (docs/decisions/038). A record's period totals are two rows' difference of its running totals
 * (user_position_days): the last day on or before today, less the last day before the period;
 * users whose all-time totals are under the minimum are passed over after the first probe.
 * Ranked once and kept (rankings.ts, docs/decisions/061): every public bettor is probed, so it
 * is the one costly query of the Spotlight.
 */
function rankSpotlight(db: Db, period: SpotlightPeriod, to: Date): Promise<SpotlightRanked[]> {
  const startDay = utcDay(new Date(to.getTime() - (SPOTLIGHT_PERIOD_DAYS[period] - 1) * DAY_MS));
  const today = utcDay(to);
  const min = RANK_MIN_EVENTS;
  return queryRows<SpotlightRanked>(
    db,
    sql`
    with
    ${publicUsersCte},
    totals as (
      select pu.user_id, t.*
      from public_users pu
      cross join lateral (${positionTotalsAt(sql`pu.user_id`, sql`${today}::date`)}) t
      where t.events >= ${min}
    ),
    windowed as (
      select t.user_id, t.positions - coalesce(b.positions, 0) as positions, t.won - coalesce(b.won, 0) as won,
             t.events - coalesce(b.events, 0) as events, t.profit - coalesce(b.profit, 0) as profit,
             t.staked - coalesce(b.staked, 0) as staked, t.level_profit - coalesce(b.level_profit, 0) as level_profit,
             t.level_profit_sq - coalesce(b.level_profit_sq, 0) as level_profit_sq,
             t.odds_sum - coalesce(b.odds_sum, 0) as odds_sum
      from totals t
      left join lateral (${positionTotalsAt(sql`t.user_id`, sql`${startDay}::date`, true)}) b on true
      where ${hasNoOverdue(sql`t.user_id`, to)}
    )
    select w.user_id, w.positions::int as positions, w.won::int as won, w.events::int as events,
           w.profit::text as profit, w.staked::text as staked, w.level_profit::text as level_profit,
           w.level_profit_sq::text as level_profit_sq, w.odds_sum::text as odds_sum
    from windowed w
    where w.events >= ${min}
    order by ${rankOrder('w')}`,
  );
}

/** User ids as one text parameter, unnested in order (`k.user_id`, `k.ord`): ids hold no comma. */
const idsInOrder = (ids: string[]) =>
  sql`unnest(string_to_array(${ids.join(',')}, ',')) with ordinality k(user_id, ord)`;

/**
 * The Spotlight's page: a slice of the kept ranking (rankSpotlight), then the page's own rows'
 * profile, main sport and streak.
 */
export async function getSpotlight(db: Db, opts: SpotlightOptions): Promise<SpotlightPage> {
  const to = opts.now;
  const startDay = utcDay(new Date(to.getTime() - (SPOTLIGHT_PERIOD_DAYS[opts.period] - 1) * DAY_MS));
  const min = RANK_MIN_EVENTS;
  const ranked = await keptRanking(db, `spotlight:${opts.period}`, to, (at) => rankSpotlight(db, opts.period, at));
  const slice = ranked.slice(opts.offset, opts.offset + opts.limit);
  const details =
    slice.length === 0
      ? []
      : await queryRows<Omit<SpotlightRow, keyof RankedRow | 'total'> & { ord: number }>(
          db,
          sql`
    select k.ord::int as ord, p.username, p.display_name, p.verification_status, ${isoText('p.created_at')} as joined,
           main_sport.main_sport, streak.streak_result, streak.streak_length
    from ${idsInOrder(slice.map((r) => r.user_id))}
    join profiles p on p.user_id = k.user_id
    ${mainSportLateral(sql`k.user_id`)}
    ${positionStreakLateral(sql`k.user_id`)}
    order by k.ord`,
        );
  const rows: SpotlightRow[] = details.map((d) => ({ ...slice[d.ord - 1]!, ...d, total: ranked.length }));

  const total = ranked.length;
  const entries: SpotlightEntry[] = rows.map((r, i) => {
    const profit = cents(r.profit);
    const figures = rankedFigures(r);
    return {
      rank: opts.offset + i + 1,
      username: r.username,
      displayName: r.display_name,
      verified: r.verification_status === 'verified',
      winRate: winRate(r.won, r.positions - r.won),
      totalBets: r.positions,
      wonBets: r.won,
      totalProfit: formatCents(profit),
      roi: roi(profit, cents(r.staked)),
      // Every ranked record has positions, so none is null.
      levelStakesYield: levelStakesYield(figures.level)!,
      yieldInterval: yieldInterval(figures.level)!,
      luckAdjustedYield: figures.luckAdjustedYield!,
      breakEvenChance: figures.breakEvenChance,
      events: r.events,
      streak: toStreak(r.streak_result, r.streak_length),
      favouriteSport: isSport(r.main_sport) ? r.main_sport : null,
      joinedDate: r.joined,
    };
  });
  return {
    period: opts.period,
    from: new Date(`${startDay}T00:00:00.000Z`).toISOString(),
    to: to.toISOString(),
    minEvents: min,
    total,
    entries,
    nextOffset: nextOffset(opts.offset, entries.length, total),
  };
}

// ---------------------------------------------------------------------------------------------
// Influencers

export interface InfluencerOptions {
  search?: string;
  sport: InfluencerSportFilter;
  sort: InfluencerSort;
  limit: number;
  offset: number;
  now: Date;
}

interface InfluencerRow {
  username: string;
  display_name: string | null;
  verification_status: string;
  joined: string;
  total_bets: number;
  won: number;
  lost: number;
  total_profit: string;
  settled_staked: string;
  level_profit: string;
  level_profit_sq: string;
  odds_sum: string;
  r_positions: number;
  r_won: number;
  r_events: number;
  r_profit: string;
  r_staked: string;
  r_level_profit: string;
  r_level_profit_sq: string;
  r_odds_sum: string;
  closes: number;
  average_clv: string | null;
  rank: number | null;
  total: number;
  main_sport: string | null;
  recent_profit: string;
  previous_profit: string;
  picks: unknown;
}

/**
 * The page's order, exactly the one chosen, after the one rule every sort and filter shares: the
 * ranked (those who meet the rankings' minimum, docs/decisions/038) come first, so no sort is topped
 * by a record too small to be ranked. Then the ranking, verified first (then the ranking), average
 * closing-line value (those with CLV_MIN_CLOSES picks with a close first, docs/decisions/047), or one
 * figure; ties by settled bets, then username.
 */
const ORDER_BY: Record<InfluencerSort, string> = {
  rank: 'c.rank asc nulls last, c.settled desc',
  verified: `(c.verification_status = 'verified') desc, c.rank asc nulls last, c.settled desc`,
  profit: '(c.rank is not null) desc, c.total_profit desc, c.settled desc',
  winrate: '(c.rank is not null) desc, c.win_ratio desc, c.settled desc',
  bets: '(c.rank is not null) desc, c.total_bets desc, c.settled desc',
  clv: `(c.rank is not null) desc, (c.closes >= ${CLV_MIN_CLOSES}) desc, c.average_clv desc nulls last, c.settled desc`,
};

/** The sorts, each a column of the kept candidates: the place in that order among all of them. */
const SORTS = Object.keys(ORDER_BY) as InfluencerSort[];

/** A listed bettor as kept (rankings.ts): the page's figures, and what the filters and sorts read. */
type InfluencerCandidate = Omit<
  InfluencerRow,
  'total' | 'main_sport' | 'recent_profit' | 'previous_profit' | 'picks'
> & {
  user_id: string;
  /** lower(display name), as the search matches it. */
  lower_display_name: string;
} & Record<`order_${InfluencerSort}`, number>;

/** The kept candidates in each sort's order: a page filters one list, and sorts nothing. */
type KeptInfluencers = Record<InfluencerSort, InfluencerCandidate[]>;

/** The users with at least one bet in `sport` (a user_sport_stats row), kept as the rankings are. */
const bettorsOn = async (db: Db, sport: Sport) =>
  new Set(
    (await queryRows<{ user_id: string }>(db, sql`select user_id from user_sport_stats where sport = ${sport}`)).map(
      (r) => r.user_id,
    ),
  );

/**
 * Public bettors with at least one recorded bet, each with their place in every order (ORDER_BY;
 * ties: settled bets, then username) and in the ranking. All-time numbers from user_bet_stats at
 * market prices (less user_market_figures' excesses). Ranked once and kept (rankings.ts,
 * docs/decisions/061): the ranking probes every public bettor's running totals.
 */
async function rankInfluencers(db: Db, now: Date): Promise<KeptInfluencers> {
  const min = RANK_MIN_EVENTS;
  const rows = await queryRows<InfluencerCandidate>(
    db,
    sql`
    with
    ${publicUsersCte},
    -- Every listed bettor, with their place in the ranking whatever a page's filters: those who
    -- meet the minimum, by luck-adjusted yield of their counted positions (the Spotlight's rule, all time).
    -- The all-time figures count bets above the market at the best price, as the profile does
    -- (user_market_figures' excesses, docs/decisions/040 and 047).
    ranking as (
      select s.user_id, s.total_bets, s.won, s.lost, s.total_profit - coalesce(m.profit_excess, 0) as total_profit,
             s.settled_staked, s.level_profit - coalesce(m.level_profit_excess, 0) as level_profit,
             s.level_profit_sq - coalesce(m.level_profit_sq_excess, 0) as level_profit_sq,
             s.odds_sum - coalesce(m.odds_excess, 0) as odds_sum, coalesce(t.positions, 0) as r_positions, coalesce(t.won, 0) as r_won,
             coalesce(t.events, 0) as r_events, coalesce(t.profit, 0) as r_profit, coalesce(t.staked, 0) as r_staked,
             coalesce(t.level_profit, 0) as r_level_profit, coalesce(t.level_profit_sq, 0) as r_level_profit_sq,
             coalesce(t.odds_sum, 0) as r_odds_sum, coalesce(m.closes, 0) as closes,
             case when m.closes > 0 then m.clv_sum / m.closes end as average_clv,
             case when coalesce(t.events, 0) >= ${min} then row_number() over (
               order by coalesce(t.events, 0) >= ${min} desc,
                        luck_adjusted_yield(t.positions, t.level_profit, t.odds_sum) desc nulls last,
                        t.positions desc nulls last, s.user_id) end as rank
      from user_bet_stats s
      join public_users pu on pu.user_id = s.user_id
      left join user_market_figures m on m.user_id = s.user_id
      left join lateral (${positionTotalsAt(sql`s.user_id`, sql`${utcDay(now)}::date`)}) t on true
      where s.total_bets > 0 and ${hasNoOverdue(sql`s.user_id`, now)}
    ),
    candidates as (
      select p.user_id, p.username, p.display_name, p.verification_status, p.created_at,
             r.total_bets, r.won, r.lost, r.won + r.lost as settled, r.total_profit, r.settled_staked,
             r.level_profit, r.level_profit_sq, r.odds_sum, r.rank, r.r_positions, r.r_won, r.r_events, r.r_profit,
             r.r_staked, r.r_level_profit, r.r_level_profit_sq, r.r_odds_sum, r.closes, r.average_clv,
             case when r.won + r.lost = 0 then 0 else r.won::numeric / (r.won + r.lost) end as win_ratio
      from ranking r
      join profiles p on p.user_id = r.user_id
    ),
    -- Each sort's place, from the sort keys alone (narrow rows sort faster than the figures).
    orders as (
      select c.user_id,
             ${sql.join(
               SORTS.map((sort) =>
                 sql.raw(`row_number() over (order by ${ORDER_BY[sort]}, c.username)::int as order_${sort}`),
               ),
               sql`, `,
             )}
      from (select user_id, username, verification_status, rank, settled, total_profit, win_ratio, total_bets, closes,
                   average_clv from candidates) c
    )
    select c.user_id, c.username, c.display_name, lower(coalesce(c.display_name, '')) as lower_display_name,
           c.verification_status, ${isoText('c.created_at')} as joined,
           c.total_bets, c.won, c.lost, c.total_profit::text as total_profit, c.settled_staked::text as settled_staked,
           c.level_profit::text as level_profit, c.level_profit_sq::text as level_profit_sq, c.odds_sum::text as odds_sum,
           c.r_positions::int as r_positions, c.r_won::int as r_won, c.r_events::int as r_events,
           c.r_profit::text as r_profit, c.r_staked::text as r_staked, c.r_level_profit::text as r_level_profit,
           c.r_level_profit_sq::text as r_level_profit_sq, c.r_odds_sum::text as r_odds_sum,
           c.closes::int as closes, c.average_clv::text as average_clv, c.rank::int as rank,
           ${sql.raw(SORTS.map((sort) => `o.order_${sort}`).join(', '))}
    from candidates c
    join orders o on o.user_id = c.user_id`,
  );
  // Each order's places are 1..n: every row goes straight to its place.
  const inOrder = (sort: InfluencerSort) => {
    const list = new Array<InfluencerCandidate>(rows.length);
    for (const row of rows) list[row[`order_${sort}`] - 1] = row;
    return list;
  };
  return Object.fromEntries(SORTS.map((sort) => [sort, inOrder(sort)])) as KeptInfluencers;
}

/**
 * Public bettors with at least one recorded bet, in the chosen order (ORDER_BY; ties:
 * settled bets, then username). Search: part of the display name or username, any case. Sport:
 * bettors with at least one bet in that sport. The kept candidates (rankInfluencers) filtered and
 * put in the order in memory; the page's own users then get their main sport, trend and latest
 * three settled picks.
 */
export async function listInfluencers(db: Db, opts: InfluencerOptions): Promise<InfluencerPage> {
  const now = opts.now;
  const trendStart = new Date(now.getTime() - TREND_DAYS * DAY_MS);
  const previousStart = new Date(now.getTime() - 2 * TREND_DAYS * DAY_MS);
  // The search as LIKE '%text%' matched it (username as stored, display name lowered by the database).
  const search = opts.search?.trim() ? opts.search.trim().toLowerCase() : null;
  const kept = await keptRanking(db, 'influencers', now, (at) => rankInfluencers(db, at));
  const sport = opts.sport;
  const onSport = sport === 'all' ? null : await keptRanking(db, `sport:${sport}`, now, () => bettorsOn(db, sport));
  const inOrder = kept[opts.sort];
  const matching =
    search === null && onSport === null
      ? inOrder
      : inOrder.filter(
          (c) =>
            (search === null || c.username.includes(search) || c.lower_display_name.includes(search)) &&
            (onSport === null || onSport.has(c.user_id)),
        );
  const total = matching.length;
  const slice = matching.slice(opts.offset, opts.offset + opts.limit);

  const details =
    slice.length === 0
      ? []
      : await queryRows<
          Pick<InfluencerRow, 'main_sport' | 'recent_profit' | 'previous_profit' | 'picks'> & { ord: number }
        >(
          db,
          sql`
    select k.ord::int as ord, main_sport.main_sport,
           trend.recent_profit::text as recent_profit, trend.previous_profit::text as previous_profit,
           picks.picks
    from ${idsInOrder(slice.map((c) => c.user_id))}
    ${mainSportLateral(sql`k.user_id`)}
    left join lateral (
      select coalesce(sum(b.profit_loss) filter (where b.settled_at > ${trendStart}), 0) as recent_profit,
             coalesce(sum(b.profit_loss) filter (where b.settled_at <= ${trendStart}), 0) as previous_profit
      from bets b
      where b.user_id = k.user_id and b.status <> 'pending' and b.settled_at > ${previousStart} and b.settled_at <= ${now}
    ) trend on true
    left join lateral (
      select coalesce(json_agg(json_build_object(
               'description', r.description, 'sport', r.bet_type, 'result', r.status,
               'profit', r.profit_loss::text, 'settledAt', ${isoText('r.settled_at')}
             ) order by r.settled_at desc, r.id desc), '[]'::json) as picks
      from (
        select b.id, b.description, b.bet_type, b.status, b.profit_loss, b.settled_at from bets b
        where b.user_id = k.user_id and b.status <> 'pending' and b.settled_at <= ${now}
        order by b.settled_at desc, b.id desc limit ${RECENT_PICKS}
      ) r
    ) picks on true
    order by k.ord`,
        );
  const rows: InfluencerRow[] = details.map((d) => ({ ...slice[d.ord - 1]!, ...d, total }));
  const entries: Influencer[] = rows.map((r) => {
    const profit = cents(r.total_profit);
    const settled = r.won + r.lost;
    const verified = r.verification_status === 'verified';
    const recent = cents(r.recent_profit);
    const previous = cents(r.previous_profit);
    const level = levelTotals(r);
    const ranked = rankedFigures({
      positions: r.r_positions,
      won: r.r_won,
      events: r.r_events,
      profit: r.r_profit,
      staked: r.r_staked,
      level_profit: r.r_level_profit,
      level_profit_sq: r.r_level_profit_sq,
      odds_sum: r.r_odds_sum,
    });
    return {
      rank: r.rank,
      username: r.username,
      displayName: r.display_name,
      verified,
      winRate: winRate(r.won, r.lost),
      totalBets: r.total_bets,
      settledBets: settled,
      totalProfit: formatCents(profit),
      roi: roi(profit, cents(r.settled_staked)),
      levelStakesYield: levelStakesYield(level),
      yieldInterval: yieldInterval(level),
      luckAdjustedYield: ranked.luckAdjustedYield,
      breakEvenChance: ranked.breakEvenChance,
      events: r.r_events,
      closes: r.closes,
      averageClv: r.average_clv === null ? null : Number(r.average_clv),
      tier: tierOf({ verified, settledBets: settled, profit }),
      mainSport: isSport(r.main_sport) ? r.main_sport : null,
      trend: trendOf(recent, previous),
      recentProfit: formatCents(recent),
      previousProfit: formatCents(previous),
      recentPicks: jsonColumn<RecentPickRow[]>(r.picks).map(toPick),
      joinedDate: r.joined,
    };
  });
  return {
    total,
    entries,
    nextOffset: nextOffset(opts.offset, entries.length, total),
  };
}

interface RecentPickRow {
  description: string;
  sport: string;
  result: string;
  profit: string;
  settledAt: string;
}

const toPick = (p: RecentPickRow): RecentPick => ({
  description: p.description,
  sport: isSport(p.sport) || p.sport === PARLAY_SPORT ? (p.sport as BetSport) : 'other',
  result: p.result === 'won' || p.result === 'void' ? p.result : 'lost',
  profit: formatCents(cents(p.profit)),
  settledAt: p.settledAt,
});

// ---------------------------------------------------------------------------------------------
// Recounts from the bets themselves (tests check the summaries against them)

export interface DayTotals {
  day: string;
  settled: number;
  won: number;
  profit: string;
}

export interface SportTotals {
  sport: string;
  bets: number;
  won: number;
  lost: number;
  profit: string;
}

/** A user_game_days row: won and lost bets per UTC day of their games. */
export interface GameDayTotals {
  day: string;
  settled: number;
  profit: string;
}

/** user_bet_days, user_sport_stats and user_game_days of one user as stored. */
export async function readCommunitySummaries(db: Db, userId: string) {
  const days = await queryRows<DayTotals>(
    db,
    sql`select day::text as day, settled, won, profit::text as profit
        from user_bet_days where user_id = ${userId} order by day`,
  );
  const sports = await queryRows<SportTotals>(
    db,
    sql`select sport, bets, won, lost, profit::text as profit from user_sport_stats where user_id = ${userId} order by sport`,
  );
  const gameDays = await queryRows<GameDayTotals>(
    db,
    sql`select day::text as day, settled, profit::text as profit
        from user_game_days where user_id = ${userId} order by day`,
  );
  return { days, sports, gameDays };
}

/** The same, recounted from the user's bets (days: won and lost bets only). */
export async function recountCommunitySummaries(db: Db, userId: string) {
  const days = await queryRows<DayTotals>(
    db,
    sql`select (settled_at at time zone 'UTC')::date::text as day, count(*)::int as settled,
               (count(*) filter (where status = 'won'))::int as won, sum(profit_loss)::numeric(20, 2)::text as profit
        from bets where user_id = ${userId} and status in ('won', 'lost')
        group by 1 order by 1`,
  );
  const sports = await queryRows<SportTotals>(
    db,
    sql`select bet_type as sport, count(*)::int as bets, (count(*) filter (where status = 'won'))::int as won,
               (count(*) filter (where status = 'lost'))::int as lost,
               coalesce(sum(profit_loss), 0)::numeric(20, 2)::text as profit
        from bets where user_id = ${userId} group by bet_type order by bet_type`,
  );
  const gameDays = await queryRows<GameDayTotals>(
    db,
    sql`select (coalesce(last_event_date, event_date) at time zone 'UTC')::date::text as day, count(*)::int as settled,
               sum(profit_loss)::numeric(20, 2)::text as profit
        from bets where user_id = ${userId} and status in ('won', 'lost')
        group by 1 order by 1`,
  );
  return { days, sports, gameDays };
}

// ---------------------------------------------------------------------------------------------
// The site's own counts

/**
 * The counts the marketing pages show, each from the trigger-kept per-user rows (one row per
 * user, never a scan of bets or ledger entries): bettors with a public record and at least one
 * bet, bets on the site now (user_bet_stats.total_bets), those of them on a listed event and
 * graded from its result (user_bet_kinds.graded), and ledger entries (each chain's head
 * holds its length: seq runs 1, 2, ... with no gaps and no row ever removed alone).
 */
export async function countSite(db: Db, now: Date): Promise<SiteCounts> {
  const [row] = await queryRows<{
    public_bettors: number;
    bets_recorded: string;
    bets_graded: string;
    ledger_entries: string;
  }>(
    db,
    sql`select
      (select count(*)::int from user_bet_stats s
         join users u on u.id = s.user_id
         left join user_settings us on us.user_id = s.user_id
        where s.total_bets > 0 and ${recordIsPublicSql('us', 'u')}) as public_bettors,
      (select coalesce(sum(total_bets), 0)::text from user_bet_stats) as bets_recorded,
      (select coalesce(sum(graded), 0)::text from user_bet_kinds) as bets_graded,
      (select coalesce(sum(seq), 0)::text from bet_ledger_heads) as ledger_entries`,
  );
  return {
    publicBettors: row?.public_bettors ?? 0,
    betsRecorded: Number(row?.bets_recorded ?? 0),
    betsGraded: Number(row?.bets_graded ?? 0),
    ledgerEntries: Number(row?.ledger_entries ?? 0),
    countedAt: now.toISOString(),
  };
}
