/**
 * A grading settles the legs of many parlays in one statement (events_grade's UPDATE of bet_legs,
 * then bet_legs_settle_parlay's one pass: docs/decisions/058): each leg's ledger entry, then every
 * parlay its legs decide — lost by a lost leg, won at the product of its won legs' odds (a void leg
 * counts 1.00), void when every leg is — and a bettor with two parlays in one grading keeps one
 * chain. One leg at a time (a bettor's leg settle) is parlays.test.ts. On each database.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { describeEachDatabase } from '../../test/harness.ts';
import { expectSummariesMatchRecount } from '../../test/invariants.ts';
import { entryOf, listLedgerRows } from '../ledger/queries.ts';
import { verifyChain } from '../../../shared/ledger.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A leg: its event's key (below), market, selection and line; every leg at odds 2 (2/1). */
type Leg = [event: 'e' | 'f' | 'g', market: string, selection: string, line: number | null];

describeEachDatabase('parlays graded in one statement', (env) => {
  it('settles every parlay its legs decide, appends every leg, and keeps one chain per bettor', async () => {
    const db = env().db;
    const run = randomUUID().slice(0, 8);
    const users = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((u) => `gp-${run}-${u}`);
    const [a, b, c, d, e, f, g] = users as [string, string, string, string, string, string, string];
    await db.execute(sql`insert into users (id, name, email, email_verified, age_confirmed_at)
      select u, '', u || '@example.com', true, now() from unnest(string_to_array(${users.join(',')}, ',')) u`);
    const start = new Date(Date.now() + 7 * HOUR_MS).toISOString();
    const events: Record<string, string> = {};
    for (const key of ['e', 'f', 'g']) {
      const [row] = await queryRows<{ id: string }>(
        db,
        sql`insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
            values ('sample', ${`gp-${run}-${key}`}, 'soccer', 'Sample League', 'Home', 'Away', ${start}) returning id`,
      );
      events[key] = row!.id;
    }
    // Two legs at 2 each: odds 4, potential win 40 on a stake of 10. Every event ends 2-1.
    const parlay = async (userId: string, legs: Leg[]) =>
      db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: string }>(
          tx as unknown as typeof db,
          sql`insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, last_event_date,
                                potential_win, leg_count, graded)
              values (${userId}, 'parlay', 10, '4', 4, 'parlay', ${start}, ${start}, 40, ${legs.length}, true)
              returning id`,
        );
        for (const [i, [event, market, selection, line]] of legs.entries()) {
          await tx.execute(sql`insert into bet_legs (bet_id, position, description, sport, odds, decimal_odds, odds_num,
                                                     odds_den, event_date, event_id, market, selection, line)
            values (${row!.id}, ${i + 1}, 'leg', 'soccer', '2', 2, 2, 1, ${start}, ${events[event]!}, ${market},
                    ${selection}, ${line})`);
        }
        return row!.id;
      });
    const won: Leg = ['e', 'moneyline', 'home', null];
    const lost: Leg = ['e', 'moneyline', 'away', null];
    const push: Leg = ['e', 'spread', 'home', -1];
    const wonF: Leg = ['f', 'moneyline', 'home', null];
    const pendingG: Leg = ['g', 'moneyline', 'home', null];
    // Bettors a and b have two parlays each with a leg on E (their legs go one at a time), the
    // others one (settled together).
    const p1 = await parlay(a, [won, wonF]); // won at 4
    const p5 = await parlay(a, [push, wonF]); // void and won: won at 2
    const p2 = await parlay(b, [lost, pendingG]); // lost
    const p6 = await parlay(b, [won, wonF]); // won at 4
    const p3 = await parlay(c, [won, pendingG]); // still pending
    const p4 = await parlay(d, [push, ['f', 'spread', 'home', -1]]); // void and void: void
    const p7 = await parlay(e, [lost, pendingG]); // lost
    const p8 = await parlay(f, [push, wonF]); // won at 2
    const p9 = await parlay(g, [won, wonF]); // won at 4

    const grade = (event: string) =>
      db.execute(sql`update events set status = 'final', home_score = 2, away_score = 1 where id = ${events[event]!}`);
    // F first: six parlays' legs, none decided yet (each has its leg on E pending).
    await grade('f');
    // Then E: nine parlays' legs; two parlays lost, five won, one void, one left pending (p3).
    await grade('e');

    const parlays = await queryRows<{ id: string; status: string; odds: string; win: string; profit: string | null }>(
      db,
      sql`select id, status, decimal_odds::text as odds, potential_win::text as win, profit_loss::text as profit
          from bets where user_id in (${a}, ${b}, ${c}, ${d}, ${e}, ${f}, ${g})`,
    );
    const byId = new Map(parlays.map((p) => [p.id, p]));
    const wonAt4 = { status: 'won', odds: '4.000000', win: '40.00', profit: '30.00' };
    const wonAt2 = { status: 'won', odds: '2.000000', win: '20.00', profit: '10.00' };
    const lostAt4 = { status: 'lost', odds: '4.000000', win: '40.00', profit: '-10.00' };
    for (const id of [p1, p6, p9]) expect(byId.get(id), id).toMatchObject(wonAt4);
    for (const id of [p5, p8]) expect(byId.get(id), id).toMatchObject(wonAt2);
    for (const id of [p2, p7]) expect(byId.get(id), id).toMatchObject(lostAt4);
    expect(byId.get(p3)).toMatchObject({ status: 'pending', profit: null });
    expect(byId.get(p4)).toMatchObject({ status: 'void', odds: '4.000000', win: '40.00', profit: '0.00' });

    // Each bettor's chain: the recordings, then each grading's leg entries, each followed at once
    // by its parlay's settled entry when the leg decided it; every entry links to the one before.
    type Row = [kind: string, bet: string, leg: string];
    const chains: Record<string, Row[]> = {
      [a]: [
        ['recorded', p1, ''],
        ['recorded', p5, ''],
        ['leg-settled', p1, 'won'],
        ['leg-settled', p5, 'won'],
        ['leg-settled', p1, 'won'],
        ['settled', p1, ''],
        ['leg-settled', p5, 'void'],
        ['settled', p5, ''],
      ],
      [b]: [
        ['recorded', p2, ''],
        ['recorded', p6, ''],
        ['leg-settled', p6, 'won'],
        ['leg-settled', p2, 'lost'],
        ['settled', p2, ''],
        ['leg-settled', p6, 'won'],
        ['settled', p6, ''],
      ],
      [c]: [
        ['recorded', p3, ''],
        ['leg-settled', p3, 'won'],
      ],
      [d]: [
        ['recorded', p4, ''],
        ['leg-settled', p4, 'void'],
        ['leg-settled', p4, 'void'],
        ['settled', p4, ''],
      ],
      [e]: [
        ['recorded', p7, ''],
        ['leg-settled', p7, 'lost'],
        ['settled', p7, ''],
      ],
      [f]: [
        ['recorded', p8, ''],
        ['leg-settled', p8, 'won'],
        ['leg-settled', p8, 'void'],
        ['settled', p8, ''],
      ],
      [g]: [
        ['recorded', p9, ''],
        ['leg-settled', p9, 'won'],
        ['leg-settled', p9, 'won'],
        ['settled', p9, ''],
      ],
    };
    const sorted = (rows: Row[]) => [...rows].sort((x, y) => x.join().localeCompare(y.join()));
    for (const [userId, expected] of Object.entries(chains)) {
      const entries = (await listLedgerRows(db, userId, { after: 0, limit: 100 })).map(entryOf);
      expect(verifyChain(entries, sha256), userId).toMatchObject({ ok: true });
      const rows = entries.map((x): Row => [x.kind, x.bet.id, x.leg?.status ?? '']);
      if (userId === a || userId === b) {
        // Two parlays' legs in one UPDATE come in its row order, which nothing defines.
        expect(sorted(rows), userId).toEqual(sorted(expected));
        expect(rows.slice(0, 2), userId).toEqual(expected.slice(0, 2));
      } else {
        expect(rows, userId).toEqual(expected);
      }
      entries.forEach((x, i) => {
        // A leg's entry shows its parlay still pending; a settled entry follows at once the entry
        // of the leg that decided it, and shows the parlay as it ended.
        if (x.kind === 'leg-settled') expect(x.bet.status, userId).toBe('pending');
        if (x.kind === 'settled') {
          expect([entries[i - 1]!.kind, entries[i - 1]!.bet.id], userId).toEqual(['leg-settled', x.bet.id]);
          expect(x.bet.status, userId).toBe(byId.get(x.bet.id)!.status);
        }
      });
    }
    await expectSummariesMatchRecount(env(), users);
  });
});
