/**
 * An admin's correction of an event (PATCH /api/admin/events/{id}) and what the feeds do after it:
 * a correction the database refuses answers 422 naming the field, the answer is the event as it
 * stands after the postponed sweep (decision 023), and a feed's next pull never undoes a postponed
 * or cancelled event it has nothing new about (decision 063).
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { snapshotTables } from '../../test/db-snapshot.ts';
import { queryRows } from '../../db/sql.ts';
import type { Bet } from '../../../shared/bet-schemas.ts';
import type { CatalogEvent, ImportEventsResult } from '../../../shared/event-schemas.ts';
import { EVENT_FINAL_NEEDS_START_MESSAGE } from '../../../shared/events.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';
import { importFeed } from './queries.ts';

const ADMINS = [
  'events.corrections.a@example.com',
  'events.corrections.b@example.com',
  'events.corrections.c@example.com',
];
const DAY_MS = 24 * HOUR_MS;

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
}

const correct = (env: TestEnv, cookie: string, id: string, body: Record<string, unknown>) =>
  env.request(`/api/admin/events/${id}`, { cookie, method: 'PATCH', body });

const recordOn = async (env: TestEnv, cookie: string, eventId: string) =>
  json<Bet>(
    await env.request('/api/bets', {
      cookie,
      body: { eventId, market: 'moneyline', selection: 'home', odds: '1.9', amount: '10' },
    }),
    201,
  );

const eventRow = async (env: TestEnv, id: string) =>
  (
    await queryRows<{ status: string; starts_at: string | null; home_score: number | null }>(
      env.db,
      sql`select status, to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as starts_at, home_score
          from events where id = ${id}`,
    )
  )[0]!;

const betStatus = async (env: TestEnv, id: string) =>
  (await queryRows<{ status: string }>(env.db, sql`select status from bets where id = ${id}`))[0]!.status;

/** One game as The Odds API's /scores answers it: scheduled (no scores), live, or completed. */
function oddsApiGame(
  id: string,
  home: string,
  away: string,
  start: Date,
  state: 'scheduled' | 'live' | [number, number],
) {
  return {
    id,
    sport_key: 'basketball_nba',
    sport_title: 'NBA',
    commence_time: start.toISOString().replace('.000Z', 'Z'),
    completed: Array.isArray(state),
    home_team: home,
    away_team: away,
    scores:
      state === 'scheduled'
        ? null
        : [
            { name: home, score: String(state === 'live' ? 50 : state[0]) },
            { name: away, score: String(state === 'live' ? 48 : state[1]) },
          ],
  };
}

describeEachDatabase(
  'an admin correction and the feeds after it',
  (env) => {
    it('refuses making final an event with no start: 422 on startsAt, nothing changed', async () => {
      env().clock.reset();
      const admin = await signUpAndSignIn(env(), { email: ADMINS[0] });
      const [event] = await queryRows<{ id: string }>(
        env().db,
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`nostart-${Date.now()}`}, 'soccer', 'Sample Cup', 'Alpha FC', 'Beta FC', null)
            returning id`,
      );
      const before = await snapshotTables(env());
      const refused = await correct(env(), admin.cookie, event!.id, { status: 'final', score: { home: 2, away: 1 } });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        error: EVENT_FINAL_NEEDS_START_MESSAGE,
        fields: { startsAt: EVENT_FINAL_NEEDS_START_MESSAGE },
      });
      expect(await snapshotTables(env())).toEqual(before);
      expect(await eventRow(env(), event!.id)).toEqual({ status: 'scheduled', starts_at: null, home_score: null });
      // The database holds the rule, whatever code writes.
      expect(
        await refusingConstraint(
          env(),
          sql`update events set status = 'final', home_score = 2, away_score = 1 where id = ${event!.id}`,
          '23514',
          ['events_final_has_start'],
        ),
      ).toBe('events_final_has_start');
      // With its start, the same correction is taken.
      const startsAt = new Date(env().clock.now().getTime() - 3 * HOUR_MS).toISOString();
      const taken = await json<{ event: CatalogEvent }>(
        await correct(env(), admin.cookie, event!.id, { status: 'final', score: { home: 2, away: 1 }, startsAt }),
      );
      expect(taken.event).toMatchObject({ status: 'final', startsAt, score: { home: 2, away: 1 } });
    });

    it('answers the event as stored after the postponed sweep', async () => {
      env().clock.reset();
      env().clock.freeze();
      const admin = await signUpAndSignIn(env(), { email: ADMINS[1] });
      const bettor = await signUpAndSignIn(env());
      const start = new Date(env().clock.now().getTime() + 30 * HOUR_MS);
      const [event] = await queryRows<{ id: string }>(
        env().db,
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`sweep-${Date.now()}`}, 'basketball', 'Sample League', 'Aces', 'Bears', ${start.toISOString()})
            returning id`,
      );
      const bet = await recordOn(env(), bettor.cookie, event!.id);
      // Postponed 73 hours after its start: the sweep in the same transaction counts it cancelled.
      env().clock.advance(30 * HOUR_MS + 73 * HOUR_MS);
      const answer = await json<{ event: CatalogEvent; graded: number }>(
        await correct(env(), admin.cookie, event!.id, { status: 'postponed' }),
      );
      expect({ status: answer.event.status, graded: answer.graded }).toEqual({ status: 'cancelled', graded: 1 });
      expect((await eventRow(env(), event!.id)).status).toBe('cancelled');
      expect(await betStatus(env(), bet.id)).toBe('void');
      env().clock.reset();
    });

    it("keeps an admin's postponed or cancelled through the next pulls, unless the feed brings a new start or a result", async () => {
      env().clock.reset();
      env().clock.freeze();
      const admin = await signUpAndSignIn(env(), { email: ADMINS[2] });
      const bettor = await signUpAndSignIn(env());
      const start = new Date(Math.ceil((env().clock.now().getTime() + 30 * HOUR_MS) / 60_000) * 60_000);
      const later = new Date(start.getTime() + 7 * DAY_MS);
      const key = Date.now().toString(36);
      const games = {
        kept: ['Kings', 'Thunder'],
        moved: ['Blazers', 'Bucks'],
        played: ['Lakers', 'Celtics'],
        live: ['Nets', 'Knicks'],
        cancelled: ['Heat', 'Magic'],
      } as const;
      type Game = keyof typeof games;
      const names = Object.keys(games) as Game[];
      const file = (state: Partial<Record<Game, { start?: Date; state: 'scheduled' | 'live' | [number, number] }>>) =>
        JSON.stringify(
          names.map((g) =>
            oddsApiGame(
              `${g}-${key}`,
              games[g][0],
              games[g][1],
              state[g]?.start ?? start,
              state[g]?.state ?? 'scheduled',
            ),
          ),
        );
      const importFile = async (text: string) =>
        json<ImportEventsResult>(
          await env().request('/api/admin/events/import?format=the-odds-api', {
            method: 'POST',
            cookie: admin.cookie,
            rawBody: text,
            headers: { 'content-type': 'application/json' },
          }),
        );

      const fixtures = file({});
      expect(await importFile(fixtures)).toEqual({ created: 5, updated: 0, graded: 0 });
      const rows = await queryRows<{ id: string; source_id: string }>(
        env().db,
        sql`select id, source_id from events where source_feed = 'the-odds-api' and source_id like ${`%-${key}`}`,
      );
      const id = Object.fromEntries(rows.map((r) => [r.source_id.replace(`-${key}`, ''), r.id])) as Record<
        Game,
        string
      >;
      const bet = {} as Record<Game, Bet>;
      for (const g of names) bet[g] = await recordOn(env(), bettor.cookie, id[g]);

      for (const g of names) {
        await json(
          await correct(env(), admin.cookie, id[g], { status: g === 'cancelled' ? 'cancelled' : 'postponed' }),
        );
      }
      expect(await betStatus(env(), bet.cancelled.id)).toBe('void');

      // The same file again: nothing new about these games, so the admin's statuses stand.
      expect(await importFile(fixtures)).toEqual({ created: 0, updated: 0, graded: 0 });
      const expectEvents = async (expected: Record<Game, [string, string, number | null]>) => {
        for (const g of names) {
          const row = await eventRow(env(), id[g]);
          expect([g, row.status, row.starts_at, row.home_score]).toEqual([g, ...expected[g]]);
        }
      };
      const iso = (d: Date) => d.toISOString();
      await expectEvents({
        kept: ['postponed', iso(start), null],
        moved: ['postponed', iso(start), null],
        played: ['postponed', iso(start), null],
        live: ['postponed', iso(start), null],
        cancelled: ['cancelled', iso(start), null],
      });
      for (const g of ['kept', 'moved', 'played', 'live'] as const)
        expect(await betStatus(env(), bet[g].id)).toBe('pending');

      // Rescheduled to a new start: scheduled at it. A result: final, its bets graded. Live at the same start:
      // nothing new about the postponement, kept.
      expect(
        await importFile(
          file({
            moved: { start: later, state: 'scheduled' },
            played: { state: [101, 99] },
            live: { state: 'live' },
          }),
        ),
      ).toEqual({ created: 0, updated: 2, graded: 1 });
      await expectEvents({
        kept: ['postponed', iso(start), null],
        moved: ['scheduled', iso(later), null],
        played: ['final', iso(start), 101],
        live: ['postponed', iso(start), null],
        cancelled: ['cancelled', iso(start), null],
      });
      expect(await betStatus(env(), bet.played.id)).toBe('won');
      expect(await betStatus(env(), bet.kept.id)).toBe('pending');
      expect(await betStatus(env(), bet.moved.id)).toBe('pending');

      // A file with no start for a postponed game (a date but no time yet) says nothing new either.
      expect(
        await importFeed(
          env().db,
          'the-odds-api',
          {
            events: [
              {
                sourceId: `kept-${key}`,
                sport: 'basketball',
                competition: 'NBA',
                home: games.kept[0],
                away: games.kept[1],
                startsAt: null,
                status: 'scheduled',
                score: null,
                prices: [],
              },
            ],
            rowErrors: [],
          },
          env().clock.now(),
        ),
      ).toEqual({ created: 0, updated: 0, graded: 0 });
      expect(await eventRow(env(), id.kept)).toMatchObject({ status: 'postponed', starts_at: iso(start) });

      // 72 hours past the start, the next pull counts the postponed games cancelled (decision 023), and
      // still does not bring them back.
      env().clock.advance(start.getTime() + 72 * HOUR_MS - env().clock.now().getTime());
      await importFile(file({ moved: { start: later, state: 'scheduled' }, played: { state: [101, 99] } }));
      await expectEvents({
        kept: ['cancelled', iso(start), null],
        moved: ['scheduled', iso(later), null],
        played: ['final', iso(start), 101],
        live: ['cancelled', iso(start), null],
        cancelled: ['cancelled', iso(start), null],
      });
      expect(await betStatus(env(), bet.kept.id)).toBe('void');
      expect(await betStatus(env(), bet.live.id)).toBe('void');
      expect(await betStatus(env(), bet.moved.id)).toBe('pending');
      env().clock.reset();
    });
  },
  { ADMIN_EMAILS: ADMINS.join(',') },
);
