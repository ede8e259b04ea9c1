import { describe, expect, it } from 'vitest';
import { feedFormatSchema, isFeedFormat, parseFeed } from './index.ts';
import { fixture } from './test-fixtures.ts';

describe('parseFeed', () => {
  it('parses each format with its own parser', () => {
    const csv = fixture('football-data-E0-2024-25-excerpt.csv');
    expect(parseFeed('football-data', csv).events).toHaveLength(29);
    // The same text is no football.json file, nor an Odds API answer.
    expect(parseFeed('football-json', csv, { timezone: 'UTC' }).rowErrors[0]?.message).toMatch(/^the file is not JSON/);
    expect(parseFeed('the-odds-api', csv).rowErrors[0]?.message).toMatch(/^the file is not JSON/);
    expect(parseFeed('the-odds-api', fixture('the-odds-api-events-americanfootball_nfl.json')).events).toHaveLength(5);
  });

  it('names the formats a format parameter may take', () => {
    expect(feedFormatSchema.parse('the-odds-api')).toBe('the-odds-api');
    expect(feedFormatSchema.safeParse('csv').error?.issues[0]?.message).toBe(
      'must be one of football-json, football-data, the-odds-api',
    );
    expect(['football-json', 'football-data', 'the-odds-api', 'espn'].map(isFeedFormat)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });
});
