import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { decodeCursor, INVALID_CURSOR } from '../../db/sql.ts';
import { validate, type ApiError } from '../../http.ts';
import type { Quotas } from '../../quotas.ts';
import { requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import {
  IMPORT_CONTENT_TYPE_MESSAGE,
  importQuerySchema,
  importRefusedMessage,
  listImportedQuerySchema,
  type ImportRefusal,
} from '../../../shared/imports.ts';
import { refuseDuringCoolOff } from '../wellbeing/recording.ts';
import { listImportedBets, planImport, previewImport, readUpload, storeImport } from './queries.ts';

/** The import's path, which app.ts exempts from the 64 KB body limit (it has its own, read as it streams). */
export const IMPORT_PATH = '/api/bets/import';

export interface ImportRoutesDeps {
  auth: Auth;
  db: Db;
  now: () => Date;
  quotas: Quotas;
}

/**
 * POST /api/bets/import and GET /api/bets/imported, mounted under /api/bets before the bets
 * routes. Each route carries its own middleware (a `use` here would run for every /api/bets
 * request too). An import counts as one write, whatever its number of rows.
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
        if (!/^\s*text\/csv\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
          return c.json<ApiError, 415>({ error: IMPORT_CONTENT_TYPE_MESSAGE }, 415);
        const userId = c.get('user').id;
        const upload = await readUpload(c.req.raw.body, now());
        if (!upload.ok) return c.json<ImportRefusal, 400 | 413>({ error: upload.error }, upload.status);
        if (c.req.valid('query').dryRun === 'true')
          return c.json({ format: upload.format, rows: await previewImport(db, userId, upload.rows) }, 200);
        const plan = planImport(upload.rows);
        // All or nothing: one bad row and the file is refused, every bad row named.
        if (plan.errors.length > 0)
          return c.json<ImportRefusal, 400>(
            { error: importRefusedMessage(plan.errors.length), rows: plan.errors },
            400,
          );
        return c.json(await storeImport(db, userId, plan, now()), 200);
      },
    );
}
