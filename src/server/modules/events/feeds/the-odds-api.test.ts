import { describe, expect, it } from 'vitest';
import { parseFeed } from './index.ts';
import { sportOfKey } from './the-odds-api.ts';
import { fixture } from './test-fixtures.ts';

const scores = fixture('the-odds-api-scores-basketball_nba.json');
const events = fixture('the-odds-api-events-americanfootball_nfl.json');
const odds = fixture('the-odds-api-odds-americanfootball_nfl.json');

describe('The Odds API v4: the documented example responses', () => {
  it('scores: completed games final with their scores, a game under way live, the rest scheduled', () => {
    const parsed = parseFeed('the-odds-api', scores, {});
    expect(parsed.rowErrors).toEqual([]);
    expect(parsed.events.map((e) => e.status)).toEqual([
      ...Array(9).fill('final'),
      'live',
      ...Array(3).fill('scheduled'),
    ]);
    expect(parsed.events[0]).toEqual({
      sourceId: '572d984e132eddaac3da93e5db332e7e',
      sport: 'basketball',
      competition: 'NBA',
      home: 'Sacramento Kings',
      away: 'Oklahoma City Thunder',
      startsAt: '2022-02-06T03:10:38Z',
      status: 'final',
      score: { home: 113, away: 103 },
      prices: [],
    });
    expect(parsed.events[1]?.score).toEqual({ home: 108, away: 137 });
    expect(parsed.events[9]).toMatchObject({ home: 'Los Angeles Clippers', status: 'live', score: null });
    expect(parsed.events[10]).toMatchObject({ home: 'Charlotte Hornets', startsAt: '2022-02-08T00:10:00Z' });
  });

  it("events: scheduled NFL games, american football as betproof's football", () => {
    const parsed = parseFeed('the-odds-api', events, {});
    expect(parsed.rowErrors).toEqual([]);
    expect(
      parsed.events.map((e) => [e.sourceId, e.sport, e.competition, e.home, e.away, e.startsAt, e.status]),
    ).toEqual([
      [
        'a512a48a58c4329048174217b2cc7ce0',
        'football',
        'NFL',
        'Atlanta Falcons',
        'Arizona Cardinals',
        '2023-01-01T18:00:00Z',
        'scheduled',
      ],
      [
        '0ba747b1414a31b05ef37f0bf3d7fbe9',
        'football',
        'NFL',
        'Tampa Bay Buccaneers',
        'Carolina Panthers',
        '2023-01-01T18:00:00Z',
        'scheduled',
      ],
      [
        'd7120d8231032db343cb86b20cfaaf48',
        'football',
        'NFL',
        'Detroit Lions',
        'Chicago Bears',
        '2023-01-01T18:00:00Z',
        'scheduled',
      ],
      [
        'c7e2faa6faf714fbe08621a727604cd8',
        'football',
        'NFL',
        'Washington Commanders',
        'Cleveland Browns',
        '2023-01-01T18:00:00Z',
        'scheduled',
      ],
      [
        '2ed3fd0d267bbae31360e9f19d5adbab',
        'football',
        'NFL',
        'Kansas City Chiefs',
        'Denver Broncos',
        '2023-01-01T18:00:00Z',
        'scheduled',
      ],
    ]);
  });

  it("odds: every bookmaker's money line and spread, American prices as decimal odds, the line the home side's", () => {
    const parsed = parseFeed('the-odds-api', odds, {});
    expect(parsed.rowErrors).toEqual([]);
    const [event] = parsed.events;
    expect(event).toMatchObject({
      home: 'Tampa Bay Buccaneers',
      away: 'Dallas Cowboys',
      competition: 'americanfootball_nfl',
    });
    expect(event?.prices).toHaveLength(48);
    expect(event?.prices.filter((p) => p.bookmaker === 'unibet')).toEqual([
      { bookmaker: 'unibet', kind: 'pre', market: 'moneyline', selection: 'away', odds: '3.40' },
      { bookmaker: 'unibet', kind: 'pre', market: 'moneyline', selection: 'home', odds: '1.33' },
      { bookmaker: 'unibet', kind: 'pre', market: 'spread', selection: 'away', line: -6.5, odds: '1.92' },
      { bookmaker: 'unibet', kind: 'pre', market: 'spread', selection: 'home', line: -6.5, odds: '1.90' },
    ]);
    expect(event?.prices.filter((p) => p.bookmaker === 'betonlineag' && p.market === 'spread')).toEqual([
      { bookmaker: 'betonlineag', kind: 'pre', market: 'spread', selection: 'away', line: -6, odds: '1.95' },
      { bookmaker: 'betonlineag', kind: 'pre', market: 'spread', selection: 'home', line: -6, odds: '1.87' },
    ]);
  });

  it('keeps decimal prices as published, reads totals and 3-way markets, leaves quarter lines and in-play prices out', () => {
    const game = {
      id: 'e1',
      sport_key: 'soccer_epl',
      sport_title: 'EPL',
      commence_time: '2025-01-04T15:00:00Z',
      home_team: 'Fulham',
      away_team: 'Ipswich Town',
      bookmakers: [
        {
          key: 'pinnacle',
          last_update: '2025-01-04T14:59:00Z',
          markets: [
            {
              key: 'h2h',
              outcomes: [
                { name: 'Fulham', price: 1.61 },
                { name: 'Ipswich Town', price: 5.9 },
                { name: 'Draw', price: 4.1 },
              ],
            },
            {
              key: 'totals',
              outcomes: [
                { name: 'Over', price: 1.95, point: 2.5 },
                { name: 'Under', price: 1.93, point: 2.5 },
              ],
            },
            {
              key: 'spreads',
              outcomes: [
                { name: 'Fulham', price: 1.9, point: -0.75 },
                { name: 'Ipswich Town', price: 1.9, point: 0.75 },
              ],
            },
          ],
        },
        {
          key: 'live',
          last_update: '2025-01-04T15:20:00Z',
          markets: [{ key: 'h2h', outcomes: [{ name: 'Fulham', price: 1.2 }] }],
        },
      ],
    };
    const [event] = parseFeed('the-odds-api', JSON.stringify([game]), {}).events;
    expect(event?.sport).toBe('soccer');
    expect(event?.prices).toEqual([
      { bookmaker: 'pinnacle', kind: 'pre', market: '1x2', selection: 'home', odds: '1.61' },
      { bookmaker: 'pinnacle', kind: 'pre', market: '1x2', selection: 'away', odds: '5.9' },
      { bookmaker: 'pinnacle', kind: 'pre', market: '1x2', selection: 'draw', odds: '4.1' },
      { bookmaker: 'pinnacle', kind: 'pre', market: 'total', selection: 'over', line: 2.5, odds: '1.95' },
      { bookmaker: 'pinnacle', kind: 'pre', market: 'total', selection: 'under', line: 2.5, odds: '1.93' },
    ]);
  });

  it("maps The Odds API's sport keys to betproof's sports", () => {
    expect(
      [
        'americanfootball_ncaaf',
        'basketball_euroleague',
        'baseball_mlb',
        'soccer_epl',
        'tennis_atp_french_open',
        'mma_mixed_martial_arts',
        'icehockey_nhl',
        'cricket_test_match',
      ].map(sportOfKey),
    ).toEqual(['football', 'basketball', 'baseball', 'soccer', 'tennis', 'mma', 'other', 'other']);
  });
});

describe('The Odds API: what an answer must say', () => {
  it('reports each bad event by its position, what is wrong and the value, and imports nothing', () => {
    const list = JSON.parse(scores) as Record<string, unknown>[];
    list[0]!.completed = true;
    list[0]!.scores = null;
    list[1]!.commence_time = '6 Feb 2022';
    list[2]!.scores = [{ name: 'Denver', score: '124' }];
    list[4]!.id = list[3]!.id;
    const parsed = parseFeed('the-odds-api', JSON.stringify(list), {});
    expect(parsed.events).toEqual([]);
    expect(parsed.rowErrors).toEqual([
      { row: 1, message: 'completed is true but the event has no scores' },
      { row: 2, message: 'commence_time is not an ISO 8601 or Unix time: "6 Feb 2022"' },
      {
        row: 3,
        message:
          'scores does not give whole-number scores for Denver Nuggets and Brooklyn Nets: [{"name":"Denver","score":"124"}]',
      },
      { row: 5, message: 'id "aae8b3294ab2de36e63c614e44e94d80" is the same event as row 4' },
    ]);
  });

  it('refuses prices that are neither decimal nor American odds, and a file that is not a list of events', () => {
    const list = JSON.parse(odds) as { bookmakers: { markets: { outcomes: { price: number }[] }[] }[] }[];
    list[0]!.bookmakers[0]!.markets[0]!.outcomes[0]!.price = 0.5;
    expect(parseFeed('the-odds-api', JSON.stringify(list), {}).rowErrors).toEqual([
      {
        row: 1,
        message: 'bookmakers unibet h2h: prices are neither decimal odds above 1 nor American odds: [0.5,-303]',
      },
    ]);
    expect(parseFeed('the-odds-api', '"hello"', {}).rowErrors).toEqual([
      { row: 0, message: 'the file is not a list of The Odds API events' },
    ]);
  });
});
