import { expect, it } from 'vitest';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { betPageSchema, type Bet } from '../../../shared/bet-schemas.ts';
import { parseCsv } from '../../../shared/csv-read.ts';
import { CSV_COLUMNS } from './export.ts';
import { insertBets, seedBets, usernameOf } from './test-helpers.ts';

const HEADER = CSV_COLUMNS.join(',');

/** Every bet of the user through the API, newest first. */
async function allBets(env: TestEnv, cookie: string): Promise<Bet[]> {
  const out: Bet[] = [];
  let cursor: string | null = null;
  do {
    const res = await env.request(`/api/bets?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { cookie });
    const page = betPageSchema.parse(await res.json());
    out.push(...page.bets);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** The body, chunk by chunk, as the client receives it. */
async function readChunks(res: Response): Promise<Uint8Array[]> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return chunks;
    chunks.push(value);
  }
}

describeEachDatabase('CSV export', (env) => {
  it('downloads every bet with every field: BOM, header, RFC 4180 quoting, formula escaping of the description, odds written plainly', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), userId);
    await insertBets(env(), userId, [
      { description: '=HYPERLINK("http://evil.example","click")', odds: '-110', decimalOdds: '1.909091' },
      {
        description: 'Reds, "Blues" & draw\nsecond line',
        status: 'lost',
        amount: '10.00',
        odds: '+150',
        decimalOdds: '2.5',
      },
      { description: '@SUM(1+1)', status: 'won', amount: '1234.56', odds: '5/2', decimalOdds: '3.5' },
      { description: '+1 goal handicap', odds: '2.5', decimalOdds: '2.5' },
      { description: '-0.5 Asian handicap', odds: '2', decimalOdds: '2' },
      { description: '\tTabbed, Ünïcødé ⚽ 日本', odds: '11/10', decimalOdds: '2.1' },
    ]);

    const res = await env().request('/api/profile/export.csv', { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = env().clock.now().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="betproof-bets-${username}-${today}.csv"`,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');

    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);

    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    const bets = await allBets(env(), cookie);
    expect(rows).toEqual(
      bets.map((b) => [
        b.id,
        /^[=+\-@\t\r]/.test(b.description) ? `'${b.description}` : b.description,
        b.sport,
        // The odds as typed, plainly: only American, decimal or fractional odds were ever accepted.
        b.odds,
        b.decimalOdds,
        b.amount,
        b.potentialWin,
        b.status,
        b.profitLoss ?? '',
        b.eventDate,
        b.settledAt ?? '',
        b.createdAt,
        // No unit size set: the unit columns are empty.
        '',
        '',
        // Single bets: no legs.
        '',
        // Self-reported: on no listed event, so no pick.
        'self-reported',
        '',
        '',
        '',
        '',
      ]),
    );

    // Spot checks on the raw text: quoting, escaping, and numbers left as numbers.
    expect(text).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",soccer,-110,1.909091,10.00,`);
    expect(text).toContain(`"Reds, ""Blues"" & draw\nsecond line",soccer,+150,2.500000,10.00,25.00,lost,-10.00,`);
    expect(text).toContain(`,'@SUM(1+1),soccer,5/2,3.500000,1234.56,4320.96,won,3086.40,`);
    expect(text).toContain(`,'+1 goal handicap,`);
    expect(text).toContain(`,'-0.5 Asian handicap,`);
    expect(text).toContain(`,"'\tTabbed, Ünïcødé ⚽ 日本",`);
  });

  it('writes stakes and profit in units when a unit size is set, and a void bet as void with 0.00', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    await insertBets(env(), userId, [
      { description: 'won', status: 'won', amount: '25.00', decimalOdds: '2.1' },
      { description: 'lost', status: 'lost', amount: '10.00' },
      { description: 'void', status: 'void', amount: '30.00' },
      { description: 'pending', amount: '7.50' },
    ]);
    const setUnit = async (unitSize: string) => {
      const save = await env().request('/api/profile/settings', {
        cookie,
        method: 'PUT',
        body: { profilePublic: true, social: { twitter: '', instagram: '', youtube: '', website: '' }, unitSize },
      });
      expect(save.status).toBe(200);
    };
    const exported = async () =>
      parseCsv(await (await env().request('/api/profile/export.csv', { cookie })).text()).slice(1);
    await setUnit('20');
    const rows = await exported();
    const pick = (row: string[]) => [row[1], row[5], row[7], row[8], row[12], row[13]];
    expect(rows.map(pick).sort()).toEqual(
      [
        // $25 won at 2.1: +$27.50 → 1.25u staked, +1.38u (1.375 rounded half away from zero).
        ['won', '25.00', 'won', '27.50', '1.25', '1.38'],
        ['lost', '10.00', 'lost', '-10.00', '0.50', '-0.50'],
        ['void', '30.00', 'void', '0.00', '1.50', '0.00'],
        ['pending', '7.50', 'pending', '', '0.38', ''],
      ].sort(),
    );
    // A new unit size is a new file (not the one kept for the unchanged record); none, no units.
    await setUnit('10');
    expect((await exported()).find((r) => r[1] === 'won')!.slice(12, 14)).toEqual(['2.50', '2.75']);
    await setUnit('');
    expect((await exported()).find((r) => r[1] === 'won')!.slice(12, 14)).toEqual(['', '']);
  });

  it('exports a header alone for a user with no bets, and only the signed-in user’s bets', async () => {
    const other = await signUpAndSignIn(env());
    await insertBets(env(), other.userId, [{ description: 'not yours' }]);
    const { cookie } = await signUpAndSignIn(env());
    const text = await (await env().request('/api/profile/export.csv', { cookie })).text();
    // Response.text() drops the BOM.
    expect(text).toBe(`${HEADER}\r\n`);
  });

  it('exports 20,000 bets, read from the database in batches: every row once, newest first', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    await seedBets(env(), userId, 20_000);
    const res = await env().request('/api/profile/export.csv', { cookie });
    expect(res.status).toBe(200);
    // The file is built whole (EXPORT_BATCH_SIZE rows per query) and kept in the record cache until
    // the record changes (record-cache.ts), so it is no longer sent in one chunk per batch.
    const chunks = await readChunks(res);
    const text = new TextDecoder().decode(Buffer.concat(chunks));
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(20_000);
    expect(new Set(rows.map((r) => r[0])).size).toBe(20_000);
    // seeded bet 1 is the newest.
    expect(rows.slice(0, 3).map((r) => r[1])).toEqual(['seeded bet 1', 'seeded bet 2', 'seeded bet 3']);
    expect(rows.at(-1)![1]).toBe('seeded bet 20000');
    // A third lost: negative profits written as plain numbers.
    expect(rows.filter((r) => r[7] === 'lost').every((r) => /^-\d+\.\d{2}$/.test(r[8]!))).toBe(true);
    // Seeding and reading 20,000 rows on PGlite: room for a loaded machine (no timing is asserted).
  }, 180_000);
});
