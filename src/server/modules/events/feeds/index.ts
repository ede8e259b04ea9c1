/**
 * The feed parsers by format name: the import endpoint and the scheduled pull (pull.ts) parse every
 * file through `parseFeed`. To add a format, write its parser beside these (a pure
 * `parse(text, options) → ParsedFeed`), name it in FEED_FORMATS (types.ts) and here, and describe it
 * in docs/FEEDS.md.
 */
import { z } from 'zod';
import { parse as parseFootballData } from './football-data.ts';
import { parse as parseFootballJson } from './football-json.ts';
import { parse as parseTheOddsApi } from './the-odds-api.ts';
import { FEED_FORMATS, type FeedFormat, type ParsedFeed, type ParseOptions } from './types.ts';

export * from './types.ts';

const parsers: Record<FeedFormat, (text: string, options: ParseOptions) => ParsedFeed> = {
  'football-json': parseFootballJson,
  'football-data': parseFootballData,
  'the-odds-api': parseTheOddsApi,
};

/** The events of a published file, or its row errors (a file with any error yields no events). */
export function parseFeed(format: FeedFormat, text: string, options: ParseOptions = {}): ParsedFeed {
  return parsers[format](text, options);
}

/** A `format` parameter (query string, EVENT_FEEDS): one of FEED_FORMATS, with a message naming them. */
export const feedFormatSchema = z.enum(FEED_FORMATS, {
  error: `must be one of ${FEED_FORMATS.join(', ')}`,
});

export function isFeedFormat(value: string): value is FeedFormat {
  return (FEED_FORMATS as readonly string[]).includes(value);
}
