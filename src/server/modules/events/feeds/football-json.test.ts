import { describe, expect, it } from 'vitest';
import { MAX_FEED_EVENTS } from './limits.ts';
import { parseFeed } from './index.ts';
import { fixture } from './test-fixtures.ts';
import type { FeedEvent } from './types.ts';

const season = fixture('football-json-en.1-2024-25.json');
const london = { timezone: 'Europe/London' };
const find = (events: FeedEvent[], home: string, away: string) =>
  events.find((e) => e.home === home && e.away === away);

describe('football.json: openfootball en.1.json 2024/25 as published', () => {
  const { events, rowErrors } = parseFeed('football-json', season, london);

  it('reads every match: the first two matchdays final, the rest scheduled, those without a time at null', () => {
    expect(rowErrors).toEqual([]);
    expect(events).toHaveLength(380);
    expect(events.filter((e) => e.status === 'final')).toHaveLength(20);
    expect(events.filter((e) => e.status === 'scheduled')).toHaveLength(360);
    expect(events.filter((e) => e.startsAt === null)).toHaveLength(280);
    expect(new Set(events.map((e) => e.sourceId)).size).toBe(380);
  });

  it('gives a played match its UTC start (British Summer Time) and full-time score', () => {
    expect(events[0]).toEqual({
      sourceId: '["Premier League 2024/25","Matchday 1","Manchester United FC","Fulham FC"]',
      sport: 'soccer',
      competition: 'Premier League 2024/25',
      home: 'Manchester United FC',
      away: 'Fulham FC',
      startsAt: '2024-08-16T19:00:00Z',
      status: 'final',
      score: { home: 1, away: 0 },
      prices: [],
    });
    expect(find(events, 'Wolverhampton Wanderers FC', 'Chelsea FC')?.score).toEqual({ home: 2, away: 6 });
  });

  it('converts the local kick-offs either side of the end of summer time, 26 and 27 October 2024', () => {
    expect(find(events, 'Everton FC', 'Fulham FC')?.startsAt).toBe('2024-10-26T16:30:00Z');
    expect(find(events, 'West Ham United FC', 'Manchester United FC')?.startsAt).toBe('2024-10-27T14:00:00Z');
    expect(find(events, 'Arsenal FC', 'Liverpool FC')?.startsAt).toBe('2024-10-27T16:30:00Z');
  });

  it('leaves a match whose time is not fixed scheduled with no start', () => {
    expect(find(events, 'AFC Bournemouth', 'Manchester City FC')).toMatchObject({
      status: 'scheduled',
      startsAt: null,
      score: null,
    });
  });

  it('keeps the source id of a match moved to another date', () => {
    const moved = season.replace(
      '"date": "2024-11-02",\r\n      "team1": "AFC Bournemouth"',
      '"date": "2024-11-03",\r\n      "team1": "AFC Bournemouth"',
    );
    expect(moved).not.toBe(season);
    const again = parseFeed('football-json', moved, london).events;
    expect(find(again, 'AFC Bournemouth', 'Manchester City FC')?.sourceId).toBe(
      find(events, 'AFC Bournemouth', 'Manchester City FC')?.sourceId,
    );
  });

  it('names the competition as the import says, when it does', () => {
    const named = parseFeed('football-json', season, { ...london, competition: 'EPL' }).events;
    expect(named[0]?.competition).toBe('EPL');
  });
});

describe('football.json: what a file must say', () => {
  it('refuses local times without their time zone, and an unknown zone, importing nothing', () => {
    expect(parseFeed('football-json', season, {})).toEqual({
      events: [],
      rowErrors: [
        {
          row: 0,
          message:
            "the file's times are the competition's local times: name their time zone (timezone, e.g. Europe/London)",
        },
      ],
    });
    expect(parseFeed('football-json', season, { timezone: 'Europe/Londn' }).rowErrors).toEqual([
      { row: 0, message: 'timezone "Europe/Londn" is not an IANA time zone name, like "Europe/London"' },
    ]);
  });

  it('reports each bad match by its position, what is wrong and the value, and imports nothing', () => {
    const file = JSON.parse(season) as { matches: Record<string, unknown>[] };
    file.matches[2]!.score = { ft: [2] };
    file.matches[4]!.team2 = '';
    file.matches[6]!.date = '2024-02-30';
    file.matches[8]!.time = '4pm';
    const parsed = parseFeed('football-json', JSON.stringify(file), london);
    expect(parsed.events).toEqual([]);
    expect(parsed.rowErrors).toEqual([
      { row: 3, message: 'score.ft is not two goal counts like [1, 0]: [2]' },
      { row: 5, message: 'team2 is not a team name: ""' },
      { row: 7, message: 'date and time 2024-02-30 17:30 in Europe/London: no such date or time' },
      { row: 9, message: 'time is not a HH:MM time: "4pm"' },
    ]);
  });

  it('refuses a kick-off at a time the clocks skipped', () => {
    const file = { name: 'Test', matches: [{ round: '1', date: '2025-03-30', time: '01:30', team1: 'A', team2: 'B' }] };
    expect(parseFeed('football-json', JSON.stringify(file), london).rowErrors).toEqual([
      {
        row: 1,
        message:
          'date and time 2025-03-30 01:30 in Europe/London: the clocks in Europe/London skipped 01:30 on 2025-03-30',
      },
    ]);
  });

  it('reads the older layout: rounds, teams as objects, score1/score2, a time with its UTC offset', () => {
    const older = {
      name: 'World Cup 2018',
      rounds: [
        {
          name: 'Matchday 1',
          matches: [
            {
              date: '2018-06-14',
              time: '18:00',
              timezone: 'UTC+3',
              team1: { key: 'rus', name: 'Russia', code: 'RUS' },
              team2: { key: 'ksa', name: 'Saudi Arabia', code: 'KSA' },
              score1: 5,
              score2: 0,
            },
            { date: '2018-06-15', time: '17:00 UTC+5', team1: 'Egypt', team2: 'Uruguay' },
          ],
        },
      ],
    };
    const parsed = parseFeed('football-json', JSON.stringify(older), {});
    expect(parsed.rowErrors).toEqual([]);
    expect(parsed.events.map((e) => [e.sourceId, e.startsAt, e.status, e.score])).toEqual([
      [
        '["World Cup 2018","Matchday 1","Russia","Saudi Arabia"]',
        '2018-06-14T15:00:00Z',
        'final',
        { home: 5, away: 0 },
      ],
      ['["World Cup 2018","Matchday 1","Egypt","Uruguay"]', '2018-06-15T12:00:00Z', 'scheduled', null],
    ]);
  });

  it('refuses what is not a football.json file, and a file with more matches than the cap', () => {
    expect(parseFeed('football-json', 'Div,Date\n', london).rowErrors[0]?.message).toMatch(/^the file is not JSON: /);
    expect(parseFeed('football-json', '[]', london).rowErrors).toEqual([
      { row: 0, message: 'the file is not a football.json competition: expected an object with "name" and "matches"' },
    ]);
    const match = { round: '1', date: '2025-01-01', team1: 'A', team2: 'B' };
    const huge = JSON.stringify({ name: 'Big', matches: Array.from({ length: MAX_FEED_EVENTS + 1 }, () => match) });
    expect(parseFeed('football-json', huge, london).rowErrors).toEqual([
      {
        row: 0,
        message: `the file has ${MAX_FEED_EVENTS + 1} matches; at most ${MAX_FEED_EVENTS} are read from one file`,
      },
    ]);
  });

  it('reports the same match twice in a file', () => {
    const match = { round: '1', date: '2025-01-01', team1: 'A', team2: 'B' };
    expect(
      parseFeed('football-json', JSON.stringify({ name: 'X', matches: [match, match] }), london).rowErrors,
    ).toEqual([{ row: 2, message: 'the same match as row 1: A v B in "1"' }]);
  });
});
