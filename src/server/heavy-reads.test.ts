/**
 * A read whose cost grows with one user's data is a heavy read (docs/SECURITY.md, "Heavy reads"):
 * it counts against a quota, runs one at a time per user, and is answered from a cache while the
 * record is unchanged. Here the statistics with the imported history (GET
 * /api/bets/stats?includeImported=true): the quota, and answers that follow every change.
 */
import { expect, it, vi } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from './test/harness.ts';
import { insertBets, usernameOf } from './modules/profiles/test-helpers.ts';
import type { BetStats } from '../shared/bet-schemas.ts';

const HEADER = 'date,description,sport,stake,odds,result\r\n';
const upload = (env: TestEnv, cookie: string, csv: string) =>
  env.request('/api/bets/import', { method: 'POST', cookie, rawBody: csv, headers: { 'content-type': 'text/csv' } });
const statsWithImported = (env: TestEnv, cookie: string) =>
  env.request('/api/bets/stats?includeImported=true', { cookie });

describeEachDatabase(
  'the statistics with the imported history: a heavy read',
  (env) => {
    it('counts against the analytics quota (the plain statistics never do), and follows every change', async () => {
      const { cookie } = await signUpAndSignIn(env());
      expect((await upload(env(), cookie, HEADER + '2024-03-01,A,soccer,10,2.0,won\r\n')).status).toBe(200);
      const first = await statsWithImported(env(), cookie);
      expect(((await first.json()) as BetStats).totalBets).toBe(1);
      expect((await upload(env(), cookie, HEADER + '2024-03-02,B,soccer,10,2.0,lost\r\n')).status).toBe(200);
      // A new import changes the answer at once (the cache is keyed by the record's version).
      expect(((await (await statsWithImported(env(), cookie)).json()) as BetStats).totalBets).toBe(2);
      expect((await statsWithImported(env(), cookie)).status).toBe(200);
      const refused = await statsWithImported(env(), cookie);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^You're asking for your statistics too fast/,
      );
      for (let i = 0; i < 4; i++) expect((await env().request('/api/bets/stats', { cookie })).status).toBe(200);
    });
  },
  { HEAVY_READ_QUOTA_PER_MINUTE: '3' },
);

/** The statements the database was sent while `act` ran whose text matches `pattern`. */
async function statementsDuring(env: TestEnv, pattern: RegExp, act: () => Promise<unknown>): Promise<number> {
  const client = (env.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const queries = vi.spyOn(client, 'query');
  try {
    await act();
    return queries.mock.calls.filter(([statement]) => {
      const text = typeof statement === 'string' ? statement : (statement as { text?: string }).text;
      return pattern.test(text ?? '');
    }).length;
  } finally {
    queries.mockRestore();
  }
}

describeEachDatabase("a profile's ledger as NDJSON: a heavy read", (env) => {
  it('reads the chain once per change of its head, however many download it at once', async () => {
    const { userId } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [{ status: 'won' }, { status: 'lost' }, {}]);
    const download = () => env().request(`/api/profiles/${username}/ledger.ndjson`);
    const chainReads = /from "bet_ledger" /;

    let bodies: string[] = [];
    const first = await statementsDuring(env(), chainReads, async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, download));
      expect(answers.map((res) => res.status)).toEqual(Array(8).fill(200));
      bodies = await Promise.all(answers.map((res) => res.text()));
    });
    // One read of the chain (its five entries, a settled bet's two each, fit one batch) for the eight downloads.
    expect(first).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]!.trim().split('\n')).toHaveLength(5);
    expect(await statementsDuring(env(), chainReads, download)).toBe(0);

    // A new entry moves the head: read again, and the new entry is in it.
    await insertBets(env(), userId, [{ status: 'won' }]);
    let after = '';
    expect(
      await statementsDuring(env(), chainReads, async () => {
        after = await (await download()).text();
      }),
    ).toBe(1);
    expect(after.trim().split('\n')).toHaveLength(7);
    expect(after.startsWith(bodies[0]!)).toBe(true);
  }, 60_000);
});

describeEachDatabase('one account flooding its statistics with the imported history', (env) => {
  it('computes them once per change of the record, however many it asks for at once', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const rows = Array.from(
      { length: 50 },
      (_, i) => `2024-03-${String((i % 28) + 1).padStart(2, '0')},Bet ${i},soccer,10,2.0,${i % 2 ? 'won' : 'lost'}\r\n`,
    );
    expect((await upload(env(), cookie, HEADER + rows.join(''))).status).toBe(200);
    const computations = /runs_with_imported|from "imported_bets" where/;

    let answers: Response[] = [];
    const flood = await statementsDuring(env(), computations, async () => {
      answers = await Promise.all(Array.from({ length: 12 }, () => statsWithImported(env(), cookie)));
    });
    expect(answers.map((res) => res.status)).toEqual(Array(12).fill(200));
    const totals = await Promise.all(answers.map(async (res) => ((await res.json()) as BetStats).totalBets));
    expect(new Set(totals)).toEqual(new Set([50]));
    // Twelve requests at once, one computation (its aggregate and its ordered pass): the others
    // waited their turn and were answered from what it kept. What one account can put in the
    // database at once is one computation, whatever it sends.
    expect(flood).toBe(2);
    expect(await statementsDuring(env(), computations, () => statsWithImported(env(), cookie))).toBe(0);
  }, 60_000);
});
