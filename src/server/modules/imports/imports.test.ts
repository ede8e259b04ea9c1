/**
 * Importing a history (docs/decisions/009): POST /api/bets/import on both databases. All or nothing
 * per file, duplicates reported and never stored twice, the 10,000-row limit, and proof by direct
 * SQL that an import leaves every public table (the record, its summaries, the ledger, the
 * community summaries) exactly as it was.
 */
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { rowsOf, snapshotTables } from '../../test/db-snapshot.ts';
import { API_BODY_LIMIT_BYTES } from '../../edge/http.ts';
import { setPublic } from '../community/helpers.test-support.ts';
import { INVALID_ODDS_MESSAGE, STAKE_MESSAGES } from '../../../shared/bets.ts';
import type { Bet, BetStats } from '../../../shared/bet-schemas.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, IMPORT_MESSAGES } from '../../../shared/import-history.ts';
import {
  IMPORT_CONTENT_TYPE_MESSAGE,
  type ImportPreview,
  type ImportResult,
  type ImportedBetPage,
} from '../../../shared/imports.ts';
import { DAY_MS, HOUR_MS } from '../../../shared/time-units.ts';
import { computeStats } from '../../../shared/stats.ts';
import { bets } from '../../db/schema/index.ts';
import { recordBet, settleBet } from '../bets/bet-writes.ts';

const HEADER = 'date,description,sport,stake,odds,result\r\n';

const upload = (env: TestEnv, cookie: string, csv: string | Uint8Array<ArrayBuffer>, query = '') =>
  env.request(`/api/bets/import${query}`, {
    method: 'POST',
    cookie,
    rawBody: csv,
    headers: { 'content-type': 'text/csv; charset=utf-8' },
  });

const countImported = async (env: TestEnv, userId: string) =>
  rowsOf<{ n: number }>(
    await env.db.execute(sql`select count(*)::int as n from imported_bets where user_id = ${userId}`),
  )[0]!.n;

/** `n` distinct valid rows: won and lost in turn, $10 at 2.50, one an hour from 2024-01-01. */
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + (from + i) * HOUR_MS).toISOString();
    return `${day},Bet ${from + i},soccer,10,2.50,${(from + i) % 2 === 0 ? 'won' : 'lost'}\r\n`;
  }).join('');

describeEachDatabase('importing a history', (env) => {
  // The first request of the file warms the app up: slow on a loaded machine.
  it('previews every row (ok, duplicate, error) and stores nothing', { timeout: 60_000 }, async () => {
    const { cookie } = await signUpAndSignIn(env());
    const csv =
      HEADER +
      '2024-03-01,"Chiefs -3, first half",football,110,-110,won\r\n' +
      '2024-03-02,Lakers ML,basketball,-5,+150,lost\r\n' +
      '2024-03-01,"Chiefs -3, first half",football,110.00,-110,Won\r\n' +
      '2024-03-03,Bad odds,soccer,10,1/0,lost\r\n';
    const before = await snapshotTables(env());
    const res = await upload(env(), cookie, csv, '?dryRun=true');
    expect(res.status).toBe(200);
    const preview = (await res.json()) as ImportPreview;
    expect(preview).toEqual({
      format: 'generic',
      rows: [
        {
          row: 2,
          status: 'ok',
          bet: {
            eventDate: '2024-03-01T00:00:00.000Z',
            description: 'Chiefs -3, first half',
            sport: 'football',
            amount: '110.00',
            odds: '-110',
            decimalOdds: '1.909091',
            status: 'won',
            profitLoss: '100.00',
          },
        },
        { row: 3, status: 'error', message: `Row 3: ${STAKE_MESSAGES.tooSmall}` },
        { row: 4, status: 'duplicate', message: 'Row 4: Duplicate of row 2: imported once' },
        { row: 5, status: 'error', message: `Row 5: ${INVALID_ODDS_MESSAGE}` },
      ],
    });
    expect(await snapshotTables(env())).toEqual(before);
  });

  it('refuses a file with a bad row whole (400, every bad row named), storing nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const csv = HEADER + rows(5) + '2024-02-30,Bad date,soccer,10,2.0,won\r\n' + rows(1, 10) + ',,,,,\r\nx,y\r\n';
    const before = await snapshotTables(env());
    const res = await upload(env(), cookie, csv);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Nothing was imported: 2 rows have errors',
      rows: [
        { row: 7, message: `Row 7: ${IMPORT_MESSAGES.date}` },
        { row: 10, message: 'Row 10: Expected 6 columns, found 2' },
      ],
    });
    expect(await countImported(env(), userId)).toBe(0);
    expect(await snapshotTables(env())).toEqual(before);
  });

  it('stores a file once: repeats within it and a second import are reported, not stored', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const csv = HEADER + rows(3) + rows(1, 1);
    const first = await upload(env(), cookie, csv);
    expect(first.status).toBe(200);
    const result = (await first.json()) as ImportResult;
    expect(result).toEqual({
      importId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      imported: 3,
      duplicates: [{ row: 5, message: 'Row 5: Duplicate of row 3: imported once' }],
    });
    expect(await countImported(env(), userId)).toBe(3);

    const again = await upload(env(), cookie, csv + rows(1, 3));
    expect(await again.json()).toEqual({
      importId: expect.any(String),
      imported: 1,
      duplicates: [
        { row: 2, message: 'Row 2: Already imported' },
        { row: 3, message: 'Row 3: Already imported' },
        { row: 4, message: 'Row 4: Already imported' },
        { row: 5, message: 'Row 5: Duplicate of row 3: imported once' },
      ],
    });
    expect(await countImported(env(), userId)).toBe(4);
    // The preview says so too.
    const preview = (await (await upload(env(), cookie, csv, '?dryRun=true')).json()) as ImportPreview;
    expect(preview.rows.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
  });

  it('refuses 10,001 rows and imports 10,000', { timeout: 120_000 }, async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const tooMany = await upload(env(), cookie, HEADER + rows(IMPORT_MAX_ROWS + 1));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toEqual({ error: IMPORT_MESSAGES.tooManyRows });
    expect(await countImported(env(), userId)).toBe(0);

    const ok = await upload(env(), cookie, HEADER + rows(IMPORT_MAX_ROWS));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as ImportResult).imported).toBe(IMPORT_MAX_ROWS);
    expect(await countImported(env(), userId)).toBe(IMPORT_MAX_ROWS);
  });

  it('leaves the public record, its summaries, the ledger and the community summaries untouched', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    await setPublic(env(), userId, true);
    const { username } = (await (await env().request('/api/profile', { cookie })).json()) as { username: string };
    const recorded = await env().request('/api/bets', {
      cookie,
      body: {
        description: 'Recorded on time',
        amount: '20',
        odds: '2.00',
        sport: 'tennis',
        eventDate: new Date(env().clock.now().getTime() + 7 * HOUR_MS).toISOString(),
      },
    });
    const bet = (await recorded.json()) as Bet;
    env().clock.advance(8 * HOUR_MS);
    expect(
      (await env().request(`/api/bets/${bet.id}`, { cookie, method: 'PATCH', body: { status: 'lost' } })).status,
    ).toBe(200);

    const publicAnswers = async () =>
      Promise.all(
        [`/api/profiles/${username}`, `/api/profiles/${username}/bets`, `/api/profiles/${username}/ledger.ndjson`].map(
          async (path) => {
            const res = await env().request(path);
            expect(res.status, path).toBe(200);
            return res.text();
          },
        ),
      );
    const ownAnswers = async () =>
      Promise.all(['/api/bets', '/api/bets/stats'].map(async (path) => (await env().request(path, { cookie })).text()));
    const ledgerRows = () =>
      env().db.execute(sql`select seq, hash, body from bet_ledger where user_id = ${userId} order by seq`);
    const summaries = () => env().db.execute(sql`select * from user_bet_stats where user_id = ${userId}`);

    const before = {
      tables: await snapshotTables(env()),
      pub: await publicAnswers(),
      own: await ownAnswers(),
      ledger: rowsOf(await ledgerRows()),
      stats: rowsOf(await summaries()),
    };
    const res = await upload(env(), cookie, HEADER + rows(50));
    expect(res.status).toBe(200);
    const { imported_bets: importedTable, ...tablesAfter } = await snapshotTables(env());
    const { imported_bets: importedBefore, ...tablesBefore } = before.tables;
    expect(importedTable).not.toEqual(importedBefore);
    expect(tablesAfter).toEqual(tablesBefore);
    expect(await publicAnswers()).toEqual(before.pub);
    expect(await ownAnswers()).toEqual(before.own);
    expect(rowsOf(await ledgerRows())).toEqual(before.ledger);
    expect(rowsOf(await summaries())).toEqual(before.stats);
  });

  it('lists imported bets, marked, newest event first; the stats add them only when asked', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const csv =
      HEADER +
      '2024-03-01,Old win,soccer,10,3.00,won\r\n' +
      '2024-03-03,Newer loss,soccer,10,2.00,lost\r\n' +
      '2024-03-02,Middle void,soccer,10,2.00,void\r\n';
    expect((await upload(env(), cookie, csv)).status).toBe(200);

    const first = (await (await env().request('/api/bets/imported?limit=2', { cookie })).json()) as ImportedBetPage;
    expect(first.bets.map((b) => [b.description, b.imported, b.status, b.profitLoss])).toEqual([
      ['Newer loss', true, 'lost', '-10.00'],
      ['Middle void', true, 'void', '0.00'],
    ]);
    const next = (await (
      await env().request(`/api/bets/imported?limit=2&cursor=${first.nextCursor}`, { cookie })
    ).json()) as ImportedBetPage;
    expect(next).toMatchObject({ bets: [{ description: 'Old win', amount: '10.00', odds: '3.00' }], nextCursor: null });

    const plain = (await (await env().request('/api/bets/stats', { cookie })).json()) as BetStats;
    expect(plain).toMatchObject({ totalBets: 0, won: 0, totalProfit: '0.00' });
    const withImported = (await (
      await env().request('/api/bets/stats?includeImported=true', { cookie })
    ).json()) as BetStats;
    expect(withImported).toMatchObject({
      totalBets: 3,
      won: 1,
      lost: 1,
      voided: 1,
      winRate: 50,
      totalStaked: '30.00',
      settledStaked: '20.00',
      totalProfit: '10.00',
      roi: 50,
      // In event order: won (+20), then lost (-10): a drawdown of 10 from the peak.
      maxDrawdown: '10.00',
      longestWinningRun: 1,
      longestLosingRun: 1,
      averageOdds: '2.50',
    });
  });

  it('with imported history, runs and drawdown follow the order of the games, never the order of settling', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    // The record: four $10 bets at 2.50, games on 1–4 May 2024, won, won, lost, lost in that order;
    // the losers are settled first (10 and 11 May), the winners after (12 and 13 May).
    const recorded: string[] = [];
    for (const day of [1, 2, 3, 4]) {
      const eventDate = new Date(Date.UTC(2024, 4, day, 18));
      const input = {
        description: `Game ${day}`,
        amount: '10',
        odds: '2.5',
        sport: 'tennis' as const,
        eventDate: eventDate.toISOString(),
      };
      const result = await recordBet(env().db, userId, input, new Date(eventDate.getTime() - DAY_MS));
      if (!result.ok) throw new Error(result.reason);
      recorded.push(result.bet.id);
    }
    const settle = async (index: number, status: 'won' | 'lost', day: number) =>
      expect((await settleBet(env().db, userId, recorded[index]!, status, new Date(Date.UTC(2024, 4, day)))).ok).toBe(
        true,
      );
    await settle(2, 'lost', 10);
    await settle(3, 'lost', 11);
    await settle(0, 'won', 12);
    await settle(1, 'won', 13);
    // The imported history around it: a win before, a win between the record's second and third
    // games, a loss after its last.
    const csv =
      HEADER +
      '2024-04-30,Before,soccer,10,2.50,won\r\n' +
      '2024-05-02T21:00:00Z,Between,soccer,10,2.50,won\r\n' +
      '2024-05-05,After,soccer,10,2.50,lost\r\n';
    expect((await upload(env(), cookie, csv)).status).toBe(200);

    // In the order of the games: won ×4 (+60), then lost ×3 (to +30).
    const expected = { longestWinningRun: 4, longestLosingRun: 3, maxDrawdown: '30.00' };
    const withImported = (await (
      await env().request('/api/bets/stats?includeImported=true', { cookie })
    ).json()) as BetStats;
    expect(withImported).toMatchObject({ ...expected, totalBets: 7, won: 4, lost: 3, totalProfit: '30.00' });
    // The shared recount over the same bets agrees.
    const record = await env().db.select().from(bets).where(eq(bets.userId, userId));
    const imported = rowsOf<{
      id: string;
      status: 'won' | 'lost';
      amount: string;
      profitLoss: string;
      decimalOdds: string;
      eventDate: string;
    }>(
      await env().db.execute(sql`select id, status, amount::text, profit_loss::text as "profitLoss",
        decimal_odds::text as "decimalOdds", event_date::text as "eventDate" from imported_bets where user_id = ${userId}`),
    );
    const oracle = computeStats([...record, ...imported]);
    expect(oracle).toMatchObject(expected);
    // And the database function itself (direct SQL).
    const [runs] = rowsOf<{ longest_win: number; longest_loss: number; max_drawdown: string }>(
      await env().db.execute(
        sql`select longest_win, longest_loss, max_drawdown::text from runs_with_imported(${userId})`,
      ),
    );
    expect(runs).toEqual({ longest_win: 4, longest_loss: 3, max_drawdown: '30.00' });
  });

  it('has its own size limit instead of the 64 KB one: 16 MB, one byte over is a 413 storing nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    // Over the API's 64 KB: taken.
    const file = HEADER + rows(1500);
    expect(Buffer.byteLength(file)).toBeGreaterThan(API_BODY_LIMIT_BYTES);
    expect((await upload(env(), cookie, file)).status).toBe(200);
    // Rows within every bound of a row (under 10,000 of them), past 16 MB in all.
    const long = `2024-01-01,${'d'.repeat(1000)},soccer,10,${'9'.repeat(700)},won\r\n`;
    const over = await upload(env(), cookie, HEADER + long.repeat(Math.ceil(IMPORT_MAX_BYTES / long.length)));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ error: IMPORT_MESSAGES.tooLarge });
    expect(await countImported(env(), userId)).toBe(1500);
  });

  it('answers 415 to another content type, 400 to bytes that are not UTF-8 or no header, 401 signed out', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const json = await env().request('/api/bets/import', { cookie, body: { rows: [] } });
    expect(json.status).toBe(415);
    expect(await json.json()).toEqual({ error: IMPORT_CONTENT_TYPE_MESSAGE });
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode(HEADER + '2024-03-01,Caf'),
      0xe9,
      ...new TextEncoder().encode(',soccer,10,2,won\r\n'),
    ]);
    const bad = await upload(env(), cookie, latin1);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: IMPORT_MESSAGES.notUtf8 });
    const noHeader = await upload(env(), cookie, rows(2));
    expect(await noHeader.json()).toEqual({ error: IMPORT_MESSAGES.noHeader });
    expect((await upload(env(), '', HEADER + rows(1))).status).toBe(401);
  });

  it('holds the imported-history rules in the database (direct SQL)', async () => {
    const { userId } = await signUpAndSignIn(env());
    const hash = 'a'.repeat(64);
    const insert = (patch: Partial<Record<string, string | null>>) => {
      const v = {
        row_hash: hash,
        description: 'X',
        sport: 'soccer',
        amount: '10.00',
        odds: '2.0',
        decimal_odds: '2.000000',
        status: 'won',
        profit_loss: '10.00',
        ...patch,
      };
      return sql`insert into imported_bets (user_id, import_id, row_hash, description, sport, amount, odds, decimal_odds, event_date, status, profit_loss)
        values (${userId}, gen_random_uuid(), ${v.row_hash}, ${v.description}, ${v.sport}, ${v.amount}, ${v.odds}, ${v.decimal_odds}, '2024-03-01T00:00:00Z', ${v.status}, ${v.profit_loss})`;
    };
    const cases: [Partial<Record<string, string | null>>, string][] = [
      [{ row_hash: 'not-a-hash' }, 'imported_bets_row_hash_format'],
      [{ description: '' }, 'imported_bets_description_length'],
      [{ sport: 'curling' }, 'imported_bets_sport'],
      [{ amount: '0.00', status: 'void', profit_loss: '0' }, 'imported_bets_amount_range'],
      [{ amount: '-5.00', status: 'void', profit_loss: '0' }, 'imported_bets_amount_range'],
      [{ decimal_odds: '1.000000' }, 'imported_bets_decimal_odds_range'],
      [{ status: 'maybe' }, 'imported_bets_status'],
      [{ status: 'won', profit_loss: '-1.00' }, 'imported_bets_status_profit'],
      [{ status: 'lost', profit_loss: '-9.00' }, 'imported_bets_status_profit'],
      [{ status: 'void', profit_loss: '1.00' }, 'imported_bets_status_profit'],
      [{ status: 'pending', profit_loss: '0.00' }, 'imported_bets_status_profit'],
    ];
    const names = [...new Set(cases.map(([, name]) => name))];
    for (const [patch, name] of cases)
      expect(await refusingConstraint(env(), insert(patch), '23514', names), JSON.stringify(patch)).toBe(name);
    expect(await countImported(env(), userId)).toBe(0);
    await env().db.execute(insert({}));
    expect(await refusingConstraint(env(), insert({}), '23505', ['imported_bets_user_row_hash_unique'])).toBe(
      'imported_bets_user_row_hash_unique',
    );
    expect(await countImported(env(), userId)).toBe(1);
  });
});

describeEachDatabase(
  'importing a history: the write quota',
  (env) => {
    it('counts a whole import, of any size, as one write', async () => {
      const { cookie } = await signUpAndSignIn(env());
      expect((await upload(env(), cookie, HEADER + rows(200))).status).toBe(200);
      expect((await upload(env(), cookie, HEADER + rows(5, 300), '?dryRun=true')).status).toBe(200);
      const refused = await upload(env(), cookie, HEADER + rows(5, 300));
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^You're importing bets too fast\. Try again in/,
      );
    });
  },
  { WRITE_QUOTA_PER_MINUTE: '2' },
);
