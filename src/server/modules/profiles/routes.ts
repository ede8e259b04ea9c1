import { Hono, type Context } from 'hono';
import type { Db } from '../../db/client.ts';
import { clientKey, jsonText, validate, type ApiError } from '../../edge/http.ts';
import { countedBody, createDownloadBudget } from '../../edge/download-budget.ts';
import { optionalUser, requireUser, type AppEnv, type Auth, type ViewerEnv } from '../auth/index.ts';
import type { Config } from '../../env.ts';
import type { Logger } from '../../lib/logger.ts';
import { listBetsQuerySchema } from '../../../shared/bet-schemas.ts';
import { chainShorterMessage, ledgerQuerySchema } from '../../../shared/ledger.ts';
import { ChainChanged, getLedgerHead, ledgerNdjsonStream, ledgerPageText } from '../ledger/queries.ts';
import type { LedgerHead } from '../../../shared/ledger.ts';
import { sealsOf } from '../log/timestamper.ts';
import { sealsQuerySchema, type Seals } from '../../../shared/log/api.ts';
import { coalescing } from '../../lib/coalesce.ts';
import type { Quotas } from '../../edge/quotas.ts';
import { RecordCache, concat, prepend, readWithin } from '../../lib/record-cache.ts';
import { recordAccess, type Viewer } from './visibility.ts';
import { PROFILE_NOT_FOUND_ERROR, USERNAME_TAKEN_MESSAGE } from '../../../shared/profiles.ts';
import {
  profileSettingsSchema,
  updateProfileSchema,
  usernameAvailabilityQuerySchema,
  type ProfileBetPage,
} from '../../../shared/profile-schemas.ts';
import { USERNAME_RESERVED_MESSAGE } from '../../../shared/usernames.ts';
import { decodeCursor, INVALID_CURSOR, type JsonText } from '../../db/sql.ts';
import type { BetPage } from '../../../shared/bet-schemas.ts';
import { betMarketsOf } from '../events/market.ts';
import { deletedBeforeStart } from './taken-back.ts';
import { listBets } from '../bets/bet-pages.ts';
import { withPositions } from '../bets/bet-positions.ts';
import { isFollowing } from '../follows/queries.ts';
import { betsCsvStream, exportFilename } from './export.ts';
import {
  buildProfile,
  findProfileByUserId,
  findProfileByUsername,
  findProfileViewByUsername,
  getAnalytics,
  getOwnProfile,
  marketFiguresVersion,
  isUsernameAvailable,
  saveSettings,
  updateProfile,
  type ProfileRecord,
  type ProfileView,
} from './queries.ts';

export interface ProfileRoutesDeps {
  auth: Auth;
  config: Pick<Config, 'ADMIN_REQUIRE_2FA' | 'LEDGER_DOWNLOAD_BYTES_PER_MINUTE' | 'TRUST_PROXY'>;
  db: Db;
  logger: Logger;
  /** The server's clock (days active, the export's file name). */
  now: () => Date;
}

const notFound = { error: PROFILE_NOT_FOUND_ERROR } as const;

type Access<T> = { ok: true; found: T; isOwner: boolean } | { ok: false };

/**
 * Every endpoint that shows a profile's record goes through here: to everyone but its owner and
 * admins, a private record (visibility.ts), or one whose owner has not confirmed their email, is
 * answered exactly as a name nobody has (404, the same body), as the profile's page answers it:
 * the API does not tell that a private name is in use. Nothing of the record (statistics, bets,
 * achievements, ledger) is read before it passes.
 */
async function accessProfile<T>(
  lookup: Promise<T | null>,
  recordOf: (found: T) => ProfileRecord,
  viewer: Viewer,
): Promise<Access<T>> {
  const found = await lookup;
  if (!found) return { ok: false };
  const record = recordOf(found);
  const access = recordAccess(record, viewer);
  if (access === 'absent') return { ok: false };
  return { ok: true, found, isOwner: viewer?.id === record.userId };
}

/** Who asks, as the visibility rule reads them. */
const viewerOf = (c: Context<ViewerEnv>): Viewer => {
  const viewer = c.get('viewer');
  return viewer && { id: viewer.id, isAdmin: c.get('viewerIsAdmin') };
};

/** /api/profiles/:username — anyone, signed in or not. */
export function publicProfileRoutes({ auth, config, db, now }: ProfileRoutesDeps) {
  /**
   * A profile's view is the same whoever asks (who may see it, and whether they own it, is decided
   * per request after): concurrent requests for one profile share one read (coalesce.ts, each read
   * begun after every request it answers arrived), as a tipster's followers open it together.
   */
  const sharedView = coalescing<ProfileView | null>();
  /**
   * A profile's whole chain as NDJSON, kept with the head it ends at (record-cache.ts). Read once
   * per profile at a time on this server, the other requests waiting and then answered from what
   * was kept. The chain only grows, so when the head has moved the kept chain is extended by the
   * entries after its end (checked to still be in the chain): however many download it, the
   * database reads each entry of a profile's chain once, whatever its length and however often its
   * owner writes. A chain larger than a kept answer is streamed as it is read, to each.
   */
  const downloads = createDownloadBudget({ bytesPerMinute: config.LEDGER_DOWNLOAD_BYTES_PER_MINUTE, now });
  const chains = new RecordCache({ maxBytes: 64 * 1024 * 1024, maxEntryBytes: 16 * 1024 * 1024 });
  interface KeptChain {
    head: LedgerHead;
    bytes: Uint8Array<ArrayBuffer>;
  }
  const chainOf = async (userId: string): Promise<Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>> => {
    const release = await chains.acquire('ledger.ndjson', userId);
    try {
      const head = await getLedgerHead(db, userId);
      const version = `${head.seq}:${head.hash}`;
      const kept = chains.latest<KeptChain>('ledger.ndjson', userId);
      if (kept?.version === version) return kept.value.bytes;
      const start = kept && kept.value.head.seq < head.seq ? kept.value : undefined;
      const read = await readChain(userId, head, start);
      if (!('whole' in read)) return read.longer;
      chains.set('ledger.ndjson', userId, version, { head, bytes: read.whole }, read.whole.byteLength);
      return read.whole;
    } finally {
      release();
    }
  };
  /** The chain through `head`: `start` and the entries after it, or (without it, or if it is no longer the chain's start) all of it. */
  const readChain = async (userId: string, head: LedgerHead, start: KeptChain | undefined) => {
    if (start) {
      try {
        const rest = await readWithin(
          ledgerNdjsonStream(db, userId, { after: start.head, through: head.seq }),
          chains.maxEntryBytes - start.bytes.byteLength,
        );
        return 'whole' in rest
          ? { whole: concat(start.bytes, rest.whole) }
          : { longer: prepend(start.bytes, rest.longer) };
      } catch (err) {
        if (!(err instanceof ChainChanged)) throw err;
      }
    }
    return readWithin(ledgerNdjsonStream(db, userId, { through: head.seq }), chains.maxEntryBytes);
  };
  return (
    new Hono<ViewerEnv>()
      .use(optionalUser(auth, config))
      .get('/:username', async (c) => {
        const username = c.req.param('username');
        const view = sharedView(username, () => findProfileViewByUsername(db, username, now()));
        const access = await accessProfile(view, (v) => v.record, viewerOf(c));
        if (!access.ok) return c.json(notFound, 404);
        const viewer = c.get('viewer');
        const following =
          viewer !== null && !access.isOwner && (await isFollowing(db, viewer.id, access.found.record.userId));
        return c.json(buildProfile(access.found, { isOwner: access.isOwner, now: now(), following }), 200);
      })
      .get('/:username/bets', validate('query', listBetsQuerySchema), async (c) => {
        const { limit, cursor: cursorText } = c.req.valid('query');
        const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
        if (cursor === null) return c.json<ApiError, 422>(INVALID_CURSOR, 422);
        const record = findProfileByUsername(db, c.req.param('username'));
        const access = await accessProfile(record, (r) => r, viewerOf(c));
        if (!access.ok) return c.json(notFound, 404);
        const page = await listBets(db, access.found.userId, { limit, cursor });
        return jsonText(c, await withMarkets(db, await withPositions(db, access.found.userId, page)), 200);
      })
      // The bets deleted before their start, from the ledger (same visibility as the record).
      .get('/:username/deleted', async (c) => {
        const record = findProfileByUsername(db, c.req.param('username'));
        const access = await accessProfile(record, (r) => r, viewerOf(c));
        if (!access.ok) return c.json(notFound, 404);
        return c.json(await deletedBeforeStart(db, access.found.userId), 200);
      })
      // The ledger has the same visibility as the record it proves: a private profile's is hidden
      // from others, and when the profile turns public the whole continuous chain appears.
      .get('/:username/ledger', validate('query', ledgerQuerySchema), async (c) => {
        const record = findProfileByUsername(db, c.req.param('username'));
        const access = await accessProfile(record, (r) => r, viewerOf(c));
        if (!access.ok) return c.json(notFound, 404);
        const { userId, username } = access.found;
        const page = await ledgerPageText(db, userId, username, c.req.valid('query'));
        if (!page.ok) return c.json({ error: chainShorterMessage(page.head.seq) }, 409);
        return jsonText(c, page.text, 200);
      })
      // Each bet's seal (docs/LOG.md, "Time-stamps"): the same visibility as the ledger.
      .get('/:username/seals', validate('query', sealsQuerySchema), async (c) => {
        const record = findProfileByUsername(db, c.req.param('username'));
        const access = await accessProfile(record, (r) => r, viewerOf(c));
        if (!access.ok) return c.json(notFound, 404);
        return c.json<Seals>(await sealsOf(db, access.found.userId, c.req.valid('query').bets.split(',')), 200);
      })
      // Budgeted per client address before anything is read: a refused download costs no query.
      .get('/:username/ledger.ndjson', (c) =>
        downloads.answer(c, clientKey(c, config.TRUST_PROXY), async (count) => {
          const record = findProfileByUsername(db, c.req.param('username'));
          const access = await accessProfile(record, (r) => r, viewerOf(c));
          if (!access.ok) return c.json(notFound, 404);
          const { username, userId } = access.found;
          return c.body(countedBody(await chainOf(userId), count), 200, {
            'Content-Type': 'application/x-ndjson; charset=utf-8',
            'Content-Disposition': `attachment; filename="betproof-ledger-${username}.ndjson"`,
            // A private profile's chain is readable by its owner: never kept by a shared cache.
            'Cache-Control': 'no-store',
          });
        }),
      )
  );
}

/**
 * A public page of bets with the prices of its graded bets (decision 040): `markets` by bet id,
 * read apart from the page, which is kept by record version while prices may still arrive. A page
 * without a graded bet goes out as the database wrote it.
 */
async function withMarkets(db: Db, text: JsonText<BetPage>): Promise<JsonText<ProfileBetPage>> {
  if (!text.includes('"kind" : "graded"')) return text;
  const page = JSON.parse(text) as BetPage;
  const graded = page.bets.filter((b) => b.kind === 'graded' && b.legs === null);
  const markets = await betMarketsOf(db, graded);
  if (markets.size === 0) return text;
  return JSON.stringify({ ...page, markets: Object.fromEntries(markets) }) as JsonText<ProfileBetPage>;
}

/** When exactly one field is wrong, its message alone is the headline (the form shows it inline). */
const headline = (field: string, message: string) => (field === '_' ? undefined : message);

/**
 * /api/profile — the signed-in user's own profile, settings, analytics and export. Writes count
 * against the user's write quota; analytics and the export are heavy reads, each with a quota of
 * its own, and are answered from the cache while the record (and, for analytics, the market
 * figures) is unchanged (record-cache.ts).
 */
export function ownProfileRoutes({ auth, db, logger, now, quotas }: ProfileRoutesDeps & { quotas: Quotas }) {
  const own = async (userId: string) => getOwnProfile(db, userId, now());
  const cache = new RecordCache();
  /** The record's version: its ledger head, which every change to a bet advances. */
  const recordVersion = async (userId: string) => String((await getLedgerHead(db, userId)).seq);
  return (
    new Hono<AppEnv>()
      .use(requireUser(auth))
      .use(quotas.writes('saving profile changes'))
      .get('/', async (c) => {
        const profile = await own(c.get('user').id);
        return profile ? c.json(profile, 200) : c.json(notFound, 404);
      })
      .patch('/', validate('json', updateProfileSchema, headline), async (c) => {
        const result = await updateProfile(db, c.get('user').id, c.req.valid('json'));
        if (!result.ok && result.reason === 'username-taken') {
          return c.json<ApiError, 409>(
            { error: USERNAME_TAKEN_MESSAGE, fields: { username: USERNAME_TAKEN_MESSAGE } },
            409,
          );
        }
        // The database's list refused it (the schema checks the same list first): the same 422.
        if (!result.ok && result.reason === 'username-reserved') {
          return c.json<ApiError, 422>(
            { error: USERNAME_RESERVED_MESSAGE, fields: { username: USERNAME_RESERVED_MESSAGE } },
            422,
          );
        }
        const profile = result.ok ? await own(c.get('user').id) : null;
        return profile ? c.json(profile, 200) : c.json(notFound, 404);
      })
      // The username picker asks as the owner types: an invalid or reserved name is a 422 with the
      // same messages as saving it; a valid one is free, or taken by someone else.
      .get('/username-availability', validate('query', usernameAvailabilityQuerySchema, headline), async (c) => {
        const { username } = c.req.valid('query');
        return c.json({ username, available: await isUsernameAvailable(db, c.get('user').id, username) }, 200);
      })
      .put('/settings', validate('json', profileSettingsSchema, headline), async (c) => {
        await saveSettings(db, c.get('user').id, c.req.valid('json'));
        const profile = await own(c.get('user').id);
        return profile ? c.json(profile, 200) : c.json(notFound, 404);
      })
      // One computation per user at a time (the rest wait, then find it cached): see record-cache.ts.
      .get('/analytics', quotas.limit('analytics', 'asking for your analytics'), async (c) => {
        const userId = c.get('user').id;
        const release = await cache.acquire('analytics', userId);
        try {
          // The ROI, the average odds and the profits count bets above the market at the best price seen.
          const version = (await Promise.all([recordVersion(userId), marketFiguresVersion(db, userId)])).join('/');
          const kept = cache.get<Awaited<ReturnType<typeof getAnalytics>>>('analytics', userId, version);
          if (kept) return c.json(kept, 200);
          const analytics = await getAnalytics(db, userId);
          cache.set('analytics', userId, version, analytics, JSON.stringify(analytics).length);
          return c.json(analytics, 200);
        } finally {
          release();
        }
      })
      .get('/export.csv', quotas.limit('export', 'exporting your bets'), async (c) => {
        const user = c.get('user');
        const profile = await findProfileByUserId(db, user.id);
        if (!profile) return c.json(notFound, 404);
        const release = await cache.acquire('export', user.id);
        let csv: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;
        try {
          // Every column is the record's own (units by the unit size kept with each bet, not the
          // setting now): a file is kept while the record version stands.
          const version = await recordVersion(user.id);
          const kept = cache.get<Uint8Array<ArrayBuffer>>('export', user.id, version);
          // Read whole before answering, so the file can be kept (one larger than the cache takes
          // is streamed as it is read, and not kept).
          const read = kept
            ? { whole: kept }
            : await readWithin(betsCsvStream(db, user.id, { logger }), cache.maxEntryBytes);
          if ('whole' in read) {
            if (!kept) cache.set('export', user.id, version, read.whole, read.whole.byteLength);
            csv = read.whole;
          } else csv = read.longer;
        } finally {
          release();
        }
        return c.body(csv, 200, {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${exportFilename(profile.username, now())}"`,
          'Cache-Control': 'no-store',
        });
      })
  );
}
