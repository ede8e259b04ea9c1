/**
 * The steps every feed parser (football-data, football.json, The Odds API) takes around its own
 * reading of rows: refuse a whole file with one reason (row 0), refuse one too large to read,
 * read JSON, keep the first of two rows that are the same event (by sourceId) and refuse the
 * other, and import nothing from a file with any error. One place, so the parsers cannot drift
 * apart on what a refusal looks like.
 */
import { MAX_FEED_CHARS } from './limits.ts';
import { RowErrors } from './row-errors.ts';
import type { FeedEvent, ParsedFeed } from './types.ts';

export class FeedParse {
  readonly errors = new RowErrors();
  private readonly events: FeedEvent[] = [];
  /** The row each sourceId was first read in. */
  private readonly seen = new Map<string, number>();

  /** The whole file refused, for one reason. */
  fail(message: string): ParsedFeed {
    this.errors.add(0, message);
    return this.result();
  }

  /** The refusal of a file too large to read, or null when it is within the limit. */
  tooLarge(text: string): ParsedFeed | null {
    return text.length > MAX_FEED_CHARS ? this.fail(`the file is larger than ${MAX_FEED_CHARS} characters`) : null;
  }

  /** The file read as JSON, or its refusal (`refused`) when it is too large to read or not JSON. */
  json(text: string): { value: unknown } | { refused: ParsedFeed } {
    const tooLarge = this.tooLarge(text);
    if (tooLarge) return { refused: tooLarge };
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (err) {
      return { refused: this.fail(`the file is not JSON: ${(err as Error).message}`) };
    }
  }

  /**
   * Keeps the row's event, unless an earlier row had its sourceId: then the row is refused with
   * `sameAs(earlierRow)` and the earlier one stands.
   */
  add(row: number, event: FeedEvent, sameAs: (earlier: number) => string) {
    const earlier = this.seen.get(event.sourceId);
    if (earlier !== undefined) {
      this.errors.add(row, sameAs(earlier));
      return;
    }
    this.seen.set(event.sourceId, row);
    this.events.push(event);
  }

  /** The events read, or none when any row (or the file) was refused, with the errors. */
  result(): ParsedFeed {
    return { events: this.errors.count ? [] : this.events, rowErrors: this.errors.result() };
  }
}
