/**
 * A read whose cost grows with one user's data is a heavy read (docs/SECURITY.md, "Heavy reads"):
 * it counts against a quota, runs one at a time per user, and is answered from a cache while the
 * record is unchanged. Here the statistics with the imported history (GET
 * /api/bets/stats?includeImported=true): the quota, and answers that follow every change.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from './test/harness.ts';
import { statementsDuring } from './test/statements.ts';
import { ChainChanged, getLedgerHead, ledgerNdjsonStream, listLedgerRows } from './modules/ledger/queries.ts';
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

  it('continues a kept chain only from an entry still in it with its hash', async () => {
    const { userId } = await signUpAndSignIn(env());
    await insertBets(env(), userId, [{ status: 'won' }, {}]);
    const head = await getLedgerHead(env().db, userId);
    const text = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
    const whole = await text(ledgerNdjsonStream(env().db, userId));
    const lines = whole.trim().split('\n');
    expect(lines).toHaveLength(3);
    // After the first entry: the two that follow it, whatever the batch.
    const [first] = await listLedgerRows(env().db, userId, { after: 0, limit: 1 });
    for (const batch of [1, 2, 1000])
      expect(await text(ledgerNdjsonStream(env().db, userId, { after: first!, batch }))).toBe(
        lines.slice(1).join('\n') + '\n',
      );
    // Through the head read first, whatever comes after it.
    await insertBets(env(), userId, [{}]);
    expect(await text(ledgerNdjsonStream(env().db, userId, { through: head.seq }))).toBe(whole);
    // An entry the chain does not have, or not with that hash: the stream fails, and the caller reads it whole.
    await expect(
      text(ledgerNdjsonStream(env().db, userId, { after: { ...first!, hash: '0'.repeat(64) } })),
    ).rejects.toThrow(ChainChanged);
    await expect(text(ledgerNdjsonStream(env().db, userId, { after: { seq: 99, hash: first!.hash } }))).rejects.toThrow(
      ChainChanged,
    );
  });
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
