import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validate, type ApiError } from '../../edge/http.ts';
import { requireAdmin, requireUser, type AppEnv, type Auth } from '../auth/index.ts';
import type { Config } from '../../env.ts';
import {
  adminEventsQuerySchema,
  correctEventSchema,
  importEventsQuerySchema,
  listEventsQuerySchema,
  type ImportEventsRefusal,
} from '../../../shared/event-schemas.ts';
import { EVENT_NOT_FOUND_MESSAGE, EVENT_RESULT_FINAL_MESSAGE } from '../../../shared/events.ts';
import { parseFeed } from './feeds/index.ts';
import { MAX_FEED_CHARS } from './feeds/limits.ts';
import type { FeedFormat, ParsedFeed } from './feeds/types.ts';
import {
  correctEvent,
  decodeEventCursor,
  FeedRefusedError,
  importFeed,
  listAdminEvents,
  listEvents,
} from './queries.ts';

/** The admin's upload path, which app.ts exempts from the API's 64 KB body limit (it reads its own). */
export const EVENTS_IMPORT_PATH = '/api/admin/events/import';
/** The most an uploaded feed file may hold: what a parser reads (feeds/limits.ts). */
export const EVENTS_IMPORT_MAX_BYTES = MAX_FEED_CHARS;
export const EVENTS_IMPORT_TOO_LARGE_MESSAGE = `The file is over ${EVENTS_IMPORT_MAX_BYTES / (1024 * 1024)} MB`;
export const EVENTS_IMPORT_NOT_UTF8_MESSAGE = 'The file is not valid UTF-8';
export const EVENTS_IMPORT_EMPTY_MESSAGE = 'The file is empty';

export interface EventRoutesDeps {
  auth: Auth;
  db: Db;
  config: Pick<Config, 'ADMIN_REQUIRE_2FA'>;
  now: () => Date;
}

/** The catalog's importer as the scheduled feed pulls take it (feeds/pull.ts ImportFeed), on the server's clock. */
export const catalogImporter = (db: Db, now: () => Date) => (format: FeedFormat, parsed: ParsedFeed) =>
  importFeed(db, format, parsed, now());

type BodyRead = { ok: true; text: string } | { ok: false; status: 400 | 413; error: string };

/** The request's body as UTF-8 text, read as it streams and refused past the cap. */
async function readBody(body: ReadableStream<Uint8Array> | null): Promise<BodyRead> {
  if (!body) return { ok: false, status: 400, error: EVENTS_IMPORT_EMPTY_MESSAGE };
  const reader = body.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let text = '';
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > EVENTS_IMPORT_MAX_BYTES) return { ok: false, status: 413, error: EVENTS_IMPORT_TOO_LARGE_MESSAGE };
      text += decoder.decode(value, { stream: true });
    }
    text += decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) return { ok: false, status: 400, error: EVENTS_IMPORT_NOT_UTF8_MESSAGE };
    throw err;
  } finally {
    reader.cancel().catch(() => {});
  }
  if (text.trim() === '') return { ok: false, status: 400, error: EVENTS_IMPORT_EMPTY_MESSAGE };
  return { ok: true, text };
}

/** GET /api/events: the upcoming events a bet can be recorded on (public: no one's data). */
export function eventRoutes({ db, now }: Pick<EventRoutesDeps, 'db' | 'now'>) {
  return new Hono<AppEnv>().get('/', validate('query', listEventsQuerySchema), async (c) => {
    const { cursor: cursorText, ...query } = c.req.valid('query');
    const cursor = cursorText === undefined ? undefined : decodeEventCursor(cursorText);
    if (cursor === null)
      return c.json<ApiError, 422>({ error: 'Invalid cursor', fields: { cursor: 'Invalid cursor' } }, 422);
    return c.json(await listEvents(db, { ...query, cursor }, now()), 200);
  });
}

/**
 * /api/admin/events: an admin lists every event, imports a feed file and corrects an event. Each route is behind
 * requireUser and requireAdmin (as every /api/admin route); corrections are in the audit log.
 */
export function adminEventRoutes({ auth, db, config, now }: EventRoutesDeps) {
  return new Hono<AppEnv>()
    .use('*', requireUser(auth), requireAdmin(config))
    .get('/', validate('query', adminEventsQuerySchema), async (c) =>
      c.json(await listAdminEvents(db, c.req.valid('query')), 200),
    )
    .post('/import', validate('query', importEventsQuerySchema), async (c) => {
      const { format, timezone, competition } = c.req.valid('query');
      const body = await readBody(c.req.raw.body);
      if (!body.ok) return c.json<ImportEventsRefusal, 400 | 413>({ error: body.error }, body.status);
      let parsed: ParsedFeed;
      try {
        parsed = parseFeed(format, body.text, { timezone, competition });
      } catch (err) {
        // A file the parser cannot read at all (not JSON, no header, a missing time zone).
        return c.json<ImportEventsRefusal, 400>({ error: err instanceof Error ? err.message : String(err) }, 400);
      }
      try {
        return c.json(await importFeed(db, format, parsed, now()), 200);
      } catch (err) {
        if (err instanceof FeedRefusedError)
          return c.json<ImportEventsRefusal, 400>({ error: err.message, rows: err.rows }, 400);
        throw err;
      }
    })
    .patch('/:id', validate('json', correctEventSchema), async (c) => {
      const result = await correctEvent(db, {
        id: c.req.param('id'),
        adminUserId: c.get('user').id,
        change: c.req.valid('json'),
        now: now(),
      });
      if (result.ok) return c.json({ event: result.event, graded: result.graded }, 200);
      if (result.reason === 'not-found') return c.json<ApiError, 404>({ error: EVENT_NOT_FOUND_MESSAGE }, 404);
      if (result.reason === 'final') return c.json<ApiError, 409>({ error: EVENT_RESULT_FINAL_MESSAGE }, 409);
      return c.json<ApiError, 422>({ error: result.message, fields: { [result.field]: result.message } }, 422);
    });
}
