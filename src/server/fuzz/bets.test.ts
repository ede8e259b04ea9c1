/**
 * Fuzz: the bets API's writes under hostile input (src/server/test/hostile.ts). Never a 5xx; the
 * bets stored obey the rules (6-hour rule, limits, statuses) and the kept summaries equal a
 * recount; a description or odds text accepted comes back exactly as sent (trimmed).
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, expect, it } from 'vitest';
import { BET_PART_OF_RECORD_MESSAGE, SPORTS } from '../../shared/bets.ts';
import type { Bet, BetPage } from '../../shared/bet-schemas.ts';
import { formatCents } from '../../shared/money.ts';
import { isBelowMinimumOdds, parseOdds } from '../../shared/odds.ts';
import { countLedger } from '../modules/ledger/queries.ts';
import { insertBets } from '../modules/profiles/test-helpers.ts';
import { describeEachDatabase, freshIp, signUpAndSignIn, type TestEnv } from '../test/harness.ts';
import {
  expectBodyLimitKept,
  expectCalmAnswer,
  hostileBody,
  hostileIdSegment,
  prototypeFingerprint,
  sendOptions,
  storableText,
  type HostileBody,
} from '../test/hostile.ts';
import { expectBetsObeyTheRules, expectSummariesMatchRecount } from '../test/invariants.ts';
import { HOUR_MS, DAY_MS } from '../../shared/time-units.ts';

const RUNS = 1000;
/** Each property sends 1,000 requests and more; the machine may be busy with other suites. */
const TIMEOUT = 600_000;

/** An ISO date-time for `ms` written in a time zone `offsetMinutes` from UTC ("…+05:30"). */
function isoWithOffset(ms: number, offsetMinutes: number) {
  if (offsetMinutes === 0) return new Date(ms).toISOString();
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, -1);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const validOdds = fc
  .oneof(
    fc.integer({ min: 100, max: 99_999 }).map((n) => `+${n}`),
    fc.integer({ min: 101, max: 99_999 }).map((n) => `-${n}`),
    fc.integer({ min: 101, max: 9_999_999 }).map((n) => (n / 100).toFixed(2)),
    fc.tuple(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1, max: 999 })).map(([a, b]) => `${a}/${b}`),
  )
  .chain((odds) => fc.constantFrom(odds, ` ${odds}\t`))
  // Odds that read and are at least 1.01 (a price under it is refused: isBelowMinimumOdds).
  .filter((odds) => {
    const parsed = parseOdds(odds.trim());
    return parsed.ok && !isBelowMinimumOdds(parsed.decimal);
  });

const validAmount = fc
  .oneof(fc.bigInt({ min: 1n, max: 100_000_000n }).map(formatCents), fc.integer({ min: 1, max: 1_000_000 }).map(String))
  .chain((amount) => fc.constantFrom(amount, ` ${amount} `));

/** A bet the API must accept at `now`: nasty description, event from 7 hours to ~2 years ahead. */
const validBet = (now: number) =>
  fc.record({
    description: storableText(500),
    amount: validAmount,
    odds: validOdds,
    sport: fc.constantFrom(...SPORTS),
    eventDate: fc
      .tuple(
        fc.integer({ min: now + 7 * HOUR_MS, max: now + 700 * DAY_MS }),
        fc.integer({ min: -14 * 60, max: 14 * 60 }),
      )
      .map(([ms, offset]) => isoWithOffset(ms, offset)),
  });

/** The JSON value a body carries, as the server parses it (a raw body may be no JSON at all). */
function parsedBody(body: HostileBody): Record<string, unknown> {
  return ('json' in body ? body.json : JSON.parse(body.raw)) as Record<string, unknown>;
}

async function allBets(env: TestEnv, cookie: string): Promise<Map<string, Bet>> {
  const bets = new Map<string, Bet>();
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const res = await env.request(`/api/bets?limit=100${query}`, { cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as BetPage;
    for (const bet of page.bets) bets.set(bet.id, bet);
    cursor = page.nextCursor;
  } while (cursor);
  return bets;
}

describeEachDatabase('fuzz: bets API writes', (env) => {
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  const fingerprint = prototypeFingerprint();

  beforeAll(async () => {
    owner = await signUpAndSignIn(env());
    other = await signUpAndSignIn(env());
  });

  it(
    `POST /api/bets: ${RUNS} hostile bodies, no 5xx, accepted text stored exactly`,
    async () => {
      const accepted = new Map<string, Record<string, unknown>>();
      await fc.assert(
        fc.asyncProperty(hostileBody(validBet(Date.now())), async (body) => {
          const res = await env().request('/api/bets', {
            method: 'POST',
            cookie: owner.cookie,
            ip: freshIp(),
            ...sendOptions(body),
          });
          const text = await expectCalmAnswer(res, `POST /api/bets (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          if (body.kind === 'valid') expect(res.status, text).toBe(201);
          else expect([201, 400, 413, 415, 422], text).toContain(res.status);
          if (res.status === 201) accepted.set((JSON.parse(text) as Bet).id, parsedBody(body));
        }),
        { numRuns: RUNS },
      );
      // Enough bodies got through for the read-back to mean something.
      expect(accepted.size).toBeGreaterThan(RUNS / 4);

      const stored = await allBets(env(), owner.cookie);
      for (const [id, sent] of accepted) {
        const bet = stored.get(id)!;
        expect(bet, id).toBeDefined();
        expect(bet.description).toBe((sent.description as string).trim());
        expect(bet.odds).toBe((sent.odds as string).trim());
        expect(bet.sport).toBe(sent.sport);
        expect(bet.amount).toBe(formatCents(BigInt(Math.round(Number((sent.amount as string).trim()) * 100))));
        expect(new Date(bet.eventDate).getTime()).toBe(new Date(sent.eventDate as string).getTime());
      }
      await expectBetsObeyTheRules(env());
      await expectSummariesMatchRecount(env(), [owner.userId, other.userId]);
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `PATCH /api/bets/:id: ${RUNS} hostile ids and bodies, only the owner's pending bets settle`,
    async () => {
      const mine = await insertBets(
        env(),
        owner.userId,
        Array.from({ length: 700 }, () => ({})),
      );
      const theirs = await insertBets(
        env(),
        other.userId,
        Array.from({ length: 20 }, () => ({})),
      );
      const ids = [...mine, ...theirs].map((b) => b.id);
      const before = await snapshotOf(env(), other.userId);
      const settled = new Map<string, string>();

      const validSettle = fc.record({ status: fc.constantFrom('won', 'lost', 'void') });
      const id = hostileIdSegment(fc.nat(ids.length - 1).map((i) => ids[i]!));
      await fc.assert(
        fc.asyncProperty(id, hostileBody(validSettle), async (segment, body) => {
          const res = await env().request(`/api/bets/${segment}`, {
            method: 'PATCH',
            cookie: owner.cookie,
            ip: freshIp(),
            ...sendOptions(body),
          });
          const text = await expectCalmAnswer(res, `PATCH /api/bets/${segment.slice(0, 80)} (${body.kind})`);
          expectBodyLimitKept(res, body, text);
          expect([200, 400, 404, 409, 413, 415, 422], text).toContain(res.status);
          const mineAndPending = mine.some((b) => b.id === segment) && !settled.has(segment);
          if (body.kind === 'valid')
            expect(res.status, text).toBe(mineAndPending ? 200 : settled.has(segment) ? 409 : 404);
          if (res.status === 200) {
            expect(mineAndPending, text).toBe(true);
            settled.set(segment, (JSON.parse(text) as Bet).status);
          }
        }),
        { numRuns: RUNS },
      );
      expect(settled.size).toBeGreaterThan(RUNS / 20);

      const stored = await allBets(env(), owner.cookie);
      for (const bet of mine) expect(stored.get(bet.id)!.status).toBe(settled.get(bet.id) ?? 'pending');
      expect(await snapshotOf(env(), other.userId)).toEqual(before);
      await expectBetsObeyTheRules(env());
      await expectSummariesMatchRecount(env(), [owner.userId, other.userId]);
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );

  it(
    `DELETE /api/bets/:id: ${RUNS} hostile ids and bodies, only the owner's bets go, and only before their event`,
    async () => {
      // A quarter pending with the event ahead (a correction may delete them); the rest part of the
      // record: pending with the event started, won and lost (recorded 400 days ago).
      const now = Date.now();
      const mine = await insertBets(
        env(),
        owner.userId,
        Array.from({ length: 600 }, (_, i) =>
          i % 4 === 0
            ? { status: 'pending' as const, createdAt: new Date(now - i * 1000) }
            : { status: (['pending', 'won', 'lost', 'void'] as const)[(i % 4) - 1 + (i % 8 === 7 ? 1 : 0)]! },
        ),
      );
      const theirs = await insertBets(
        env(),
        other.userId,
        Array.from({ length: 20 }, () => ({ status: 'won' as const })),
      );
      const ids = [...mine, ...theirs].map((b) => b.id);
      const deletable = new Set(mine.filter((b) => b.eventDate.getTime() > Date.now()).map((b) => b.id));
      expect(deletable.size).toBe(150);
      const recorded = new Set(mine.filter((b) => !deletable.has(b.id)).map((b) => b.id));
      const before = await snapshotOf(env(), other.userId);
      const recordBefore = await snapshotOf(env(), owner.userId, [...recorded]);
      const ledgerBefore = await countLedger(env().db, owner.userId);
      const deleted = new Set<string>();
      let refused = 0;

      const id = hostileIdSegment(fc.nat(ids.length - 1).map((i) => ids[i]!));
      const body = fc.oneof(fc.constant(undefined), hostileBody(fc.record({})));
      await fc.assert(
        fc.asyncProperty(id, body, async (segment, hostile) => {
          const res = await env().request(`/api/bets/${segment}`, {
            method: 'DELETE',
            cookie: owner.cookie,
            ip: freshIp(),
            ...(hostile ? sendOptions(hostile) : {}),
          });
          const text = await expectCalmAnswer(res, `DELETE /api/bets/${segment.slice(0, 80)}`);
          if (hostile) expectBodyLimitKept(res, hostile, text);
          // DELETE reads no body, but one over the size limit is refused before anything else.
          if (res.status === 413) return;
          const expected = recorded.has(segment) ? 409 : deletable.has(segment) && !deleted.has(segment) ? 204 : 404;
          expect(res.status, text).toBe(expected);
          if (res.status === 204) deleted.add(segment);
          if (res.status === 409) {
            expect(JSON.parse(text)).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
            refused++;
          }
        }),
        { numRuns: RUNS },
      );
      expect(deleted.size).toBeGreaterThan(RUNS / 20);
      expect(refused).toBeGreaterThan(RUNS / 20);

      const stored = await allBets(env(), owner.cookie);
      for (const bet of mine) expect(stored.has(bet.id), bet.id).toBe(!deleted.has(bet.id));
      // The refused deletes changed nothing: those bets are as they were, and the ledger has one
      // entry per delete that went through.
      expect(await snapshotOf(env(), owner.userId, [...recorded])).toEqual(recordBefore);
      expect(await countLedger(env().db, owner.userId)).toBe(ledgerBefore + deleted.size);
      expect(await snapshotOf(env(), other.userId)).toEqual(before);
      await expectBetsObeyTheRules(env());
      await expectSummariesMatchRecount(env(), [owner.userId, other.userId]);
      expect(prototypeFingerprint()).toBe(fingerprint);
    },
    TIMEOUT,
  );
});

/** A user's bets as stored (or those of `ids`), to show that refused requests changed nothing. */
async function snapshotOf(env: TestEnv, userId: string, ids?: string[]) {
  const result = await env.db.execute(
    sql`select id, status, profit_loss::text, settled_at from bets where user_id = ${userId}
        ${ids ? sql`and id in ${ids}` : sql``} order by id`,
  );
  return (result as unknown as { rows: unknown[] }).rows;
}
