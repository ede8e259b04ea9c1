/**
 * The "Import history" dialog's content: choose a CSV file, see every row checked by the server (a
 * preview: nothing is stored), then import the valid ones. The server takes a file all or nothing,
 * so the second upload is a file of the valid rows only, rebuilt from the preview.
 */
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { STATUS_LABELS } from '../../../shared/bets.ts';
import { csvHeader, csvRow } from '../../../shared/csv.ts';
import { GENERIC_IMPORT_COLUMNS } from '../../../shared/import-history.ts';
import type { ImportPreview, ImportPreviewRow, ImportResult } from '../../../shared/imports.ts';
import { formatMoney } from '../../lib/format.ts';
import { Button } from '../../components/ui/button.tsx';
import { DialogFooter } from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { ImportRefusedError, importKeys, uploadCsv } from './api/imports.ts';
import { formatWholeNumber } from '../../../shared/number-format.ts';

type Stage =
  | { kind: 'choose' }
  | { kind: 'checking'; progress: number }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'importing'; progress: number; preview: ImportPreview }
  | { kind: 'done'; result: ImportResult };

/** Rows the preview table shows at most: every problem first, then bets to import up to this. */
const PREVIEW_ROWS = 100;

const plural = (n: number, one: string, many = `${one}s`) => `${formatWholeNumber(n)} ${n === 1 ? one : many}`;

/** The rows to import as a file in the spreadsheet layout (their normalised values: the same row hashes). */
function validRowsCsv(rows: ImportPreviewRow[]): Blob {
  const lines = rows
    .filter((r) => r.status === 'ok' && r.bet)
    .map(({ bet }) =>
      csvRow(
        [bet!.eventDate, bet!.description, bet!.sport, bet!.amount, bet!.odds, bet!.status].map((plain) => ({ plain })),
      ),
    );
  return new Blob([csvHeader(GENERIC_IMPORT_COLUMNS), ...lines], { type: 'text/csv' });
}

export function ImportHistoryBody({ userId, onClose }: { userId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [error, setError] = useState<{ message: string; rows: string[] } | null>(null);

  const fail = (err: unknown) => {
    setError({
      message: err instanceof Error ? err.message : 'Something went wrong',
      rows: err instanceof ImportRefusedError ? err.rows.map((r) => r.message) : [],
    });
  };

  const check = async (file: File | undefined) => {
    setError(null);
    if (!file) return setStage({ kind: 'choose' });
    setStage({ kind: 'checking', progress: 0 });
    try {
      const preview = await uploadCsv(file, {
        dryRun: true,
        onProgress: (progress) => setStage({ kind: 'checking', progress }),
      });
      setStage({ kind: 'preview', preview });
    } catch (err) {
      setStage({ kind: 'choose' });
      fail(err);
    }
  };

  const importValid = async (preview: ImportPreview) => {
    setError(null);
    setStage({ kind: 'importing', progress: 0, preview });
    try {
      const result = await uploadCsv(validRowsCsv(preview.rows), {
        dryRun: false,
        onProgress: (progress) => setStage({ kind: 'importing', progress, preview }),
      });
      setStage({ kind: 'done', result });
      await queryClient.invalidateQueries({ queryKey: importKeys.all(userId) });
    } catch (err) {
      setStage({ kind: 'preview', preview });
      fail(err);
    }
  };

  const preview = stage.kind === 'preview' || stage.kind === 'importing' ? stage.preview : null;
  const toImport = preview?.rows.filter((r) => r.status === 'ok').length ?? 0;
  const busy = stage.kind === 'checking' || stage.kind === 'importing';

  return (
    <>
      {stage.kind === 'done' ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          Imported {plural(stage.result.imported, 'bet')}.
          {stage.result.duplicates.length > 0 &&
            ` ${plural(stage.result.duplicates.length, 'row was', 'rows were')} already there and left out.`}
        </p>
      ) : (
        <div className="flex flex-col gap-2">
          <Label htmlFor={inputId}>CSV file</Label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={hintId}
            disabled={busy}
            onChange={(e) => void check(e.target.files?.[0])}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            Header row <code className="break-all">{GENERIC_IMPORT_COLUMNS.join(',')}</code>, or a betproof CSV export.
            Up to 10,000 bets; result is won, lost, void (or push) or pending.
          </p>
        </div>
      )}

      {busy && (
        <UploadProgress
          label={stage.kind === 'checking' ? 'Checking your file' : 'Importing your bets'}
          value={stage.progress}
        />
      )}

      {error && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          <p>{error.message}</p>
          {error.rows.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {error.rows.slice(0, 20).map((row) => (
                <li key={row}>{row}</li>
              ))}
            </ul>
          )}
        </div>
      )}

      {preview && <PreviewTable preview={preview} />}

      <DialogFooter>
        {stage.kind === 'done' ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            {preview && (
              <Button onClick={() => void importValid(preview)} disabled={busy || toImport === 0}>
                <FileUp aria-hidden="true" />
                Import {plural(toImport, 'bet')}
              </Button>
            )}
          </>
        )}
      </DialogFooter>
    </>
  );
}

function UploadProgress({ label, value }: { label: string; value: number }) {
  const percent = Math.round(value * 100);
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-xs text-muted-foreground">
        {label}… {percent}%
      </p>
    </div>
  );
}

const ROW_STATUS = { ok: 'To import', duplicate: 'Duplicate', error: 'Error' } as const;
/** The preview's columns, and whether each shows only from 640 px (below it, odds and result sit under the bet). */
const PREVIEW_COLUMNS: [name: string, wideOnly: boolean][] = [
  ['Row', false],
  ['Bet', false],
  ['Stake', false],
  ['Odds', true],
  ['Result', true],
  ['Status', false],
];

function PreviewTable({ preview }: { preview: ImportPreview }) {
  const count = (status: ImportPreviewRow['status']) => preview.rows.filter((r) => r.status === status).length;
  const [ok, duplicates, errors] = [count('ok'), count('duplicate'), count('error')];
  const problems = preview.rows.filter((r) => r.status !== 'ok');
  const shown = [...problems.slice(0, PREVIEW_ROWS), ...preview.rows.filter((r) => r.status === 'ok')]
    .slice(0, PREVIEW_ROWS)
    .sort((a, b) => a.row - b.row);
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="text-sm font-medium">
        {plural(ok, 'bet')} to import
        {duplicates > 0 && `, ${plural(duplicates, 'duplicate')} left out`}
        {errors > 0 && `, ${plural(errors, 'row')} with errors left out`}.
      </p>
      <div className="max-h-80 overflow-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Preview: {shown.length < preview.rows.length ? `${shown.length} of ${preview.rows.length}` : 'all'} rows
          </caption>
          <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
            <tr>
              {PREVIEW_COLUMNS.map(([name, wideOnly]) => (
                <th key={name} scope="col" className={wideOnly ? 'hidden px-2 py-1.5 sm:table-cell' : 'px-2 py-1.5'}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {shown.map((r) => (
              <tr
                key={r.row}
                className={r.status === 'error' ? 'bg-red-50' : r.status === 'duplicate' ? 'bg-amber-50' : ''}
              >
                <td className="px-2 py-1.5 tabular-nums">{r.row}</td>
                {r.bet ? (
                  <>
                    <td className="px-2 py-1.5 break-words">
                      {r.bet.description}
                      <span className="block text-xs text-muted-foreground">
                        <time dateTime={r.bet.eventDate}>{r.bet.eventDate.slice(0, 10)}</time> · {r.bet.sport}
                        {/* Odds and result have their own columns from 640 px. */}
                        <span className="sm:hidden">
                          {' '}
                          · {r.bet.odds} · {STATUS_LABELS[r.bet.status]}
                        </span>
                      </span>
                    </td>
                    <td className="px-2 py-1.5 tabular-nums">{formatMoney(r.bet.amount)}</td>
                    <td className="hidden px-2 py-1.5 sm:table-cell">{r.bet.odds}</td>
                    <td className="hidden px-2 py-1.5 sm:table-cell">{STATUS_LABELS[r.bet.status]}</td>
                  </>
                ) : (
                  <td colSpan={4} className="px-2 py-1.5 text-red-800">
                    {r.message}
                  </td>
                )}
                <td className="px-2 py-1.5 whitespace-nowrap">
                  {ROW_STATUS[r.status]}
                  {r.status === 'duplicate' && r.message && (
                    <span className="block text-xs whitespace-normal text-muted-foreground">
                      {r.message.replace(/^Row \d+: /, '')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length < preview.rows.length && (
        <p className="text-xs text-muted-foreground">
          Showing {shown.length} of {preview.rows.length} rows: every row with a problem first.
        </p>
      )}
    </div>
  );
}
