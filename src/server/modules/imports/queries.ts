/**
 * A bettor's imported history (docs/decisions/009): reading an uploaded CSV as it arrives,
 * checking every row, and storing a file's bets in `imported_bets` all at once or not at all.
 * Nothing here touches `bets`, its summaries or the ledger.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { cursorTime, encodeCursor, queryRows, violatedConstraint, type KeysetCursor } from '../../db/sql.ts';
import { importedBets } from '../../db/schema/index.ts';
import type { Sport } from '../../../shared/bets.ts';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import { countOverdue, getBetSummary, getUnitSize, totalsFromSummary } from '../bets/bet-stats.ts';
import { CsvRefusal, csvRecords } from './csv-records.ts';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  checkRow,
  detectLayout,
  isBlankRecord,
  rowKey,
  rowMessage,
  type CheckedRow,
  type ImportFormat,
  type ImportLayout,
  type ImportedBetInput,
} from '../../../shared/import-history.ts';
import type { ImportedBet, ImportedBetPage, ImportPreviewRow, ImportRowProblem } from '../../../shared/imports.ts';
import { formatCents, parseMoney } from '../../../shared/money.ts';
import { buildStats, parseScaled, type StatsTotals } from '../../../shared/stats.ts';

/** `read`: the rows of bets read, the refused file's included (what the reading cost). */
export type UploadResult =
  | { ok: true; format: ImportFormat; rows: CheckedRow[]; read: number }
  | { ok: false; status: 400 | 413 | 422; error: string; read: number };

/**
 * Reads an upload as it arrives: decoded as UTF-8 (a bad byte refuses the file), parsed record by
 * record (csv-records.ts, within its bounds on a row) and checked row by row. It stops reading, and
 * refuses, at the first byte over IMPORT_MAX_BYTES, the first row over IMPORT_MAX_ROWS or over a
 * row's bounds, so an oversized file is never held whole.
 */
export async function readUpload(body: ReadableStream<Uint8Array> | null, now: Date): Promise<UploadResult> {
  if (!body) return { ok: false, status: 400, error: IMPORT_MESSAGES.empty, read: 0 };
  let bytes = 0;
  let tooLarge = false;
  // Counts the bytes as they come, ending the stream at the first one over the limit.
  const counted = body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        bytes += chunk.byteLength;
        if (bytes > IMPORT_MAX_BYTES) {
          tooLarge = true;
          controller.error(new CsvRefusal(413, IMPORT_MESSAGES.tooLarge));
        } else controller.enqueue(chunk);
      },
    }),
  );
  const rows: CheckedRow[] = [];
  const refuse = (status: 400 | 413 | 422, error: string): UploadResult => ({
    ok: false,
    status,
    error,
    read: rows.length,
  });
  let layout: ImportLayout | null = null;
  try {
    for await (const { fields, row } of csvRecords(counted)) {
      if (!layout) {
        layout = detectLayout(fields);
        if (!layout) return refuse(400, IMPORT_MESSAGES.noHeader);
        continue;
      }
      if (isBlankRecord(fields)) continue;
      if (rows.length === IMPORT_MAX_ROWS) return refuse(400, IMPORT_MESSAGES.tooManyRows);
      rows.push(checkRow(fields, layout, row, now));
    }
  } catch (err) {
    if (tooLarge) return refuse(413, IMPORT_MESSAGES.tooLarge);
    if (err instanceof CsvRefusal) return refuse(err.status, err.message);
    if (err instanceof TypeError && /decode|encoded|utf-?8/i.test(err.message))
      return refuse(400, IMPORT_MESSAGES.notUtf8);
    throw err;
  }
  if (!layout) return refuse(400, IMPORT_MESSAGES.noHeader);
  if (rows.length === 0) return refuse(400, IMPORT_MESSAGES.empty);
  return { ok: true, format: (layout as ImportLayout).format, rows, read: rows.length };
}

/** The row hash the database keeps unique per user: sha256 of the row's normalised fields. */
export const rowHash = (bet: ImportedBetInput) => createHash('sha256').update(rowKey(bet), 'utf8').digest('hex');

interface Planned {
  row: number;
  bet: ImportedBetInput;
  hash: string;
}

export interface ImportPlan {
  /** Rows to store, in file order (duplicates within the file left out). */
  accepted: Planned[];
  errors: ImportRowProblem[];
  /** Rows that repeat an earlier row of the file. */
  duplicates: ImportRowProblem[];
}

/** Sorts the checked rows into errors, repeats within the file, and bets to store. */
export function planImport(rows: readonly CheckedRow[]): ImportPlan {
  const plan: ImportPlan = { accepted: [], errors: [], duplicates: [] };
  const firstRowOf = new Map<string, number>();
  for (const checked of rows) {
    if (!checked.ok) {
      plan.errors.push({ row: checked.row, message: rowMessage(checked.row, checked.errors) });
      continue;
    }
    const hash = rowHash(checked.bet);
    const first = firstRowOf.get(hash);
    if (first !== undefined) {
      plan.duplicates.push({
        row: checked.row,
        message: rowMessage(checked.row, [IMPORT_MESSAGES.duplicateInFile(first)]),
      });
      continue;
    }
    firstRowOf.set(hash, checked.row);
    plan.accepted.push({ row: checked.row, bet: checked.bet, hash });
  }
  return plan;
}

/** Hashes per lookup, and rows per INSERT. */
const BATCH = 1000;

/** Which of `hashes` the user has imported before. */
async function existingHashes(db: Db, userId: string, hashes: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < hashes.length; i += BATCH) {
    const rows = await db
      .select({ hash: importedBets.rowHash })
      .from(importedBets)
      .where(and(eq(importedBets.userId, userId), inArray(importedBets.rowHash, hashes.slice(i, i + BATCH))));
    for (const r of rows) found.add(r.hash);
  }
  return found;
}

const alreadyImported = (row: number): ImportRowProblem => ({
  row,
  message: rowMessage(row, [IMPORT_MESSAGES.duplicateImported]),
});

/** Every row as the preview shows it, in file order: to import, a duplicate, or an error. */
export async function previewImport(db: Db, userId: string, rows: readonly CheckedRow[]): Promise<ImportPreviewRow[]> {
  const plan = planImport(rows);
  const known = await existingHashes(
    db,
    userId,
    plan.accepted.map((p) => p.hash),
  );
  const byRow = new Map<number, ImportPreviewRow>();
  for (const e of plan.errors) byRow.set(e.row, { row: e.row, status: 'error', message: e.message });
  for (const d of plan.duplicates) byRow.set(d.row, { row: d.row, status: 'duplicate', message: d.message });
  for (const p of plan.accepted)
    byRow.set(
      p.row,
      known.has(p.hash)
        ? { row: p.row, status: 'duplicate', message: alreadyImported(p.row).message, bet: p.bet }
        : { row: p.row, status: 'ok', bet: p.bet },
    );
  return rows.map((r) => byRow.get(r.row)!);
}

export interface ImportResult {
  importId: string;
  imported: number;
  duplicates: ImportRowProblem[];
}

/** How many imported bets the user holds. */
export async function countImportedBets(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(importedBets)
    .where(eq(importedBets.userId, userId));
  return row?.n ?? 0;
}

/**
 * Stores the accepted rows in one transaction, `imported_at` = `now`. A row the user imported
 * before is skipped by the unique key (ON CONFLICT DO NOTHING), so two imports of one file at once
 * still store it once, and reported as a duplicate. Null, storing nothing, when the rows would take
 * the account past IMPORTED_BETS_MAX (the database's trigger refused them: db/functions/imported_bets_total_cap.sql).
 */
export async function storeImport(db: Db, userId: string, plan: ImportPlan, now: Date): Promise<ImportResult | null> {
  const importId = randomUUID();
  const stored = new Set<string>();
  try {
    await storeRows(db, userId, importId, plan, now, stored);
  } catch (err) {
    if (violatedConstraint(err, '23514', ['imported_bets_total_cap'])) return null;
    throw err;
  }
  const again = plan.accepted.filter((p) => !stored.has(p.hash)).map((p) => alreadyImported(p.row));
  return {
    importId,
    imported: stored.size,
    duplicates: [...plan.duplicates, ...again].sort((a, b) => a.row - b.row),
  };
}

async function storeRows(db: Db, userId: string, importId: string, plan: ImportPlan, now: Date, stored: Set<string>) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < plan.accepted.length; i += BATCH) {
      // One JSON parameter per batch: binding 13 parameters a row cost ~0.7 ms a row on PGlite.
      const batch = JSON.stringify(
        plan.accepted.slice(i, i + BATCH).map(({ bet, hash }) => ({ ...bet, rowHash: hash })),
      );
      const rows = await queryRows<{ hash: string }>(
        tx as unknown as Db,
        sql`insert into imported_bets (user_id, import_id, row_hash, description, sport, amount, odds,
              decimal_odds, event_date, status, profit_loss, imported_at)
            select ${userId}, ${importId}::uuid, r."rowHash", r.description, r.sport, r.amount, r.odds,
                   r."decimalOdds", r."eventDate", r.status, r."profitLoss", ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${batch}::jsonb) as r("rowHash" text, description text, sport text,
                 amount numeric, odds text, "decimalOdds" numeric, "eventDate" timestamptz, status text,
                 "profitLoss" numeric)
            on conflict (user_id, row_hash) do nothing
            returning row_hash as hash`,
      );
      for (const r of rows) stored.add(r.hash);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The owner's list: newest event first, keyset on (event_date desc, id desc).

const money = (value: string) => formatCents(parseMoney(value)!);
const eventDateText = sql<string>`${importedBets.eventDate}`;

export async function listImportedBets(
  db: Db,
  userId: string,
  opts: { limit: number; cursor?: KeysetCursor },
): Promise<ImportedBetPage> {
  const after = opts.cursor;
  const position = after
    ? and(
        lte(importedBets.eventDate, sql`${after.createdAt}::timestamptz`),
        or(lt(importedBets.eventDate, sql`${after.createdAt}::timestamptz`), lt(importedBets.id, after.id)),
      )
    : undefined;
  const rows = await db
    .select({ bet: importedBets, eventDateText })
    .from(importedBets)
    .where(and(eq(importedBets.userId, userId), position))
    .orderBy(desc(importedBets.eventDate), desc(importedBets.id))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    bets: page.map(({ bet }) => toImportedBet(bet)),
    nextCursor:
      rows.length > opts.limit && last
        ? encodeCursor({ createdAt: cursorTime(last.eventDateText), id: last.bet.id })
        : null,
  };
}

function toImportedBet(row: typeof importedBets.$inferSelect): ImportedBet {
  return {
    id: row.id,
    imported: true,
    description: row.description,
    sport: row.sport as Sport,
    amount: money(row.amount),
    odds: row.odds,
    decimalOdds: row.decimalOdds,
    eventDate: row.eventDate.toISOString(),
    status: row.status,
    profitLoss: row.profitLoss === null ? null : money(row.profitLoss),
    importedAt: row.importedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// The owner's statistics with their imported history.

/**
 * The record's totals with the user's imported bets added: the counts and sums in one aggregate of
 * imported_bets (the same sums the summary keeps), the runs and the drawdown from
 * runs_with_imported (db/functions/runs_with_imported.sql: one ordered pass over both in the order of the games, imported bets at their event date).
 */
export async function totalsWithImported(db: Db, userId: string, record: StatsTotals): Promise<StatsTotals> {
  const decided = (value: SQL) =>
    sql<string>`coalesce(sum(${value}) filter (where ${importedBets.status} in ('won', 'lost')), 0)::text`;
  const unit = sql`case ${importedBets.status} when 'won' then ${importedBets.decimalOdds} - 1 else -1 end`;
  const [[row], [runs]] = await Promise.all([
    db
      .select({
        totalBets: sql<number>`count(*)::int`,
        won: sql<number>`(count(*) filter (where ${importedBets.status} = 'won'))::int`,
        lost: sql<number>`(count(*) filter (where ${importedBets.status} = 'lost'))::int`,
        pending: sql<number>`(count(*) filter (where ${importedBets.status} = 'pending'))::int`,
        voided: sql<number>`(count(*) filter (where ${importedBets.status} = 'void'))::int`,
        totalStaked: sql<string>`coalesce(sum(${importedBets.amount}), 0)::text`,
        totalProfit: sql<string>`coalesce(sum(${importedBets.profitLoss}), 0)::text`,
        settledStaked: decided(sql`${importedBets.amount}`),
        oddsSum: decided(sql`${importedBets.decimalOdds}`),
        levelProfit: decided(unit),
        levelProfitSq: decided(sql`(${unit}) * (${unit})`),
        profitSq: decided(sql`${importedBets.profitLoss} * ${importedBets.profitLoss}`),
        profitStake: decided(sql`${importedBets.profitLoss} * ${importedBets.amount}`),
        stakeSq: decided(sql`${importedBets.amount} * ${importedBets.amount}`),
        breakEvenVar: decided(sql`${importedBets.amount} * ${importedBets.amount} * (${importedBets.decimalOdds} - 1)`),
      })
      .from(importedBets)
      .where(eq(importedBets.userId, userId)),
    queryRows<{ longestWin: number; longestLoss: number; maxDrawdown: string }>(
      db,
      sql`select longest_win as "longestWin", longest_loss as "longestLoss", max_drawdown::text as "maxDrawdown"
          from runs_with_imported(${userId})`,
    ),
  ]);
  if (!row || row.totalBets === 0) return record;
  return {
    totalBets: record.totalBets + row.totalBets,
    won: record.won + row.won,
    lost: record.lost + row.lost,
    pending: record.pending + row.pending,
    voided: record.voided + row.voided,
    totalStaked: record.totalStaked + parseScaled(row.totalStaked, 2),
    totalProfit: record.totalProfit + parseScaled(row.totalProfit, 2),
    settledStaked: record.settledStaked + parseScaled(row.settledStaked, 2),
    oddsSum: record.oddsSum + parseScaled(row.oddsSum, 6),
    levelProfit: record.levelProfit + parseScaled(row.levelProfit, 6),
    levelProfitSq: record.levelProfitSq + parseScaled(row.levelProfitSq, 12),
    profitSq: record.profitSq + parseScaled(row.profitSq, 4),
    profitStake: record.profitStake + parseScaled(row.profitStake, 4),
    stakeSq: record.stakeSq + parseScaled(row.stakeSq, 4),
    breakEvenVariance: record.breakEvenVariance + parseScaled(row.breakEvenVar, 10),
    maxDrawdown: parseScaled(runs?.maxDrawdown ?? '0', 2),
    longestWinningRun: runs?.longestWin ?? 0,
    longestLosingRun: runs?.longestLoss ?? 0,
  };
}

/**
 * The version of a user's record with their imported history: the ledger head (every change to a
 * bet advances it) and the newest import (imported rows are only ever added, a file at a time, or
 * erased with the account), each one index lookup (migration 0031_security's imported_bets_user_imported_idx).
 * What totalsWithImported reads changes only with it.
 */
export async function importedRecordVersion(db: Db, userId: string): Promise<string> {
  const [row] = await queryRows<{ seq: string; newest: string | null }>(
    db,
    sql`select coalesce((select seq::text from bet_ledger_heads where user_id = ${userId}), '0') as seq,
               (select import_id::text || '@' || imported_at::text from imported_bets where user_id = ${userId}
                order by imported_at desc, import_id desc limit 1) as newest`,
  );
  return `${row?.seq ?? '0'}:${row?.newest ?? ''}`;
}

/**
 * GET /api/bets/stats?includeImported=true: the owner's statistics over their record and imported
 * history. Its cost grows with the imported rows (up to IMPORTED_BETS_MAX): a heavy read, whose
 * totals `totals` may answer from a cache (routes.ts); the summary, overdue count and unit size
 * are read each time (cheap, and the overdue count follows the clock).
 */
export async function getStatsWithImported(
  db: Db,
  userId: string,
  now: Date,
  totals: (record: StatsTotals) => Promise<StatsTotals> = (record) => totalsWithImported(db, userId, record),
): Promise<BetStats> {
  const [summary, overdue, unitSize] = await Promise.all([
    getBetSummary(db, userId),
    countOverdue(db, userId, now),
    getUnitSize(db, userId),
  ]);
  return buildStats(await totals(totalsFromSummary(summary)), { overdue, unitSize });
}
