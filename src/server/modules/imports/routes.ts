import { Hono, type Context, type TypedResponse } from 'hono';
import type { Db } from '../../db/client.ts';
import { decodeCursor, INVALID_CURSOR } from '../../db/sql.ts';
import { validate, type ApiError } from '../../edge/http.ts';
import type { Quotas } from '../../edge/quotas.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import {
  IMPORT_CONTENT_TYPE_MESSAGE,
  importQuerySchema,
  importRefusedMessage,
  listImportedQuerySchema,
  type ImportRefusal,
} from '../../../shared/imports.ts';
import { refuseDuringCoolOff } from '../wellbeing/recording.ts';
import { IMPORTED_BETS_MAX, IMPORT_MESSAGES, importWrites } from '../../../shared/import-history.ts';
import { RecordCache } from '../../lib/record-cache.ts';
import type { BetStats } from '../../../shared/bet-schemas.ts';
import type { StatsTotals } from '../../../shared/stats.ts';
import {
  countImportedBets,
  getStatsWithImported,
  importedRecordVersion,
  listImportedBets,
  planImport,
  previewImport,
  readUpload,
  storeImport,
  totalsWithImported,
} from './queries.ts';

/** The import's path. */
export const IMPORT_PATH = '/api/bets/import';

/** A CSV as the import takes it: `text/csv`, with parameters or none. */
const isCsvType = (type: string | undefined) => /^\s*text\/csv\s*(;|$)/i.test(type ?? '');

/**
 * The one request app.ts exempts from the 64 KB body limit and the UTF-8 check (the import has
 * its own, read as it streams): POST of the import's path as text/csv. Any other method at that
 * path (routed as a bet id) or any other type keeps the API's limits.
 */
export const isImportUpload = (c: Context) =>
  c.req.method === 'POST' && c.req.path === IMPORT_PATH && isCsvType(c.req.header('content-type'));

/**
 * The owner's statistics with their imported history (GET /api/bets/stats?includeImported=true,
 * served by the bets routes): a heavy read (docs/SECURITY.md). It counts against the analytics
 * quota, runs one at a time per user on this server, and its totals are kept while the record and
 * the imported history are unchanged (record-cache.ts; importedRecordVersion read first, so an
 * answer is never older than the record the request sees).
 */
export function statsWithImported({ db, now, quotas }: Omit<ImportRoutesDeps, 'auth'>) {
  const cache = new RecordCache();
  const asked = (c: Context) => c.req.query('includeImported') === 'true';
  return {
    /** Before the stats handler: counts the request when it asks for the imported history. */
    quota: quotas.limit('analytics', 'asking for your statistics', asked),
    asked,
    answer: async (userId: string): Promise<BetStats> => {
      const release = await cache.acquire('stats-with-imported', userId);
      try {
        const version = await importedRecordVersion(db, userId);
        return await getStatsWithImported(db, userId, now(), async (record) => {
          const key = `${version}:${JSON.stringify(record, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`;
          const kept = cache.get<StatsTotals>('stats-with-imported', userId, key);
          if (kept) return kept;
          const totals = await totalsWithImported(db, userId, record);
          cache.set('stats-with-imported', userId, key, totals, 1024);
          return totals;
        });
      } finally {
        release();
      }
    },
  };
}

export interface ImportRoutesDeps {
  auth: Auth;
  db: Db;
  now: () => Date;
  quotas: Quotas;
}

/**
 * POST /api/bets/import and GET /api/bets/imported, mounted under /api/bets before the bets
 * routes. Each route carries its own middleware (a `use` here would run for every /api/bets
 * request too). An import counts against the write quota by the rows it reads (importWrites),
 * and an account holds at most IMPORTED_BETS_MAX imported bets.
 */
export function importRoutes({ auth, db, now, quotas }: ImportRoutesDeps) {
  return new Hono<AppEnv>()
    .get('/imported', requireUser(auth), validate('query', listImportedQuerySchema), async (c) => {
      const { limit, cursor: cursorText } = c.req.valid('query');
      const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
      if (cursor === null) return c.json<ApiError, 422>(INVALID_CURSOR, 422);
      return c.json(await listImportedBets(db, c.get('user').id, { limit, cursor }), 200);
    })
    .post(
      '/import',
      requireUser(auth),
      quotas.writes('importing bets'),
      refuseDuringCoolOff(db, now),
      validate('query', importQuerySchema),
      async (c) => {
        if (!isCsvType(c.req.header('content-type')))
          return c.json<ApiError, 415>({ error: IMPORT_CONTENT_TYPE_MESSAGE }, 415);
        const userId = c.get('user').id;
        const upload = await readUpload(c.req.raw.body, now());
        // The rows read count against the write quota whatever becomes of the file (stored,
        // previewed or refused): reading is the cost, so a flood of files refused at their last row
        // or of previews reads no more rows than one of files stored. The request counted one
        // write; each further IMPORT_ROWS_PER_WRITE rows (begun) count one more.
        const overQuota = await quotas.charge(c, 'writes', importWrites(upload.read) - 1, 'importing bets');
        if (overQuota) return overQuota as unknown as TypedResponse<ImportRefusal, 429, 'json'>;
        if (!upload.ok) return c.json<ImportRefusal, 400 | 413 | 422>({ error: upload.error }, upload.status);
        if (c.req.valid('query').dryRun === 'true')
          return c.json({ format: upload.format, rows: await previewImport(db, userId, upload.rows) }, 200);
        const plan = planImport(upload.rows);
        // All or nothing: one bad row and the file is refused, every bad row named.
        if (plan.errors.length > 0)
          return c.json<ImportRefusal, 400>(
            { error: importRefusedMessage(plan.errors.length), rows: plan.errors },
            400,
          );
        // The account's total (IMPORTED_BETS_MAX; the database holds it too: db/functions/imported_bets_total_cap.sql).
        const held = await countImportedBets(db, userId);
        if (held + plan.accepted.length > IMPORTED_BETS_MAX)
          return c.json<ImportRefusal, 422>({ error: IMPORT_MESSAGES.overTotal(held, plan.accepted.length) }, 422);
        const stored = await storeImport(db, userId, plan, now());
        if (!stored) {
          const heldNow = await countImportedBets(db, userId);
          return c.json<ImportRefusal, 422>({ error: IMPORT_MESSAGES.overTotal(heldNow, plan.accepted.length) }, 422);
        }
        return c.json(stored, 200);
      },
    );
}
