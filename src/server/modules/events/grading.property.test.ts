/**
 * One grading rule, twice: src/shared/events.ts `grade` (TypeScript) and the database's
 * `bet_grade` (migration 0027) agree with each other and with a plain reference of each market,
 * for random scores, markets, selections and half or whole lines.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { queryRows } from '../../db/sql.ts';
import {
  grade,
  MARKET_SELECTIONS,
  MARKETS,
  type GradeResult,
  type Market,
  type Selection,
} from '../../../shared/events.ts';

interface Case {
  market: Market;
  selection: Selection;
  line: number | null;
  home: number;
  away: number;
}

/**
 * The reference, as a bettor would work it out by hand: who won the match; a handicap added to the
 * home score and the two sides compared from the chosen side's point of view; the goals counted
 * against the line.
 */
function reference({ market, selection, line, home, away }: Case): GradeResult {
  if (market === 'moneyline') {
    if (home === away) return 'void';
    const winner = home > away ? 'home' : 'away';
    return winner === selection ? 'won' : 'lost';
  }
  if (market === '1x2') {
    const outcome = home > away ? 'home' : home < away ? 'away' : 'draw';
    return outcome === selection ? 'won' : 'lost';
  }
  if (market === 'spread') {
    const handicappedHome = home + line!;
    const mine = selection === 'home' ? handicappedHome : away;
    const theirs = selection === 'home' ? away : handicappedHome;
    if (mine === theirs) return 'void';
    return mine > theirs ? 'won' : 'lost';
  }
  const goals = home + away;
  if (goals === line) return 'void';
  return (selection === 'over') === goals > line! ? 'won' : 'lost';
}

const halfLine = (min: number, max: number) => fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2);

const caseArb: fc.Arbitrary<Case> = fc.constantFrom(...MARKETS).chain((market) =>
  fc.record({
    market: fc.constant(market),
    selection: fc.constantFrom(...MARKET_SELECTIONS[market]),
    line:
      market === 'spread' ? halfLine(-12, 12) : market === 'total' ? halfLine(0, 24) : fc.constant<number | null>(null),
    home: fc.integer({ min: 0, max: 12 }),
    away: fc.integer({ min: 0, max: 12 }),
  }),
);

/** The database's grade of each case, in one query. */
async function sqlGrades(env: Parameters<typeof queryRows>[0], cases: Case[]): Promise<(string | null)[]> {
  const rows = await queryRows<{ result: string | null }>(
    env,
    sql`select bet_grade(c.market, c.selection, c.line, c.home, c.away) as result
        from rows from (json_to_recordset(${JSON.stringify(cases)}::json)
             as (market text, selection text, line numeric, home int, away int)) with ordinality
             as c(market, selection, line, home, away, n)
        order by c.n`,
  );
  return rows.map((r) => r.result);
}

describeEachDatabase('grading a bet from the final score', (env) => {
  it('TypeScript, SQL and the reference agree for random scores and lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(caseArb, { minLength: 1, maxLength: 60 }), async (cases) => {
        const fromSql = await sqlGrades(env().db, cases);
        cases.forEach((c, i) => {
          const expected = reference(c);
          expect(grade(c.market, c.selection, c.line, { home: c.home, away: c.away }), JSON.stringify(c)).toBe(
            expected,
          );
          expect(fromSql[i], JSON.stringify(c)).toBe(expected);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('grades the worked examples of decision 022', async () => {
    const examples: [Case, GradeResult][] = [
      [{ market: 'moneyline', selection: 'home', line: null, home: 2, away: 1 }, 'won'],
      [{ market: 'moneyline', selection: 'away', line: null, home: 2, away: 1 }, 'lost'],
      [{ market: 'moneyline', selection: 'home', line: null, home: 1, away: 1 }, 'void'],
      [{ market: '1x2', selection: 'draw', line: null, home: 1, away: 1 }, 'won'],
      [{ market: '1x2', selection: 'home', line: null, home: 1, away: 1 }, 'lost'],
      [{ market: 'spread', selection: 'home', line: -1.5, home: 2, away: 1 }, 'lost'],
      [{ market: 'spread', selection: 'away', line: -1.5, home: 2, away: 1 }, 'won'],
      [{ market: 'spread', selection: 'home', line: -1, home: 2, away: 1 }, 'void'],
      [{ market: 'spread', selection: 'away', line: 0.5, home: 0, away: 0 }, 'lost'],
      [{ market: 'total', selection: 'over', line: 2.5, home: 2, away: 1 }, 'won'],
      [{ market: 'total', selection: 'under', line: 3, home: 2, away: 1 }, 'void'],
      [{ market: 'total', selection: 'under', line: 3.5, home: 2, away: 1 }, 'won'],
    ];
    const fromSql = await sqlGrades(
      env().db,
      examples.map(([c]) => c),
    );
    expect(fromSql).toEqual(examples.map(([, r]) => r));
    expect(examples.map(([c]) => grade(c.market, c.selection, c.line, c))).toEqual(examples.map(([, r]) => r));
  });
});
