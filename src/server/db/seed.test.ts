import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, signIn } from '../test/harness.ts';
import { USERNAME_PATTERN } from '../../shared/usernames.ts';
import { readCommunitySummaries, recountCommunitySummaries } from '../modules/community/queries.ts';
import { seedDatabase } from './seed.ts';

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

describeEachDatabase('db:seed', (env) => {
  it('writes the users and bets asked for, back-dated the way the app records and settles bets, none overdue', async () => {
    const now = env().clock.now();
    const result = await seedDatabase(env().db, { users: 40, bets: 1500, now, seed: 7 });
    expect(result).toMatchObject({ users: 40, bets: 1500 });
    expect(new Set(result.usernames).size).toBe(40);
    for (const name of result.usernames) expect(name).toMatch(USERNAME_PATTERN);

    const [check] = rows<Record<string, number>>(
      await env().db.execute(sql`
        select count(*)::int as bets,
               (count(*) filter (where b.created_at > ${now}))::int as recorded_in_future,
               (count(*) filter (where event_date <= b.created_at + interval '6 hours'))::int as too_soon,
               (count(*) filter (where status <> 'pending' and (settled_at <= event_date or settled_at > ${now})))::int as bad_settlement,
               (count(*) filter (where status = 'pending' and settled_at is not null))::int as pending_settled,
               (count(*) filter (where status = 'pending' and event_date <= ${now}::timestamptz - interval '72 hours'))::int as overdue,
               (count(*) filter (where b.created_at < p.created_at))::int as before_joining,
               (count(*) filter (where status = 'won' and profit_loss <> potential_win - amount))::int as bad_win,
               (count(*) filter (where status = 'lost' and profit_loss <> -amount))::int as bad_loss,
               (count(*) filter (where status = 'won'))::int as won,
               (count(*) filter (where status = 'lost'))::int as lost,
               (count(*) filter (where status = 'void'))::int as voided,
               (count(*) filter (where status = 'void' and profit_loss <> 0))::int as bad_void,
               (count(distinct bet_type))::int as sports
        from bets b join profiles p on p.user_id = b.user_id
        where b.user_id in (select user_id from profiles where username in (select jsonb_array_elements_text(${JSON.stringify(result.usernames)}::jsonb)))`),
    );
    expect(check).toMatchObject({
      bets: 1500,
      recorded_in_future: 0,
      too_soon: 0,
      bad_settlement: 0,
      pending_settled: 0,
      overdue: 0,
      before_joining: 0,
      bad_win: 0,
      bad_loss: 0,
      bad_void: 0,
    });
    expect(check!.won).toBeGreaterThan(100);
    // About 2% of the settled ones: some, and few.
    expect(check!.voided).toBeGreaterThan(0);
    expect(check!.voided).toBeLessThan(100);
    expect(check!.lost).toBeGreaterThan(100);
    expect(check!.sports).toBeGreaterThanOrEqual(5);

    // A tenth on the sample catalog: graded from the events' results, never left pending after one.
    expect(result).toMatchObject({ gradedBets: 150, events: 114 });
    const [graded] = rows<Record<string, number>>(
      await env().db.execute(sql`
        select (count(*) filter (where b.graded))::int as graded,
               (count(*) filter (where b.graded and b.status <> 'pending'))::int as settled,
               (count(*) filter (where b.graded and (e.status = 'final') <> (b.status <> 'pending')))::int as ungraded,
               (count(*) filter (where b.graded and e.competition not like 'Sample %'))::int as not_sample,
               (count(*) filter (where b.graded and b.event_date <> e.starts_at))::int as wrong_start
        from bets b left join events e on e.id = b.event_id
        where b.user_id in (select user_id from profiles where username in (select jsonb_array_elements_text(${JSON.stringify(result.usernames)}::jsonb)))`),
    );
    expect(graded).toMatchObject({ graded: 150, ungraded: 0, not_sample: 0, wrong_start: 0 });
    expect(graded!.settled).toBeGreaterThan(50);

    // Every ledger entry the seeder wrote (graded ones included) says so: its history is made up.
    const [origins] = rows<{ entries: number; seeded: number }>(
      await env().db.execute(sql`
        select count(*)::int as entries, (count(*) filter (where l.body like '%,"origin":"seed",%'))::int as seeded
        from bet_ledger l join profiles p on p.user_id = l.user_id
        where p.username in (select jsonb_array_elements_text(${JSON.stringify(result.usernames)}::jsonb))`),
    );
    expect(origins!.entries).toBeGreaterThan(1500);
    expect(origins!.seeded).toBe(origins!.entries);

    // Some private, some verified profiles; the summaries agree with the bets.
    const [mix] = rows<{ private: number; verified: number }>(
      await env().db.execute(sql`
        select (count(*) filter (where s.privacy_settings->>'profile_public' = 'false'))::int as private,
               (count(*) filter (where p.verification_status = 'verified'))::int as verified
        from profiles p join user_settings s on s.user_id = p.user_id
        where p.username in (select jsonb_array_elements_text(${JSON.stringify(result.usernames)}::jsonb))`),
    );
    expect(mix!.private).toBeGreaterThan(0);
    expect(mix!.verified).toBeGreaterThan(0);
    const [someone] = rows<{ user_id: string }>(
      await env().db.execute(sql`select user_id from profiles where username = ${result.usernames[0]!}`),
    );
    expect(await readCommunitySummaries(env().db, someone!.user_id)).toEqual(
      await recountCommunitySummaries(env().db, someone!.user_id),
    );

    // A seeded account can sign in with the seed password.
    const res = await signIn(env(), result.emails[0]!, result.password);
    expect(res.status).toBe(200);
  });
});
