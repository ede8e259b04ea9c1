/**
 * A read whose cost grows with one user's data is a heavy read (docs/SECURITY.md, "Heavy reads"):
 * it counts against a quota, runs one at a time per user, and is answered from a cache while the
 * record is unchanged. Here the statistics with the imported history (GET
 * /api/bets/stats?includeImported=true): the quota, and answers that follow every change.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from './test/harness.ts';
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
