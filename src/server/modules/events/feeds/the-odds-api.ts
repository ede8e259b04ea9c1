/**
 * The Odds API v4 (the-odds-api.com/liveapi/guides/v4): the JSON answers of its `events`, `scores`
 * and `odds` endpoints, all arrays of events `{ id, sport_key, sport_title, commence_time,
 * home_team, away_team }`. `scores` adds `completed`, `scores: [{ name, score }]` (null before the
 * start) and `last_update`; `odds` adds `bookmakers: [{ key, title, last_update, markets: [{ key:
 * 'h2h' | 'spreads' | 'totals', outcomes: [{ name, price, point? }] }] }]`.
 *
 * Times are UTC (ISO 8601, or Unix seconds with `dateFormat=unix`). Prices come in the format the
 * request asked for: decimal by default, American with `oddsFormat=american` (as in the
 * documentation's example). A market is read as American when a price is negative or every price
 * is at least 100 (no two- or three-way decimal market is priced like that), and converted to
 * decimal odds with two decimals. Only prices quoted before the start are kept, as 'pre' prices:
 * the API has no closing line of its own, and in-play prices are neither.
 */
import type { Sport } from '../../../../shared/bets.ts';
import { isHalfLine } from './football-data.ts';
import { MAX_FEED_EVENTS, MAX_NAME_CHARS } from './limits.ts';
import { FeedParse } from './feed-parse.ts';
import { shown, type RowErrors } from './row-errors.ts';
import type { EventStatus, FeedEvent, FeedPrice, ParsedFeed, ParseOptions } from './types.ts';

/** The format's own fields, as published (every one may be missing or wrong in a given answer). */
interface OddsApiOutcome {
  name?: unknown;
  price?: unknown;
  point?: unknown;
}
interface OddsApiMarket {
  key?: unknown;
  last_update?: unknown;
  outcomes?: unknown;
}
interface OddsApiBookmaker {
  key?: unknown;
  title?: unknown;
  last_update?: unknown;
  markets?: unknown;
}
interface OddsApiScore {
  name?: unknown;
  score?: unknown;
}
interface OddsApiEvent {
  id?: unknown;
  sport_key?: unknown;
  sport_title?: unknown;
  commence_time?: unknown;
  home_team?: unknown;
  away_team?: unknown;
  completed?: unknown;
  scores?: unknown;
  last_update?: unknown;
  bookmakers?: unknown;
}

/** betproof's sport for The Odds API's sport key, by its group prefix. */
export function sportOfKey(sportKey: string): Sport {
  const prefixes: [string, Sport][] = [
    ['americanfootball_', 'football'],
    ['basketball_', 'basketball'],
    ['baseball_', 'baseball'],
    ['soccer_', 'soccer'],
    ['tennis_', 'tennis'],
    ['mma_', 'mma'],
  ];
  return prefixes.find(([prefix]) => sportKey.startsWith(prefix))?.[1] ?? 'other';
}

export function parse(text: string, options: ParseOptions = {}): ParsedFeed {
  const feed = new FeedParse();
  const { errors } = feed;
  const read = feed.json(text);
  if ('refused' in read) return read.refused;
  const answer = read.value;
  // The single-event endpoints (/events/{id}/odds) answer one object rather than a list.
  const list = Array.isArray(answer) ? answer : typeof answer === 'object' && answer !== null ? [answer] : null;
  if (!list) return feed.fail('the file is not a list of The Odds API events');
  if (list.length > MAX_FEED_EVENTS) {
    return feed.fail(`the file has ${list.length} events; at most ${MAX_FEED_EVENTS} are read from one file`);
  }

  list.forEach((item: unknown, index) => {
    const row = index + 1;
    const before = errors.count;
    if (typeof item !== 'object' || item === null) {
      errors.add(row, `the event is not an object: ${shown(item)}`);
      return;
    }
    const event = item as OddsApiEvent;
    const id = name(event.id);
    if (!id) errors.add(row, `id is not an event id: ${shown(event.id)}`);
    const sportKey = name(event.sport_key);
    if (!sportKey) errors.add(row, `sport_key is not a sport key: ${shown(event.sport_key)}`);
    const home = name(event.home_team);
    const away = name(event.away_team);
    if (!home) errors.add(row, `home_team is not a team name: ${shown(event.home_team)}`);
    if (!away) errors.add(row, `away_team is not a team name: ${shown(event.away_team)}`);
    const startsAt = instant(event.commence_time);
    if (!startsAt) errors.add(row, `commence_time is not an ISO 8601 or Unix time: ${shown(event.commence_time)}`);
    const competition = options.competition?.trim() || name(event.sport_title) || sportKey;
    if (errors.count > before || !id || !sportKey || !home || !away || !startsAt || !competition) return;

    const result = statusOf(row, event, home, away, errors);
    const prices = pricesOf(row, event.bookmakers, home, away, startsAt, errors);
    if (errors.count > before || !result) return;
    feed.add(
      row,
      { sourceId: id, sport: sportOfKey(sportKey), competition, home, away, startsAt, ...result, prices },
      (earlier) => `id ${shown(id)} is the same event as row ${earlier}`,
    );
  });
  return feed.result();
}

function name(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed && trimmed.length <= MAX_NAME_CHARS ? trimmed : null;
}

/** An ISO 8601 time with its zone, or Unix seconds, as ISO 8601 UTC. */
function instant(value: unknown): string | null {
  let ms: number;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) ms = value * 1000;
  else if (
    typeof value === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)
  ) {
    ms = Date.parse(value);
  } else return null;
  if (!Number.isFinite(ms)) return null;
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** `completed` with scores: final; scores without `completed`: live; no scores: scheduled. */
function statusOf(
  row: number,
  event: OddsApiEvent,
  home: string,
  away: string,
  errors: RowErrors,
): { status: EventStatus; score: FeedEvent['score'] } | null {
  const { completed, scores } = event;
  if (completed !== undefined && typeof completed !== 'boolean') {
    errors.add(row, `completed is not true or false: ${shown(completed)}`);
    return null;
  }
  if (scores === undefined || scores === null) {
    if (completed === true) errors.add(row, 'completed is true but the event has no scores');
    return completed === true ? null : { status: 'scheduled', score: null };
  }
  if (!Array.isArray(scores)) {
    errors.add(row, `scores is not a list: ${shown(scores)}`);
    return null;
  }
  const pointsOf = (team: string) => {
    const entry = (scores as OddsApiScore[]).find((s) => s && name(s.name) === team);
    const text = typeof entry?.score === 'string' ? entry.score.trim() : entry?.score;
    return typeof text === 'string' && /^\d{1,4}$/.test(text) ? Number(text) : null;
  };
  const [homePoints, awayPoints] = [pointsOf(home), pointsOf(away)];
  if (homePoints === null || awayPoints === null) {
    // A live score of a sport not counted in points (cricket's runs/wickets) says nothing to grade.
    if (completed !== true) return { status: 'live', score: null };
    errors.add(row, `scores does not give whole-number scores for ${home} and ${away}: ${shown(scores)}`);
    return null;
  }
  return completed === true
    ? { status: 'final', score: { home: homePoints, away: awayPoints } }
    : { status: 'live', score: null };
}

/** The bookmakers' h2h, spreads and totals prices quoted before the start; other markets are left. */
function pricesOf(
  row: number,
  bookmakers: unknown,
  home: string,
  away: string,
  startsAt: string,
  errors: RowErrors,
): FeedPrice[] {
  if (bookmakers === undefined || bookmakers === null) return [];
  if (!Array.isArray(bookmakers)) {
    errors.add(row, `bookmakers is not a list: ${shown(bookmakers)}`);
    return [];
  }
  const prices: FeedPrice[] = [];
  const start = Date.parse(startsAt);
  for (const bookmaker of bookmakers as OddsApiBookmaker[]) {
    const key = name(bookmaker?.key);
    if (!key || !Array.isArray(bookmaker.markets)) {
      errors.add(row, `a bookmaker has no key or markets: ${shown(bookmaker)}`);
      continue;
    }
    for (const market of bookmaker.markets as OddsApiMarket[]) {
      if (!market || !['h2h', 'spreads', 'totals'].includes(market.key as string)) continue;
      const quoted = instant(market.last_update ?? bookmaker.last_update);
      if (quoted && Date.parse(quoted) >= start) continue;
      const where = `bookmakers ${key} ${String(market.key)}`;
      if (!Array.isArray(market.outcomes)) {
        errors.add(row, `${where}: outcomes is not a list: ${shown(market.outcomes)}`);
        continue;
      }
      const outcomes = market.outcomes as OddsApiOutcome[];
      const raw = outcomes.map((o) => o?.price);
      if (!raw.every((p) => typeof p === 'number' && Number.isFinite(p))) {
        errors.add(row, `${where}: a price is not a number: ${shown(raw)}`);
        continue;
      }
      const decimal = decimalOdds(raw as number[]);
      if (!decimal) {
        errors.add(row, `${where}: prices are neither decimal odds above 1 nor American odds: ${shown(raw)}`);
        continue;
      }
      const read = readMarket(market.key as string, outcomes, decimal, home, away);
      if (typeof read === 'string') {
        errors.add(row, `${where}: ${read}`);
        continue;
      }
      for (const price of read) {
        // Quarter lines are Asian split handicaps, not a market betproof grades (docs/FEEDS.md).
        if (price.line === undefined || isHalfLine(price.line)) prices.push({ bookmaker: key, kind: 'pre', ...price });
      }
    }
  }
  return prices;
}

/** The market's prices as decimal odds: American ones converted, decimal ones as published. */
function decimalOdds(prices: number[]): string[] | null {
  const american = prices.some((p) => p < 0) || prices.every((p) => p >= 100);
  if (american) {
    if (!prices.every((p) => Number.isInteger(p) && Math.abs(p) >= 100)) return null;
    return prices.map((p) => (p > 0 ? 1 + p / 100 : 1 + 100 / -p).toFixed(2));
  }
  if (!prices.every((p) => p > 1 && p < 10_000)) return null;
  return prices.map((p) => String(p));
}

function readMarket(
  key: string,
  outcomes: OddsApiOutcome[],
  odds: string[],
  home: string,
  away: string,
): Omit<FeedPrice, 'bookmaker' | 'kind'>[] | string {
  const out: Omit<FeedPrice, 'bookmaker' | 'kind'>[] = [];
  const point = (o: OddsApiOutcome) => (typeof o.point === 'number' && Number.isFinite(o.point) ? o.point : null);
  if (key === 'h2h') {
    const threeWay = outcomes.some((o) => o.name === 'Draw');
    for (const [i, o] of outcomes.entries()) {
      const selection = o.name === home ? 'home' : o.name === away ? 'away' : o.name === 'Draw' ? 'draw' : null;
      if (!selection) return `outcome ${shown(o.name)} is neither ${home}, ${away} nor Draw`;
      out.push({ market: threeWay ? '1x2' : 'moneyline', selection, odds: odds[i]! });
    }
    return out;
  }
  if (key === 'spreads') {
    const homeOutcome = outcomes.find((o) => o.name === home);
    const line = homeOutcome ? point(homeOutcome) : null;
    if (line === null) return `no point for ${home}: ${shown(outcomes)}`;
    for (const [i, o] of outcomes.entries()) {
      const selection = o.name === home ? 'home' : o.name === away ? 'away' : null;
      if (!selection) return `outcome ${shown(o.name)} is neither ${home} nor ${away}`;
      // The line is always the home side's handicap (the away side's point is its opposite).
      out.push({ market: 'spread', selection, line, odds: odds[i]! });
    }
    return out;
  }
  for (const [i, o] of outcomes.entries()) {
    const selection = o.name === 'Over' ? 'over' : o.name === 'Under' ? 'under' : null;
    const line = point(o);
    if (!selection || line === null) return `outcome ${shown(o)} is not Over or Under a point`;
    out.push({ market: 'total', selection, line, odds: odds[i]! });
  }
  return out;
}
