/**
 * The imported history's API calls: the owner's imported bets, their statistics with the imported
 * history, and the upload of a CSV file with its progress (XMLHttpRequest: fetch reports no upload
 * progress).
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { DASHBOARD_FIRST_DATA } from '../../../../shared/first-data.ts';
import type { ImportPreview, ImportResult, ImportRowProblem } from '../../../../shared/imports.ts';
import { api, askFirst, unwrap } from '../../../lib/api.ts';
import { ApiError, toApiError } from '../../../lib/api-error.ts';

/** Query keys, per signed-in user; an import invalidates `all`. The list's is the dashboard's first data (shared/first-data.ts). */
export const importKeys = {
  all: (userId: string) => ['imports', userId] as const,
  list: DASHBOARD_FIRST_DATA.imported.key,
  stats: (userId: string) => ['imports', userId, 'stats'] as const,
};

/** The owner's imported bets, newest event first, a page at a time. */
export function useImportedPages(userId: string) {
  return useInfiniteQuery({
    queryKey: importKeys.list(userId),
    meta: { errorTitle: 'Error', errorDescription: () => 'Failed to load your imported history' },
    queryFn: ({ pageParam }) => askFirst(DASHBOARD_FIRST_DATA.imported, userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * GET /api/bets/stats?includeImported=true, asked for only while `enabled` (the dashboard's switch
 * is on). `recordVersion` (when the record's own statistics were last fetched) is in the key, so a
 * bet recorded or settled since is counted here too.
 */
export function useStatsWithImported(userId: string, enabled: boolean, recordVersion: number) {
  return useQuery({
    queryKey: [...importKeys.stats(userId), recordVersion],
    enabled,
    meta: { errorTitle: 'Error', errorDescription: () => 'Failed to load your statistics with imported history' },
    queryFn: () => unwrap(api.api.bets.stats.$get({ query: { includeImported: 'true' } })),
  });
}

/** A refused upload: the server's message, and each bad row when it named them. */
export class ImportRefusedError extends ApiError {
  readonly rows: ImportRowProblem[];
  constructor(base: ApiError, rows: ImportRowProblem[]) {
    super(base.status, base.message, base.fields, base.code);
    this.rows = rows;
  }
}

/**
 * POSTs a CSV file to /api/bets/import (`dryRun`: the preview), reporting the share of it sent
 * (0 to 1) as it goes.
 */
export function uploadCsv(
  csv: Blob,
  opts: { dryRun: true; onProgress: (sent: number) => void },
): Promise<ImportPreview>;
export function uploadCsv(
  csv: Blob,
  opts: { dryRun: false; onProgress: (sent: number) => void },
): Promise<ImportResult>;
export function uploadCsv(
  csv: Blob,
  { dryRun, onProgress }: { dryRun: boolean; onProgress: (sent: number) => void },
): Promise<ImportPreview | ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/bets/import${dryRun ? '?dryRun=true' : ''}`);
    xhr.setRequestHeader('Content-Type', 'text/csv');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'The upload failed: check your connection and try again'));
    xhr.onload = async () => {
      const res = new Response(xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      });
      if (res.ok) {
        resolve((await res.json()) as ImportPreview | ImportResult);
        return;
      }
      const error = await toApiError(res.clone());
      const body = (await res.json().catch(() => null)) as { rows?: ImportRowProblem[] } | null;
      reject(new ImportRefusedError(error, Array.isArray(body?.rows) ? body.rows : []));
    };
    xhr.send(csv);
  });
}
