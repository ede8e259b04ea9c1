import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import { UTF8_BOM, csvHeader, csvRow, type CsvCell } from '../../../shared/csv.ts';
import { parseMoney, toUnits } from '../../../shared/money.ts';
import { betsPageRows, cursorAfter } from '../bets/bet-pages.ts';

/** Every field of a bet, in the order of the file's columns. */
export const CSV_COLUMNS = [
  'id',
  'description',
  'sport',
  'odds',
  'decimal_odds',
  'amount',
  'potential_win',
  'status',
  'profit_loss',
  'event_date',
  'settled_at',
  'created_at',
  // In the bettor's units (amount ÷ the unit size kept with the bet when it was recorded: the
  // unit_size column, 2 decimals); empty for a bet recorded with no unit size set. A later change
  // of the setting restates no row.
  'amount_units',
  'profit_loss_units',
  // A parlay's legs in one cell (see legsCell); empty for a single bet.
  'legs',
  // 'graded' (on listed events, settled from their results) or 'self-reported' (settled by the bettor).
  'kind',
  // A graded single bet's listed event and pick; empty otherwise (a graded parlay's are in `legs`).
  'event_id',
  'market',
  'selection',
  'line',
  // The unit size kept with the bet when it was recorded (its units' divisor); empty when none was set.
  'unit_size',
] as const;

/** Rows read per query: the export never holds more than about this many bets in memory. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * A parlay's legs as one cell, one bet per row: "1. Chiefs ML | football | -110 | 2026-11-29T18:00:00.000Z | won | self-reported",
 * the legs separated by "; " (one physical line per bet). Formula-escaped as a whole: it starts with
 * the first leg's position, so the bettor's text inside it is never at the cell's start.
 */
const legsCell = (bet: Bet): CsvCell =>
  bet.legs === null
    ? null
    : {
        text: bet.legs
          .map((leg) =>
            [`${leg.position}. ${leg.description}`, leg.sport, leg.odds, leg.eventDate, leg.status, leg.kind].join(
              ' | ',
            ),
          )
          .join('; '),
      };

/** An amount in units of the bet's own unit size; empty when it was recorded with none. */
const units = (amount: string, unitSize: string | null): CsvCell =>
  unitSize === null ? null : { plain: toUnits(parseMoney(amount)!, parseMoney(unitSize)!) };

/**
 * One bet as CSV cells. Only the description, the one free text, is formula-escaped (a leading
 * = + - @ tab or CR gets a single quote). The odds as typed are written plainly ("+110", "-110",
 * "5/2"): the server accepted only American, decimal or fractional odds (shared/odds.ts), digits and
 * one sign, point or slash, never a formula. Everything else is ours and written as it is:
 * amounts are plain decimals ("-10.00" must stay a number a spreadsheet can sum, so it is not
 * escaped), dates are ISO 8601 UTC, sport and status are fixed words, the id a UUID.
 */
export const betCells = (bet: Bet): CsvCell[] => [
  { plain: bet.id },
  { text: bet.description },
  { plain: bet.sport },
  { plain: bet.odds },
  { plain: bet.decimalOdds },
  { plain: bet.amount },
  { plain: bet.potentialWin },
  { plain: bet.status },
  bet.profitLoss === null ? null : { plain: bet.profitLoss },
  { plain: bet.eventDate },
  bet.settledAt === null ? null : { plain: bet.settledAt },
  { plain: bet.createdAt },
  units(bet.amount, bet.unitSize),
  bet.profitLoss === null ? null : units(bet.profitLoss, bet.unitSize),
  legsCell(bet),
  { plain: bet.kind },
  bet.eventId === null ? null : { plain: bet.eventId },
  bet.market === null ? null : { plain: bet.market },
  bet.selection === null ? null : { plain: bet.selection },
  bet.line === null ? null : { plain: String(bet.line) },
  bet.unitSize === null ? null : { plain: bet.unitSize },
];

/**
 * A user's bets as a UTF-8 CSV stream (BOM, header, one row per bet, newest recorded first).
 * Pull-based: a batch is read (keyset on the bets page index, the same query as /api/bets) only
 * when the reader has taken the previous one, so a slow download holds one batch, not the whole
 * history. Bets recorded while the export runs come after the cursor and are not included.
 */
export function betsCsvStream(
  db: Db,
  userId: string,
  opts: { batchSize?: number; logger?: Logger } = {},
): ReadableStream<Uint8Array> {
  const batchSize = opts.batchSize ?? EXPORT_BATCH_SIZE;
  const encoder = new TextEncoder();
  let cursor: { createdAt: string; id: string } | undefined;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + csvHeader(CSV_COLUMNS)));
    },
    async pull(controller) {
      try {
        const rows = await betsPageRows(db, userId, { limit: batchSize, cursor });
        const page = rows.slice(0, batchSize);
        if (page.length) {
          const bets = page.map((r) => JSON.parse(r.json) as Bet);
          controller.enqueue(encoder.encode(bets.map((bet) => csvRow(betCells(bet))).join('')));
        }
        const last = page.at(-1);
        if (rows.length > batchSize && last) cursor = cursorAfter(last);
        else controller.close();
      } catch (err) {
        // Headers are sent: all that is left is to cut the download short (the browser reports a
        // failed download rather than saving a truncated file as complete).
        opts.logger?.error('csv export failed', { userId, error: String(err) });
        throw err;
      }
    },
  });
}

/** betproof-bets-{username}-{YYYY-MM-DD}.csv, dated by the server's clock (UTC). */
export const exportFilename = (username: string, now: Date) =>
  `betproof-bets-${username}-${now.toISOString().slice(0, 10)}.csv`;
