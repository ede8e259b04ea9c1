/**
 * What a parser found wrong, row by row, so an admin can fix the file: each message names the
 * field, what is wrong and the value it read. Row 0 is the file as a whole (not JSON, too big, a
 * time zone missing). A file with any error imports nothing, so the count is bounded: past
 * MAX_ROW_ERRORS, one more error says how many rows more were wrong.
 */
import { MAX_ROW_ERRORS } from './limits.ts';
import type { FeedRowError } from './types.ts';

export class RowErrors {
  readonly list: FeedRowError[] = [];
  private dropped = 0;

  add(row: number, message: string) {
    if (this.list.length < MAX_ROW_ERRORS) this.list.push({ row, message });
    else this.dropped++;
  }

  get count() {
    return this.list.length + this.dropped;
  }

  /** The errors, with a last one counting those left out. */
  result(): FeedRowError[] {
    if (this.dropped === 0) return this.list;
    return [...this.list, { row: 0, message: `and ${this.dropped} more row errors not listed` }];
  }
}

/** A value as it appears in a message: quoted, and cut short when long. */
export function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'nothing';
  const cut = text.length > 60 ? `${text.slice(0, 60)}…` : text;
  return typeof value === 'string' ? `"${cut}"` : cut;
}
