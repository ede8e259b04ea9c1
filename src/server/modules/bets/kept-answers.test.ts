/**
 * The first page of bets and the statistics are kept by each server and sent again while the
 * user's record version (migration 0024) is unchanged (kept-answers.ts, decision 014). The version
 * must move with every change, however made; a kept answer must never outlive a change, nor the
 * moment a pending bet becomes overdue.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { betRecordVersions, bets, user } from '../../db/schema/index.ts';
import { parseJsonText } from '../../db/sql.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { withRecordGuardOff } from '../../test/record-guard.ts';
import { insertBets } from '../profiles/test-helpers.ts';
import { OVERDUE_AFTER_MS } from '../../../shared/bets.ts';
import type { Bet, BetPage, BetStats } from '../../../shared/bet-schemas.ts';
import { listBets } from './bet-pages.ts';
import { betStatsText } from './bet-stats.ts';
import { recountBetStats } from '../../test/recount-bet-stats.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const eventIn = (env: TestEnv, ms: number) => new Date(env.clock.now().getTime() + ms).toISOString();

async function record(env: TestEnv, cookie: string, body: Record<string, unknown>): Promise<Bet> {
  const res = await env.request('/api/bets', { cookie, body });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Bet;
}

/** A single bet of 10 at 2.0 whose event starts `hours` from the test clock's now. */
const recordSingle = (env: TestEnv, cookie: string, description: string, hours = 7) =>
  record(env, cookie, {
    description,
    amount: '10',
    odds: '2.0',
    sport: 'soccer',
    eventDate: eventIn(env, hours * HOUR_MS),
  });

async function send(env: TestEnv, cookie: string, path: string, method: 'PATCH' | 'DELETE', status?: string) {
  const res = await env.request(path, { cookie, method, body: status ? { status } : undefined });
  expect(res.status, await res.clone().text()).toBe(method === 'DELETE' ? 204 : 200);
}

/** The user's record version as the database holds it (null: no row). */
async function versionOf(env: TestEnv, userId: string): Promise<number | null> {
  const [row] = await env.db
    .select({ version: betRecordVersions.version })
    .from(betRecordVersions)
    .where(eq(betRecordVersions.userId, userId));
  return row?.version ?? null;
}

async function firstPage(env: TestEnv, cookie: string, query = ''): Promise<BetPage> {
  const res = await env.request(`/api/bets${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as BetPage;
}

describeEachDatabase('the first page of bets, kept while the record version stands', (env) => {
  it('moves the record version with every change to a user’s bets or legs, however it is made', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const other = await signUpAndSignIn(env());
    expect(await versionOf(env(), userId)).toBeNull();

    const versions: number[] = [];
    const step = async (change: () => Promise<unknown>) => {
      await change();
      versions.push((await versionOf(env(), userId))!);
    };
    const single = (description: string, hours: number) => recordSingle(env(), cookie, description, hours);
    let settled!: Bet;
    let later!: Bet;
    let parlay!: Bet;
    await step(async () => (settled = await single('settles', 7)));
    await step(async () => (later = await single('is deleted', 48)));
    const legs = [
      { description: 'Leg one', sport: 'football', odds: '-110', eventDate: eventIn(env(), 8 * HOUR_MS) },
      { description: 'Leg two', sport: 'basketball', odds: '5/2', eventDate: eventIn(env(), 10 * HOUR_MS) },
    ];
    await step(async () => (parlay = await record(env(), cookie, { amount: '5', legs })));
    // Within 15 minutes of recording it, before its start: a correction.
    await step(() => send(env(), cookie, `/api/bets/${later.id}`, 'DELETE'));
    env().clock.advance(9 * HOUR_MS);
    await step(() => send(env(), cookie, `/api/bets/${settled.id}`, 'PATCH', 'won'));
    // A leg settled alone changes no bets row: the parlay stays pending.
    await step(() => send(env(), cookie, `/api/bets/${parlay.id}/legs/${parlay.legs![0]!.id}`, 'PATCH', 'won'));
    // An operator's repair with the record's guard off, straight in SQL.
    await step(() => withRecordGuardOff(env(), sql`update bets set description = 'repaired' where id = ${settled.id}`));
    // Many bets in one statement, by a script.
    await step(() => insertBets(env(), userId, [{ status: 'won' }, { status: 'lost' }, {}]));
    // A repair that moves a bet to another user moves both users' versions: the one who lost it too.
    await insertBets(env(), other.userId, [{}]);
    const otherBefore = (await versionOf(env(), other.userId))!;
    const [lost] = await env().db.select({ id: bets.id }).from(bets).where(eq(bets.status, 'lost'));
    await step(() => withRecordGuardOff(env(), sql`update bets set user_id = ${other.userId} where id = ${lost!.id}`));
    expect(await versionOf(env(), other.userId)).toBe(otherBefore + 1);
    await step(() =>
      withRecordGuardOff(env(), sql`update bets set user_id = ${userId} where user_id = ${other.userId}`),
    );
    expect(await versionOf(env(), other.userId)).toBe(otherBefore + 2);

    expect(versions[0]).toBe(1);
    for (let i = 1; i < versions.length; i++) expect(versions[i]!).toBeGreaterThan(versions[i - 1]!);
    // Another user's changes leave this user's version alone, and theirs starts at 1.
    const third = await signUpAndSignIn(env());
    await insertBets(env(), third.userId, [{}]);
    expect(await versionOf(env(), userId)).toBe(versions.at(-1));
    expect(await versionOf(env(), third.userId)).toBe(1);

    // Deleting the account takes the version with it (its bets' triggers find no row to move).
    await env().db.delete(user).where(eq(user.id, userId));
    expect(await versionOf(env(), userId)).toBeNull();
  });

  it('sends the kept page while the version stands, and reads again once it moves', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await recordSingle(env(), cookie, 'Original words');
    expect((await firstPage(env(), cookie)).bets.map((b) => b.description)).toEqual(['Original words']);

    // Changed with the version's trigger off too: the server cannot know, and sends what it kept.
    await env().db.transaction(async (tx) => {
      await tx.execute(sql`alter table bets disable trigger bets_guard_record`);
      await tx.execute(sql`alter table bets disable trigger bets_version_update`);
      await tx.execute(sql`update bets set description = 'Changed words' where id = ${bet.id}`);
      await tx.execute(sql`alter table bets enable trigger bets_version_update`);
      await tx.execute(sql`alter table bets enable trigger bets_guard_record`);
    });
    expect((await firstPage(env(), cookie)).bets.map((b) => b.description)).toEqual(['Original words']);
    // Another page size is not the kept page: read afresh.
    expect((await firstPage(env(), cookie, '?limit=5')).bets.map((b) => b.description)).toEqual(['Changed words']);

    // The version moves (as any change moves it): the next request reads the page again.
    await env().db.execute(sql`update bet_record_versions set version = version + 1 where user_id = ${userId}`);
    expect((await firstPage(env(), cookie)).bets.map((b) => b.description)).toEqual(['Changed words']);
  });

  it('shows every change made through the API or straight in the database at the next request', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const descriptions = async () => (await firstPage(env(), cookie)).bets.map((b) => `${b.description} ${b.status}`);
    expect(await descriptions()).toEqual([]);
    const bet = await recordSingle(env(), cookie, 'First');
    expect(await descriptions()).toEqual(['First pending']);
    env().clock.advance(8 * HOUR_MS);
    await send(env(), cookie, `/api/bets/${bet.id}`, 'PATCH', 'lost');
    expect(await descriptions()).toEqual(['First lost']);
    await insertBets(env(), userId, [
      { description: 'Imported by a script', createdAt: new Date(env().clock.now().getTime() + HOUR_MS) },
    ]);
    expect(await descriptions()).toEqual(['Imported by a script pending', 'First lost']);
    // The page the function answers and the API's are the same text.
    const page = parseJsonText(await listBets(env().db, userId, { limit: 20 }));
    expect(page).toEqual(await firstPage(env(), cookie));
    const [row] = await env()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(bets)
      .where(eq(bets.userId, userId));
    expect(row!.n).toBe(2);
  });

  it('sends the kept statistics while the version and unit size stand', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const bet = await recordSingle(env(), cookie, 'Kept');
    env().clock.advance(8 * HOUR_MS);
    await send(env(), cookie, `/api/bets/${bet.id}`, 'PATCH', 'won');
    const before = await stats(env(), cookie);
    expect(before).toMatchObject({ totalBets: 1, won: 1, totalProfit: '10.00', unitSize: null });

    // Changed with the version's trigger off: the server cannot know, and sends what it kept.
    await env().db.transaction(async (tx) => {
      await tx.execute(sql`alter table bets disable trigger bets_guard_record`);
      await tx.execute(sql`alter table bets disable trigger bets_version_update`);
      await tx.execute(sql`update bets set status = 'lost', profit_loss = -10 where id = ${bet.id}`);
      await tx.execute(sql`alter table bets enable trigger bets_version_update`);
      await tx.execute(sql`alter table bets enable trigger bets_guard_record`);
    });
    expect(await stats(env(), cookie)).toEqual(before);

    // A new unit size is part of the key: the figures are read again, with it.
    const social = { twitter: '', instagram: '', youtube: '', website: '' };
    const put = (unitSize: string) =>
      env().request('/api/profile/settings', {
        method: 'PUT',
        cookie,
        body: { profilePublic: true, social, unitSize },
      });
    expect((await put('5')).status).toBe(200);
    expect(await stats(env(), cookie)).toMatchObject({ won: 0, lost: 1, totalProfit: '-10.00', unitSize: '5.00' });
    // Back to no unit size, under the same version: those figures are the ones just read.
    expect((await put('')).status).toBe(200);
    expect(await stats(env(), cookie)).toMatchObject({ won: 0, lost: 1, unitSize: null });

    // Any change moves the version, and the statistics are read again: they match a recount.
    await recordSingle(env(), cookie, 'Another', 7);
    const after = await stats(env(), cookie);
    expect(after).toMatchObject({ totalBets: 2, lost: 1, pending: 1 });
    expect(after).toEqual(await recountBetStats(env().db, userId, env().clock.now()));
    expect(parseJsonText(await betStatsText(env().db, userId, env().clock.now()))).toEqual(after);
  });

  it('counts a pending bet overdue from the moment its own start (a parlay leg’s) passed 72 hours ago, with no write', async () => {
    const { cookie } = await signUpAndSignIn(env());
    env().clock.freeze();
    const single = await recordSingle(env(), cookie, 'Left pending', 7);
    const legs = [
      { description: 'Leg one', sport: 'football', odds: '2.0', eventDate: eventIn(env(), 8 * HOUR_MS) },
      { description: 'Leg two', sport: 'basketball', odds: '2.0', eventDate: eventIn(env(), 30 * HOUR_MS) },
    ];
    const parlay = await record(env(), cookie, { amount: '5', legs });
    const overdueAt = (at: string) => new Date(at).getTime() + OVERDUE_AFTER_MS;
    const overdue = async (atMs: number) => {
      env().clock.advance(atMs - env().clock.now().getTime());
      return (await stats(env(), cookie)).overdue;
    };

    expect(await overdue(overdueAt(single.eventDate) - 1)).toBe(0);
    expect(await overdue(overdueAt(single.eventDate))).toBe(1);
    // The parlay is overdue once its first (pending, self-reported) leg is, whatever its last leg.
    expect(await overdue(overdueAt(parlay.legs![0]!.eventDate) - 1)).toBe(1);
    expect(await overdue(overdueAt(parlay.legs![0]!.eventDate))).toBe(2);
    expect(await overdue(overdueAt(legs[1]!.eventDate))).toBe(2);
    // A clock set back (the machine's, corrected) reads the count for that time, not the kept one.
    expect(await overdue(overdueAt(single.eventDate) - 1)).toBe(0);
    expect(await overdue(overdueAt(legs[1]!.eventDate) + 30 * 24 * HOUR_MS)).toBe(2);
  });
});

async function stats(env: TestEnv, cookie: string): Promise<BetStats> {
  const res = await env.request('/api/bets/stats', { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as BetStats;
}
