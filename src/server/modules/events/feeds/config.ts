/**
 * EVENT_FEEDS: the feeds a deployment pulls on a schedule (docs/FEEDS.md, "EVENT_FEEDS"). One feed
 * per line (or separated by `;`), each `<format> <url>` then options `name=value`, separated by
 * spaces:
 *
 *   the-odds-api https://api.the-odds-api.com/v4/sports/basketball_nba/scores/?daysFrom=3 key=abc123 every=30m
 *   football-json https://raw.githubusercontent.com/openfootball/football.json/master/2025-26/en.1.json timezone=Europe/London every=6h
 *
 * Options: `timezone` (IANA; required for football-json, whose times are local), `competition`
 * (percent-encoded, e.g. Premier%20League), `key` (The Odds API's key, sent as its apiKey query
 * parameter and never logged) and `every` (how often: minutes that divide an hour, hours that
 * divide a day, or 1d; default 1h). Validated at boot (env.ts): a wrong feed stops the server with
 * a message naming it.
 */
import { isTimeZone } from './local-time.ts';
import { FEED_FORMATS, type FeedFormat, type ParseOptions } from './types.ts';

export interface FeedConfig {
  format: FeedFormat;
  /** The URL as configured, without the key. */
  url: string;
  options: ParseOptions;
  /** The Odds API's key, added to the URL when pulling. */
  key?: string;
  /** Minutes between pulls: a divisor of 60, a multiple of 60 dividing 1440, or 1440. */
  everyMinutes: number;
}

export const MAX_EVENT_FEEDS = 20;
export const DEFAULT_EVERY_MINUTES = 60;

/** Intervals a cron schedule can keep exactly (every N minutes of each hour, N hours of each day). */
const EVERY = /^(\d{1,2})(m|h|d)$/;
function everyMinutesOf(text: string): number | null {
  const m = EVERY.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  if (m[2] === 'm') return n >= 1 && 60 % n === 0 ? n : null;
  if (m[2] === 'h') return n >= 1 && 24 % n === 0 ? n * 60 : null;
  return n === 1 ? 1440 : null;
}

export type FeedsResult = { ok: true; feeds: FeedConfig[] } | { ok: false; errors: string[] };

export function parseEventFeeds(text: string): FeedsResult {
  const lines = text
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean);
  const errors: string[] = [];
  if (lines.length > MAX_EVENT_FEEDS) errors.push(`at most ${MAX_EVENT_FEEDS} feeds (${lines.length} given)`);
  const feeds: FeedConfig[] = [];
  lines.slice(0, MAX_EVENT_FEEDS).forEach((line, i) => {
    const where = `feed ${i + 1}`;
    const [format, url, ...rest] = line.split(/\s+/);
    if (!(FEED_FORMATS as readonly string[]).includes(format!)) {
      errors.push(`${where}: "${format}" is not a feed format (${FEED_FORMATS.join(', ')})`);
      return;
    }
    if (!url || !URL.canParse(url) || !['http:', 'https:'].includes(new URL(url).protocol)) {
      errors.push(`${where}: "${url ?? ''}" is not an http:// or https:// URL`);
      return;
    }
    const feed: FeedConfig = { format: format as FeedFormat, url, options: {}, everyMinutes: DEFAULT_EVERY_MINUTES };
    for (const option of rest) {
      const eq = option.indexOf('=');
      const [name, raw] = eq > 0 ? [option.slice(0, eq), option.slice(eq + 1)] : [option, ''];
      let value: string;
      try {
        value = decodeURIComponent(raw);
      } catch {
        errors.push(`${where}: ${name}'s value is not percent-encoded text`);
        continue;
      }
      if (name === 'timezone' && isTimeZone(value)) feed.options.timezone = value;
      else if (name === 'timezone')
        errors.push(`${where}: timezone "${value}" is not an IANA time zone, like Europe/London`);
      else if (name === 'competition' && value.trim()) feed.options.competition = value.trim();
      else if (name === 'key' && value && feed.format === 'the-odds-api') feed.key = value;
      else if (name === 'key' && value) errors.push(`${where}: only the-odds-api feeds take a key`);
      else if (name === 'every' && everyMinutesOf(value)) feed.everyMinutes = everyMinutesOf(value)!;
      else if (name === 'every') {
        errors.push(
          `${where}: every "${value}" is not minutes dividing an hour (15m), hours dividing a day (6h) or 1d`,
        );
      } else errors.push(`${where}: "${option}" is not an option (timezone=, competition=, key=, every=)`);
    }
    if (feed.format === 'football-json' && !feed.options.timezone) {
      errors.push(`${where}: football-json times are local: name their zone (timezone=Europe/London)`);
    }
    feeds.push(feed);
  });
  return errors.length ? { ok: false, errors } : { ok: true, feeds };
}

/** The URL to fetch: the configured one with The Odds API's key as its apiKey parameter. */
export function fetchUrlOf(feed: FeedConfig): string {
  if (!feed.key) return feed.url;
  const url = new URL(feed.url);
  url.searchParams.set('apiKey', feed.key);
  return url.toString();
}

/** The feed as logs show it: its format and URL with no query string (keys may travel in it). */
export function feedLabel(feed: FeedConfig): string {
  const url = new URL(feed.url);
  return `${feed.format} ${url.origin}${url.pathname}`;
}
