/**
 * The events catalog end to end through the API, on openfootball's real published season file
 * (tests/fixtures/feeds): an admin imports the fixtures (the file as published before the matches:
 * no scores), a bettor records on listed events, settling and deleting are refused once the match
 * has started, the results file grades every bet in the import's transaction, the ledger verifies
 * and names the events. Then the database's own rules in direct SQL.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import { queryRows } from '../../db/sql.ts';
import type { Bet, BetPage } from '../../../shared/bet-schemas.ts';
import type { EventPage, ImportEventsResult } from '../../../shared/event-schemas.ts';
import {
  EVENT_RESULT_FINAL_MESSAGE,
  EVENT_START_FROM_CATALOG_MESSAGE,
  GRADED_FROM_RESULT_MESSAGE,
  GRADED_LEG_FROM_RESULT_MESSAGE,
  PARLAY_SAME_EVENT_MESSAGE,
} from '../../../shared/events.ts';
import { verifyChain, type LedgerPage } from '../../../shared/ledger.ts';
import type { PublicProfile } from '../../../shared/profile-schemas.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const ADMIN_EMAIL = 'events.admin@example.com';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const SEASON = readFileSync(
  new URL('../../../../tests/fixtures/feeds/football-json-en.1-2024-25.json', import.meta.url),
  'utf8',
);
/** The season as openfootball publishes it before the matches are played: no scores. */
const FIXTURES = JSON.stringify({
  ...(JSON.parse(SEASON) as { matches: object[] }),
  matches: (JSON.parse(SEASON) as { matches: Record<string, unknown>[] }).matches.map(({ score: _score, ...m }) => m),
});

/** Moves the test clock to `iso` (it runs on from there). */
const setClock = (env: TestEnv, iso: string) => env.clock.advance(new Date(iso).getTime() - env.clock.now().getTime());

const importFile = (
  env: TestEnv,
  cookie: string,
  text: string,
  query = 'format=football-json&timezone=Europe/London',
) =>
  env.request(`/api/admin/events/import?${query}`, {
    method: 'POST',
    cookie,
    rawBody: text,
    headers: { 'content-type': 'application/json' },
  });

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

describeEachDatabase(
  'the events catalog',
  (env) => {
    it('imports fixtures, takes bets on them, refuses settling by hand, and grades them from the results file', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL });
      env().clock.freeze();
      const bettor = await signUpAndSignIn(env());
      setClock(env(), '2024-08-10T12:00:00.000Z');

      // Only an admin imports; an import answers what it did, and the same file again does nothing.
      expect((await importFile(env(), bettor.cookie, FIXTURES)).status).toBe(403);
      expect(await json<ImportEventsResult>(await importFile(env(), admin.cookie, FIXTURES))).toEqual({
        created: 380,
        updated: 0,
        graded: 0,
      });
      expect(await json<ImportEventsResult>(await importFile(env(), admin.cookie, FIXTURES))).toEqual({
        created: 0,
        updated: 0,
        graded: 0,
      });

      // Search by team, as the record dialog does while the bettor types.
      const page = await json<EventPage>(await env().request('/api/events?q=fulham&limit=2'));
      const [opener] = page.events;
      expect(opener).toMatchObject({
        home: 'Manchester United FC',
        away: 'Fulham FC',
        competition: 'Premier League 2024/25',
        sport: 'soccer',
        status: 'scheduled',
        startsAt: '2024-08-16T19:00:00.000Z',
        score: null,
      });
      expect(page.events).toHaveLength(2);
      expect(page.nextCursor).not.toBeNull();
      const ipswich = (await json<EventPage>(await env().request('/api/events?q=IPSWICH%20town&limit=1'))).events[0]!;
      expect(ipswich).toMatchObject({ home: 'Ipswich Town FC', away: 'Liverpool FC' });

      const record = (body: Record<string, unknown>) => env().request('/api/bets', { cookie: bettor.cookie, body });
      // A start sent with a listed event is refused, and says why.
      const withStart = await record({
        eventId: opener!.id,
        market: '1x2',
        selection: 'home',
        odds: '2.10',
        amount: '10',
        eventDate: '2024-08-20T19:00:00Z',
      });
      expect(withStart.status).toBe(422);
      expect(((await withStart.json()) as { fields: Record<string, string> }).fields.eventDate).toBe(
        EVENT_START_FROM_CATALOG_MESSAGE,
      );
      const sameEvent = await record({
        amount: '5',
        legs: [
          { eventId: opener!.id, market: '1x2', selection: 'home', odds: '2' },
          { eventId: opener!.id, market: 'total', selection: 'over', line: 2.5, odds: '2' },
        ],
      });
      expect(sameEvent.status).toBe(422);
      expect(await sameEvent.text()).toContain(PARLAY_SAME_EVENT_MESSAGE);

      const home = await json<Bet>(
        await record({ eventId: opener!.id, market: '1x2', selection: 'home', odds: '2.10', amount: '10' }),
        201,
      );
      expect(home).toMatchObject({
        kind: 'graded',
        description: 'Manchester United FC v Fulham FC: Manchester United FC (1x2)',
        sport: 'soccer',
        eventDate: '2024-08-16T19:00:00.000Z',
        eventId: opener!.id,
        market: '1x2',
        selection: 'home',
        line: null,
        status: 'pending',
      });
      const spread = await json<Bet>(
        await record({
          eventId: opener!.id,
          market: 'spread',
          selection: 'away',
          line: -1.5,
          odds: '1.80',
          amount: '20',
        }),
        201,
      );
      expect(spread.description).toBe('Manchester United FC v Fulham FC: Fulham FC +1.5 (spread)');
      const push = await json<Bet>(
        await record({ eventId: opener!.id, market: 'total', selection: 'over', line: 1, odds: '1.50', amount: '8' }),
        201,
      );
      const parlay = await json<Bet>(
        await record({
          amount: '5',
          legs: [
            { eventId: opener!.id, market: 'moneyline', selection: 'home', odds: '2' },
            { eventId: ipswich.id, market: 'moneyline', selection: 'away', odds: '1.5' },
          ],
        }),
        201,
      );
      expect(parlay).toMatchObject({ kind: 'graded', odds: '3', potentialWin: '15.00' });
      const selfReported = await json<Bet>(
        await record({
          description: 'Arsenal to win',
          sport: 'soccer',
          odds: '2',
          amount: '10',
          eventDate: '2024-08-17T14:00:00Z',
        }),
        201,
      );
      expect(selfReported.kind).toBe('self-reported');

      // Past the start: the bettor can neither settle, void, nor delete a graded bet.
      setClock(env(), '2024-08-16T21:00:00.000Z');
      for (const status of ['won', 'void']) {
        const res = await env().request(`/api/bets/${home.id}`, {
          cookie: bettor.cookie,
          method: 'PATCH',
          body: { status },
        });
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ error: GRADED_FROM_RESULT_MESSAGE });
      }
      const removed = await env().request(`/api/bets/${spread.id}`, { cookie: bettor.cookie, method: 'DELETE' });
      expect(removed.status).toBe(409);
      expect(await removed.json()).toEqual({ error: GRADED_FROM_RESULT_MESSAGE });
      const leg = parlay.legs![0]!;
      const legSettle = await env().request(`/api/bets/${parlay.id}/legs/${leg.id}`, {
        cookie: bettor.cookie,
        method: 'PATCH',
        body: { status: 'won' },
      });
      expect(legSettle.status).toBe(409);
      expect(await legSettle.json()).toEqual({ error: GRADED_LEG_FROM_RESULT_MESSAGE });

      // The file as published after the first matchdays (20 results, the rest still to play): those 20
      // events become final and grade every bet on them.
      setClock(env(), '2024-08-18T09:00:00.000Z');
      expect(await json<ImportEventsResult>(await importFile(env(), admin.cookie, SEASON))).toEqual({
        created: 0,
        updated: 20,
        graded: 5,
      });
      const bets = (await json<BetPage>(await env().request('/api/bets?limit=10', { cookie: bettor.cookie }))).bets;
      const byId = new Map(bets.map((b) => [b.id, b]));
      // Manchester United 1-0 Fulham; Ipswich 0-2 Liverpool.
      expect(byId.get(home.id)).toMatchObject({
        status: 'won',
        profitLoss: '11.00',
        settledAt: '2024-08-18T09:00:00.000Z',
      });
      expect(byId.get(spread.id)).toMatchObject({ status: 'won', profitLoss: '16.00' });
      expect(byId.get(push.id)).toMatchObject({ status: 'void', profitLoss: '0.00' });
      expect(byId.get(parlay.id)).toMatchObject({ status: 'won', profitLoss: '10.00' });
      expect(byId.get(parlay.id)!.legs!.map((l) => l.status)).toEqual(['won', 'won']);
      expect(byId.get(selfReported.id)).toMatchObject({ status: 'pending', kind: 'self-reported' });

      // The profile counts each kind; the ledger verifies and names each graded bet's pick.
      const profile = await json<PublicProfile>(await env().request('/api/profile', { cookie: bettor.cookie }));
      expect(profile.stats).toMatchObject({ graded: 4, selfReported: 1, won: 3, voided: 1, pending: 1 });
      const ledger = await json<LedgerPage>(
        await env().request(`/api/profiles/${profile.username}/ledger?limit=100`, { cookie: bettor.cookie }),
      );
      expect(verifyChain(ledger.entries, sha256)).toMatchObject({ ok: true, count: ledger.entries.length });
      const settledSpread = ledger.entries.find((e) => e.kind === 'settled' && e.bet.id === spread.id);
      expect(settledSpread?.bet).toMatchObject({
        event: { id: opener!.id, market: 'spread', selection: 'away', line: -1.5 },
        status: 'won',
        profit: 1600,
      });
      const recordedSelf = ledger.entries.find((e) => e.kind === 'recorded' && e.bet.id === selfReported.id);
      expect(recordedSelf?.bet.event).toBeUndefined();

      // The result is final: a file saying otherwise is refused whole, naming the row, and changes nothing.
      const changed = JSON.parse(SEASON) as { matches: { score: { ft: number[] } }[] };
      changed.matches[0]!.score.ft = [2, 2];
      const before = await snapshotTables(env());
      const refused = await importFile(env(), admin.cookie, JSON.stringify(changed));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({
        error: 'Nothing was imported: 1 row has an error',
        rows: [
          {
            row: 1,
            message: 'Row 1: Manchester United FC v Fulham FC is final at 1-0, graded; this file says otherwise',
          },
        ],
      });
      expect(await snapshotTables(env())).toEqual(before);

      // An admin's correction of a final event is refused; of a scheduled one, it is in the audit log.
      const final = await env().request(`/api/admin/events/${opener!.id}`, {
        cookie: admin.cookie,
        method: 'PATCH',
        body: { score: { home: 0, away: 0 } },
      });
      expect(final.status).toBe(409);
      expect(await final.json()).toEqual({ error: EVENT_RESULT_FINAL_MESSAGE });
    });

    it('voids on cancellation, keeps pending while postponed, and counts a long postponement as cancelled', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: ADMIN_EMAIL.replace('events', 'events2') });
      const bettor = await signUpAndSignIn(env());
      const start = new Date(env().clock.now().getTime() + 30 * HOUR_MS);
      const [a, b] = await queryRows<{ id: string }>(
        env().db,
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`a-${Date.now()}`}, 'basketball', 'Sample League', 'Aces', 'Bears', ${start.toISOString()}),
                   ('sample', ${`b-${Date.now()}`}, 'basketball', 'Sample League', 'Cats', 'Dogs', ${start.toISOString()})
            returning id`,
      );
      const onA = await json<Bet>(
        await env().request('/api/bets', {
          cookie: bettor.cookie,
          body: { eventId: a!.id, market: 'moneyline', selection: 'home', odds: '1.9', amount: '10' },
        }),
        201,
      );
      const onB = await json<Bet>(
        await env().request('/api/bets', {
          cookie: bettor.cookie,
          body: { eventId: b!.id, market: 'total', selection: 'under', line: 210.5, odds: '1.9', amount: '10' },
        }),
        201,
      );
      // Cancelled through the admin's correction: void at once, with the correction in the audit log.
      const cancelled = await json<{ graded: number }>(
        await env().request(`/api/admin/events/${a!.id}`, {
          cookie: admin.cookie,
          method: 'PATCH',
          body: { status: 'cancelled' },
        }),
      );
      expect(cancelled.graded).toBe(1);
      const [log] = await queryRows<{ details: unknown; action_type: string }>(
        env().db,
        sql`select action_type, details from admin_logs where details->>'eventId' = ${a!.id}`,
      );
      expect(log).toMatchObject({
        action_type: 'event_correction',
        details: { eventId: a!.id, event: 'Aces v Bears', changes: { status: { from: 'scheduled', to: 'cancelled' } } },
      });
      // Postponed: still pending; 72 hours past its start it counts as cancelled (the next import or correction).
      await env().db.execute(sql`update events set status = 'postponed' where id = ${b!.id}`);
      const betStatus = async (id: string) =>
        (await queryRows<{ status: string }>(env().db, sql`select status from bets where id = ${id}`))[0]!.status;
      expect(await betStatus(onA.id)).toBe('void');
      expect(await betStatus(onB.id)).toBe('pending');
      await env().db.execute(
        sql`select events_cancel_postponed(${new Date(start.getTime() + 71 * HOUR_MS).toISOString()}::timestamptz)`,
      );
      expect(await betStatus(onB.id)).toBe('pending');
      await env().db.execute(
        sql`select events_cancel_postponed(${new Date(start.getTime() + 73 * HOUR_MS).toISOString()}::timestamptz)`,
      );
      expect(await betStatus(onB.id)).toBe('void');
    });

    it('holds its rules in the database, whatever code writes', async () => {
      env().clock.reset();
      const bettor = await signUpAndSignIn(env());
      const start = new Date(env().clock.now().getTime() + 30 * HOUR_MS).toISOString();
      const [event] = await queryRows<{ id: string }>(
        env().db,
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`r-${Date.now()}`}, 'tennis', 'Sample Open', 'Ann', 'Bea', ${start}) returning id`,
      );
      const bet = await json<Bet>(
        await env().request('/api/bets', {
          cookie: bettor.cookie,
          body: { eventId: event!.id, market: 'moneyline', selection: 'away', odds: '3', amount: '10' },
        }),
        201,
      );
      const refused = (query: ReturnType<typeof sql>, names: string[]) =>
        refusingConstraint(env(), query, '23514', names);
      // A graded bet is settled by its result only, and keeps its pick.
      expect(
        await refused(
          sql`update bets set status = 'won', profit_loss = 20, settled_at = event_date where id = ${bet.id}`,
          ['bets_graded_from_result'],
        ),
      ).toBe('bets_graded_from_result');
      expect(await refused(sql`update bets set selection = 'home' where id = ${bet.id}`, ['bets_event_is_fixed'])).toBe(
        'bets_event_is_fixed',
      );
      // A bet on a listed event takes its start and sport.
      expect(
        await refused(
          sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win,
                                event_id, market, selection, graded)
              values (${bettor.userId}, 'x', 10, '2', 2, 'tennis', ${start}::timestamptz + interval '1 hour', 20,
                      ${event!.id}, 'moneyline', 'home', true)`,
          ['bets_event_start_and_sport'],
        ),
      ).toBe('bets_event_start_and_sport');
      // A market's selections and lines.
      expect(
        await refused(
          sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, potential_win,
                                event_id, market, selection, line, graded)
              values (${bettor.userId}, 'x', 10, '2', 2, 'tennis', ${start}, 20, ${event!.id}, 'total', 'over', 2.25, true)`,
          ['bets_half_line'],
        ),
      ).toBe('bets_half_line');
      // Final: graded in the statement; then the result cannot change.
      await env().db.execute(
        sql`update events set status = 'final', home_score = 1, away_score = 2 where id = ${event!.id}`,
      );
      const [graded] = await queryRows<{ status: string; profit_loss: string }>(
        env().db,
        sql`select status, profit_loss::text from bets where id = ${bet.id}`,
      );
      expect(graded).toEqual({ status: 'won', profit_loss: '20.00' });
      expect(
        await refused(sql`update events set home_score = 3 where id = ${event!.id}`, ['events_result_is_final']),
      ).toBe('events_result_is_final');
      expect(
        await refused(
          sql`update events set status = 'final', home_score = null, away_score = null where id = ${event!.id}`,
          ['events_score_when_final', 'events_result_is_final'],
        ),
      ).not.toBe('not refused');
    });
  },
  { ADMIN_EMAILS: `${ADMIN_EMAIL},${ADMIN_EMAIL.replace('events', 'events2')}` },
);
