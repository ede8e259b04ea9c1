import { afterEach, describe, expect, it } from 'vitest';
import type { FeedConfig } from './config.ts';
import { capturingLogger, startFeedServer, type FeedServer } from './feed-server.test-helper.ts';
import { pullFeed, type ImportFeed } from './pull.ts';
import { fixture } from './test-fixtures.ts';
import type { FeedFormat, ParsedFeed } from './types.ts';

const e0 = fixture('football-data-E0-2024-25-excerpt.csv');
const scores = fixture('the-odds-api-scores-basketball_nba.json');

let server: FeedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An importFeed that records what it was given and answers fixed counts. */
function recordingImport() {
  const calls: { format: FeedFormat; parsed: ParsedFeed }[] = [];
  const importFeed: ImportFeed = async (format, parsed) => {
    calls.push({ format, parsed });
    return { created: parsed.events.length, updated: 0, graded: 3 };
  };
  return { calls, importFeed };
}

const feedAt = (url: string, format: FeedFormat, extra: Partial<FeedConfig> = {}): FeedConfig => ({
  format,
  url,
  options: {},
  everyMinutes: 60,
  ...extra,
});

describe('pullFeed', () => {
  it('fetches the feed, parses it and hands the events to the catalog, logging the counts', async () => {
    server = await startFeedServer((_req, res) => res.writeHead(200, { 'content-type': 'text/csv' }).end(e0));
    const { calls, importFeed } = recordingImport();
    const logger = capturingLogger();
    const outcome = await pullFeed(feedAt(`${server.url}/mmz4281/2425/E0.csv`, 'football-data'), {
      importFeed,
      logger,
    });
    expect(outcome).toEqual({ ok: true, events: 29, created: 29, updated: 0, graded: 3 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.format).toBe('football-data');
    expect(calls[0]!.parsed.events[0]).toMatchObject({
      home: 'Man United',
      away: 'Fulham',
      startsAt: '2024-08-16T19:00:00Z',
    });
    expect(logger.lines).toEqual([
      {
        level: 'info',
        msg: 'event feed pulled',
        fields: {
          feed: `football-data ${server.url}/mmz4281/2425/E0.csv`,
          events: 29,
          created: 29,
          updated: 0,
          graded: 3,
        },
      },
    ]);
  });

  it("sends The Odds API's key as its apiKey parameter, and never logs it", async () => {
    server = await startFeedServer((_req, res) => res.writeHead(200).end(scores));
    const { importFeed } = recordingImport();
    const logger = capturingLogger();
    const feed = feedAt(`${server.url}/v4/sports/basketball_nba/scores/?daysFrom=3`, 'the-odds-api', { key: 's3cret' });
    expect(await pullFeed(feed, { importFeed, logger })).toMatchObject({ ok: true, events: 13 });
    expect(server.requests).toEqual(['/v4/sports/basketball_nba/scores/?daysFrom=3&apiKey=s3cret']);
    expect(JSON.stringify(logger.lines)).not.toContain('s3cret');
  });

  it('imports nothing from a file with row errors, and logs the errors', async () => {
    server = await startFeedServer((_req, res) =>
      res.writeHead(200).end(e0.replace('Man United,Fulham,1,0,H', 'Man United,Fulham,1,0,A')),
    );
    const { calls, importFeed } = recordingImport();
    const logger = capturingLogger();
    const outcome = await pullFeed(feedAt(`${server.url}/E0.csv`, 'football-data'), { importFeed, logger });
    expect(outcome).toEqual({
      ok: false,
      reason: '1 row errors: nothing imported',
      rowErrors: [{ row: 1, message: 'FTR is "A" but FTHG 1 and FTAG 0 make it "H"' }],
    });
    expect(calls).toEqual([]);
    expect(logger.lines.map((l) => [l.level, l.msg])).toEqual([['warn', 'event feed refused']]);
  });

  it('gives up on an error status, an answer over the size cap and a feed that does not answer in time', async () => {
    const { calls, importFeed } = recordingImport();
    const logger = capturingLogger();
    server = await startFeedServer((req, res) => {
      if (req.url === '/missing') res.writeHead(404).end('no');
      // Sent in chunks with no length: the cap is kept while reading, not from a header.
      else if (req.url === '/big') {
        res.writeHead(200);
        for (let i = 0; i < 10; i++) res.write('x'.repeat(200));
        res.end();
      } else if (req.url === '/declared') res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
      // /slow never answers.
    });
    const deps = { importFeed, logger, maxBytes: 1000, timeoutMs: 300 };
    expect(await pullFeed(feedAt(`${server.url}/missing`, 'football-data'), deps)).toEqual({
      ok: false,
      reason: 'the feed answered HTTP 404',
    });
    expect(await pullFeed(feedAt(`${server.url}/big`, 'football-data'), deps)).toEqual({
      ok: false,
      reason: "the feed's answer is larger than 1000 bytes",
    });
    expect(await pullFeed(feedAt(`${server.url}/declared`, 'football-data'), deps)).toEqual({
      ok: false,
      reason: "the feed's answer is larger than 1000 bytes",
    });
    expect(await pullFeed(feedAt(`${server.url}/slow`, 'football-data'), deps)).toEqual({
      ok: false,
      reason: 'the feed could not be fetched: no full answer within 300 ms',
    });
    expect(calls).toEqual([]);
    expect(logger.lines.map((l) => [l.level, l.msg])).toEqual(Array(4).fill(['error', 'event feed pull failed']));
  });

  it("logs the catalog's refusal of a file with its rows", async () => {
    server = await startFeedServer((_req, res) => res.writeHead(200).end(scores));
    const refuse: ImportFeed = async () => {
      throw Object.assign(new Error('a final result is final'), {
        rows: [{ row: 2, message: 'Row 2: already final 108-137' }],
      });
    };
    const outcome = await pullFeed(feedAt(`${server.url}/scores`, 'the-odds-api'), {
      importFeed: refuse,
      logger: capturingLogger(),
    });
    expect(outcome).toEqual({
      ok: false,
      reason: 'the catalog refused the file: a final result is final',
      rowErrors: [{ row: 2, message: 'Row 2: already final 108-137' }],
    });
  });
});
