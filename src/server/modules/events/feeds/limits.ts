/**
 * The bounds every feed parser keeps, whatever the file: a file is a single request's body or a
 * single pull's response, parsed in memory, so its size and its count of events are capped before
 * any work grows with them (docs/FEEDS.md, "Caps").
 */

/** The largest file a parser reads: 8 MiB of text (a season of football-data.co.uk is ~180 KB). */
export const MAX_FEED_CHARS = 8 * 1024 * 1024;

/** Events in one file: a season of a 24-team league is 552 matches; a busy odds response a few hundred. */
export const MAX_FEED_EVENTS = 5_000;

/** Row errors reported from one file; past this the file is refused with a count of the rest. */
export const MAX_ROW_ERRORS = 100;

/** The longest name (team, competition) or id a feed may give. */
export const MAX_NAME_CHARS = 200;

/** A CSV record (one line of football-data.co.uk is ~500 characters) and its columns. */
export const MAX_CSV_RECORD_CHARS = 16 * 1024;
export const MAX_CSV_COLUMNS = 256;
