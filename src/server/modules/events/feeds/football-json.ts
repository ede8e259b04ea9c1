/**
 * openfootball's football.json (github.com/openfootball/football.json, public domain): one file per
 * competition and season, `{ name, matches: [{ round, date, time, team1, team2, score: { ht, ft } }] }`.
 * Older files group matches in `rounds: [{ name, matches }]`, give teams as `{ name }` objects and
 * the result as `score1`/`score2`; both are read too.
 *
 * Times are the competition's local wall-clock times with no zone, so an import names the zone
 * (`options.timezone`, IANA) unless every time carries its own `UTC±h` offset. A match without a
 * time (a date not yet fixed for television) starts at `null`. The file has no match ids: the
 * source id is the competition, the round and the two teams, which stay the same when a match is
 * moved to another date (docs/decisions/020-feed-parsers-and-source-ids.md).
 */
import { MAX_FEED_EVENTS, MAX_NAME_CHARS } from './limits.ts';
import { isTimeZone, localToUtc } from './local-time.ts';
import { shown, type RowErrors } from './row-errors.ts';
import { FeedParse } from './feed-parse.ts';
import type { ParsedFeed, ParseOptions } from './types.ts';

/** The format's own fields, as published (every one may be missing or wrong in a given file). */
interface FootballJsonTeam {
  name?: unknown;
}
interface FootballJsonScore {
  ht?: unknown;
  ft?: unknown;
}
interface FootballJsonMatch {
  round?: unknown;
  date?: unknown;
  time?: unknown;
  /** Some older files name the offset beside the time, e.g. "UTC+3". */
  timezone?: unknown;
  team1?: unknown;
  team2?: unknown;
  score?: FootballJsonScore | null;
  score1?: unknown;
  score2?: unknown;
}
interface FootballJsonRound {
  name?: unknown;
  matches?: unknown;
}
interface FootballJsonFile {
  name?: unknown;
  matches?: unknown;
  rounds?: unknown;
}

const TIME = /^(\d{1,2}):(\d{2})(?:\s*(?:UTC|GMT)\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/;
const OFFSET = /^(?:UTC|GMT)\s*([+-])(\d{1,2})(?::?(\d{2}))?$/;

export function parse(text: string, options: ParseOptions = {}): ParsedFeed {
  const feed = new FeedParse();
  const { errors } = feed;
  const read = feed.json(text);
  if ('refused' in read) return read.refused;
  const file = read.value as FootballJsonFile;
  if (typeof file !== 'object' || file === null || Array.isArray(file)) {
    return feed.fail('the file is not a football.json competition: expected an object with "name" and "matches"');
  }
  const matches = matchesOf(file);
  if (!matches) return feed.fail('the file has no "matches" (or "rounds" with "matches") list');
  if (matches.length > MAX_FEED_EVENTS) {
    return feed.fail(`the file has ${matches.length} matches; at most ${MAX_FEED_EVENTS} are read from one file`);
  }
  const competition = options.competition?.trim() || (typeof file.name === 'string' ? file.name.trim() : '');
  if (!competition || competition.length > MAX_NAME_CHARS) {
    return feed.fail(`the file has no usable "name" (${shown(file.name)}): name the competition`);
  }
  const timeZone = options.timezone;
  if (timeZone !== undefined && !isTimeZone(timeZone)) {
    return feed.fail(`timezone ${shown(timeZone)} is not an IANA time zone name, like "Europe/London"`);
  }
  const needsZone = matches.some(
    ({ match }) => typeof match.time === 'string' && !/UTC|GMT/.test(match.time) && typeof match.timezone !== 'string',
  );
  if (needsZone && timeZone === undefined) {
    return feed.fail(
      "the file's times are the competition's local times: name their time zone (timezone, e.g. Europe/London)",
    );
  }

  matches.forEach(({ match, round }, index) => {
    const row = index + 1;
    const before = errors.count;
    if (typeof match !== 'object' || match === null) {
      errors.add(row, `the match is not an object: ${shown(match)}`);
      return;
    }
    const home = teamName(match.team1);
    const away = teamName(match.team2);
    if (!home) errors.add(row, `team1 is not a team name: ${shown(match.team1)}`);
    if (!away) errors.add(row, `team2 is not a team name: ${shown(match.team2)}`);
    const date = typeof match.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(match.date) ? match.date : null;
    if (!date) errors.add(row, `date is not a YYYY-MM-DD date: ${shown(match.date)}`);
    const startsAt = date ? startOf(row, date, match, timeZone!, errors) : null;
    const score = scoreOf(row, match, errors);
    if (errors.count > before || !home || !away || !date) return;

    const roundName = typeof (match.round ?? round) === 'string' ? String(match.round ?? round) : date;
    feed.add(
      row,
      {
        sourceId: JSON.stringify([competition, roundName, home, away]),
        sport: 'soccer',
        competition,
        home,
        away,
        startsAt: startsAt ?? null,
        status: score ? 'final' : 'scheduled',
        score,
        prices: [],
      },
      (earlier) => `the same match as row ${earlier}: ${home} v ${away} in ${shown(roundName)}`,
    );
  });
  return feed.result();
}

/** Every match with its round's name: `matches` (today's files) or `rounds[].matches` (older ones). */
function matchesOf(file: FootballJsonFile): { match: FootballJsonMatch; round?: unknown }[] | null {
  if (Array.isArray(file.matches)) return (file.matches as FootballJsonMatch[]).map((match) => ({ match }));
  if (!Array.isArray(file.rounds)) return null;
  const all: { match: FootballJsonMatch; round?: unknown }[] = [];
  for (const round of file.rounds as FootballJsonRound[]) {
    if (!round || !Array.isArray(round.matches)) continue;
    for (const match of round.matches as FootballJsonMatch[]) all.push({ match, round: round.name });
    if (all.length > MAX_FEED_EVENTS) break;
  }
  return all;
}

function teamName(team: unknown): string | null {
  const name = typeof team === 'string' ? team : (team as FootballJsonTeam | null)?.name;
  if (typeof name !== 'string') return null;
  const trimmed = name.trim();
  return trimmed && trimmed.length <= MAX_NAME_CHARS ? trimmed : null;
}

/** The start in UTC; null when the match has no time yet; undefined (and an error) when unreadable. */
function startOf(row: number, date: string, match: FootballJsonMatch, timeZone: string, errors: RowErrors) {
  if (match.time === undefined || match.time === null || match.time === '') return null;
  const time = typeof match.time === 'string' ? TIME.exec(match.time.trim()) : null;
  if (!time) {
    errors.add(row, `time is not a HH:MM time: ${shown(match.time)}`);
    return undefined;
  }
  const hhmm = `${time[1]!.padStart(2, '0')}:${time[2]}`;
  const offset = time[3]
    ? time.slice(3)
    : typeof match.timezone === 'string'
      ? OFFSET.exec(match.timezone)?.slice(1)
      : null;
  if (typeof match.timezone === 'string' && !time[3] && !offset) {
    errors.add(row, `timezone is not a UTC offset like "UTC+3": ${shown(match.timezone)}`);
    return undefined;
  }
  if (offset) {
    const [sign, hours, minutes] = offset as [string, string, string | undefined];
    const local = Date.parse(`${date}T${hhmm}:00Z`);
    if (Number.isNaN(local)) {
      errors.add(row, `date and time are not a real moment: ${date} ${hhmm}`);
      return undefined;
    }
    const offsetMs = (sign === '-' ? -1 : 1) * (+hours * 60 + +(minutes ?? 0)) * 60_000;
    return new Date(local - offsetMs).toISOString().replace('.000Z', 'Z');
  }
  const utc = localToUtc(date, hhmm, timeZone);
  if (!utc.ok) {
    errors.add(row, `date and time ${date} ${hhmm} in ${timeZone}: ${utc.reason}`);
    return undefined;
  }
  return utc.utc;
}

/** The full-time score (`score.ft`, or `score1`/`score2` in older files); null when not played. */
function scoreOf(row: number, match: FootballJsonMatch, errors: RowErrors) {
  const goals = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1000;
  const ft = match.score?.ft;
  if (ft !== undefined && ft !== null) {
    if (Array.isArray(ft) && ft.length === 2 && goals(ft[0]) && goals(ft[1])) {
      return { home: ft[0] as number, away: ft[1] as number };
    }
    errors.add(row, `score.ft is not two goal counts like [1, 0]: ${shown(ft)}`);
    return null;
  }
  const { score1, score2 } = match;
  if ((score1 === undefined || score1 === null) && (score2 === undefined || score2 === null)) return null;
  if (goals(score1) && goals(score2)) return { home: score1 as number, away: score2 as number };
  errors.add(row, `score1 and score2 are not two goal counts: ${shown(score1)} and ${shown(score2)}`);
  return null;
}
