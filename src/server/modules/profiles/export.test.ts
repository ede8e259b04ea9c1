import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { queryRows } from '../../db/sql.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { betPageSchema, type Bet } from '../../../shared/bet-schemas.ts';
import { parseCsv } from '../../../shared/csv-read.ts';
import { CSV_COLUMNS } from './export.ts';
import { insertBets, seedBets, usernameOf } from './test-helpers.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

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

/** Saves the settings with `unitSize` (a public profile, no social links). */
async function setUnitSize(env: TestEnv, cookie: string, unitSize: string) {
  const save = await env.request('/api/profile/settings', {
    cookie,
    method: 'PUT',
    body: { profilePublic: true, social: { twitter: '', instagram: '', youtube: '', website: '' }, unitSize },
  });
  expect(save.status).toBe(200);
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
        // No unit size set when recorded: the unit columns are empty (and unit_size, last).
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

  it('writes stakes and profit in units of the unit size kept with each bet, and a void bet as void with 0.00', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    const setUnit = (unitSize: string) => setUnitSize(env(), cookie, unitSize);
    const exported = async () =>
      parseCsv(await (await env().request('/api/profile/export.csv', { cookie })).text()).slice(1);
    await setUnit('20');
    await insertBets(env(), userId, [
      { description: 'won', status: 'won', amount: '25.00', decimalOdds: '2.1' },
      { description: 'lost', status: 'lost', amount: '10.00' },
      { description: 'void', status: 'void', amount: '30.00' },
      { description: 'pending', amount: '7.50' },
    ]);
    const pick = (row: string[]) => [row[1], row[5], row[7], row[8], row[12], row[13], row.at(-1)];
    const at20 = [
      // $25 won at 2.1: +$27.50 → 1.25u staked, +1.38u (1.375 rounded half away from zero).
      ['won', '25.00', 'won', '27.50', '1.25', '1.38', '20.00'],
      ['lost', '10.00', 'lost', '-10.00', '0.50', '-0.50', '20.00'],
      ['void', '30.00', 'void', '0.00', '1.50', '0.00', '20.00'],
      ['pending', '7.50', 'pending', '', '0.38', '', '20.00'],
    ];
    expect((await exported()).map(pick).sort()).toEqual([...at20].sort());
    // A new unit size restates none of them; a bet recorded after it is in the new one.
    await setUnit('10');
    await insertBets(env(), userId, [{ description: 'at 10', status: 'won', amount: '25.00', decimalOdds: '2.1' }]);
    expect((await exported()).map(pick).sort()).toEqual(
      [...at20, ['at 10', '25.00', 'won', '27.50', '2.50', '2.75', '10.00']].sort(),
    );
    // None set: the bets recorded before keep theirs; one recorded now has no units.
    await setUnit('');
    await insertBets(env(), userId, [{ description: 'none', amount: '25.00' }]);
    const rows = await exported();
    expect(rows.map(pick).sort()).toEqual(
      [
        ...at20,
        ['at 10', '25.00', 'won', '27.50', '2.50', '2.75', '10.00'],
        ['none', '25.00', 'pending', '', '', '', ''],
      ].sort(),
    );
  });

  it('keeps the unit size a bet was recorded at, in its API answers and its export row, whatever the setting says later', async () => {
    const { userId, cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(env(), userId);
    const setUnit = (unitSize: string) => setUnitSize(env(), cookie, unitSize);
    const eventDate = new Date(env().clock.now().getTime() + 8 * HOUR_MS).toISOString();
    const record = async (body: Record<string, unknown>) => {
      const res = await env().request('/api/bets', { cookie, body });
      expect(res.status, await res.clone().text()).toBe(201);
      return (await res.json()) as Bet;
    };
    await setUnit('10');
    const single = await record({ description: 'At ten', amount: '25', odds: '2.5', sport: 'soccer', eventDate });
    const legs = [
      { description: 'Chiefs ML', sport: 'football', odds: '2', eventDate },
      { description: 'Lakers ML', sport: 'basketball', odds: '2', eventDate },
    ];
    const parlay = await record({ amount: '15', legs });
    expect([single.unitSize, parlay.unitSize]).toEqual(['10.00', '10.00']);
    await setUnit('25');
    const later = await record({
      description: 'At twenty-five',
      amount: '25',
      odds: '2.5',
      sport: 'soccer',
      eventDate,
    });
    expect(later.unitSize).toBe('25.00');

    // The database keeps it: the setting's change wrote nothing to the bets.
    const kept = await queryRows<{ description: string; unit_size: string }>(
      env().db,
      sql`select description, unit_size::text from bets where user_id = ${userId} order by created_at`,
    );
    expect(kept.map((r) => [r.description, r.unit_size])).toEqual([
      ['At ten', '10.00'],
      [parlay.description, '10.00'],
      ['At twenty-five', '25.00'],
    ]);

    // The owner's page and the public profile's page say the same, and a settlement's answer too.
    const unitSizes = (page: { bets: Bet[] }) => page.bets.map((b) => [b.description, b.unitSize]);
    const expected = [
      ['At twenty-five', '25.00'],
      [parlay.description, '10.00'],
      ['At ten', '10.00'],
    ];
    const own = betPageSchema.parse(await (await env().request('/api/bets', { cookie })).json());
    expect(unitSizes(own)).toEqual(expected);
    const profilePage = await env().request(`/api/profiles/${username}/bets`);
    expect(profilePage.status).toBe(200);
    expect(unitSizes(betPageSchema.parse(await profilePage.json()))).toEqual(expected);
    env().clock.advance(9 * HOUR_MS);
    const settled = await env().request(`/api/bets/${single.id}`, { cookie, method: 'PATCH', body: { status: 'won' } });
    expect(settled.status).toBe(200);
    expect(((await settled.json()) as Bet).unitSize).toBe('10.00');

    // The export: $25 staked at a $10 unit is 2.5u, +$37.50 is +3.75u; at $25, 1u.
    const rows = parseCsv(await (await env().request('/api/profile/export.csv', { cookie })).text()).slice(1);
    expect(rows.map((r) => [r[1], r[12], r[13], r.at(-1)])).toEqual([
      ['At twenty-five', '1.00', '', '25.00'],
      [parlay.description, '1.50', '', '10.00'],
      ['At ten', '2.50', '3.75', '10.00'],
    ]);
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
