/**
 * The import is bounded (docs/SECURITY.md, "Imports"): every row within IMPORT_MAX_ROW_CHARS,
 * IMPORT_MAX_COLUMNS and IMPORT_MAX_FIELD_CHARS, checked as the file streams (the reading stops
 * at the first breach: a body that never ends is answered); an account holds at most
 * IMPORTED_BETS_MAX imported bets (the database too); the rows count against the write quota;
 * and only POST of the import as text/csv is exempt from the API's 64 KB body limit.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf, snapshotTables } from '../../test/db-snapshot.ts';
import { describeEachDatabase, refusingConstraint, signUpAndSignIn, type TestEnv } from '../../test/harness.ts';
import { BODY_TOO_LARGE_MESSAGE } from '../../edge/http.ts';
import {
  IMPORTED_BETS_MAX,
  IMPORT_MAX_COLUMNS,
  IMPORT_MAX_FIELD_CHARS,
  IMPORT_MAX_ROW_CHARS,
  IMPORT_MESSAGES,
} from '../../../shared/import-history.ts';
import type { ImportResult } from '../../../shared/imports.ts';
import { HOUR_MS } from '../../../shared/time-units.ts';

const HEADER = 'date,description,sport,stake,odds,result\r\n';

const upload = (env: TestEnv, cookie: string, csv: string) =>
  env.request('/api/bets/import', {
    method: 'POST',
    cookie,
    rawBody: csv,
    headers: { 'content-type': 'text/csv' },
  });

/** `n` distinct valid rows, one an hour from 2024-01-01. */
const rows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + (from + i) * HOUR_MS).toISOString();
    return `${day},Bet ${from + i},soccer,10,2.50,won\r\n`;
  }).join('');

const countImported = async (env: TestEnv, userId: string) =>
  rowsOf<{ n: number }>(
    await env.db.execute(sql`select count(*)::int as n from imported_bets where user_id = ${userId}`),
  )[0]!.n;

/** `n` imported bets for `userId` straight in the database (distinct row hashes). */
const insertImported = (env: TestEnv, userId: string, n: number, salt = '') =>
  env.db.execute(sql`insert into imported_bets (user_id, import_id, row_hash, description, sport, amount, odds,
      decimal_odds, event_date, status, profit_loss)
    select ${userId}, gen_random_uuid(), encode(sha256(convert_to(${salt} || g::text || ${userId}, 'UTF8')), 'hex'),
      'Seeded', 'soccer', 10, '2.0', 2, '2024-01-01T00:00:00Z', 'won', 10
    from generate_series(1, ${n}) as g`);

describeEachDatabase('importing a history: bounds on a row', (env) => {
  it('refuses, naming the row and the limit, a row too long, with too many fields or a field too long; storing nothing', async () => {
    const { cookie, userId } = await signUpAndSignIn(env());
    const before = await snapshotTables(env());
    const cases: [string, number, string][] = [
      // A row of commas: empty fields, which csv-parse's own record size does not count.
      [HEADER + rows(1) + ','.repeat(1_000_000), 413, IMPORT_MESSAGES.rowTooLong(3)],
      // One quoted field of a million characters.
      [HEADER + `"${'x'.repeat(1_000_000)}"`, 413, IMPORT_MESSAGES.rowTooLong(2)],
      // A quoted field spanning many short lines: bounded by the record's size.
      [
        HEADER + rows(1) + `2024-01-01,"${'x\r\n'.repeat(40_000)}",soccer,10,2,won\r\n`,
        413,
        IMPORT_MESSAGES.rowTooLong(3),
      ],
      [
        HEADER.trimEnd() + ',x'.repeat(IMPORT_MAX_COLUMNS - 5) + '\r\n' + rows(1),
        422,
        IMPORT_MESSAGES.tooManyColumns(1),
      ],
      [
        HEADER + rows(2) + `2024-01-01,${'d'.repeat(IMPORT_MAX_FIELD_CHARS + 1)},soccer,10,2,won\r\n`,
        422,
        IMPORT_MESSAGES.fieldTooLong(4),
      ],
    ];
    for (const [csv, status, error] of cases) {
      const res = await upload(env(), cookie, csv);
      expect(res.status, error).toBe(status);
      expect(await res.json()).toEqual({ error });
    }
    expect(await snapshotTables(env())).toEqual(before);
    expect(await countImported(env(), userId)).toBe(0);
    // At the limits, taken: a field of IMPORT_MAX_FIELD_CHARS is a row error of its own, not a refusal of the file.
    expect(IMPORT_MESSAGES.rowTooLong(2)).toBe(
      `Row 2 is longer than ${IMPORT_MAX_ROW_CHARS.toLocaleString('en-US')} characters`,
    );
    const atLimit = await upload(
      env(),
      cookie,
      HEADER + rows(2) + `2024-01-01,"${'d'.repeat(IMPORT_MAX_FIELD_CHARS)}",soccer,10,2,won\r\n`,
    );
    expect(atLimit.status).toBe(400);
    expect(((await atLimit.json()) as { rows: { row: number }[] }).rows.map((r) => r.row)).toEqual([4]);
  });

  it('stops reading at the first breach: a body that never ends is answered', async () => {
    const { cookie } = await signUpAndSignIn(env());
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(
          new TextEncoder().encode(sent === 64 * 1024 ? HEADER + ','.repeat(64 * 1024) : ','.repeat(64 * 1024)),
        );
      },
    });
    const res = await env().app.request(
      '/api/bets/import',
      {
        method: 'POST',
        body: endless,
        headers: { 'content-type': 'text/csv', cookie, origin: env().config.BASE_URL },
        duplex: 'half',
      } as RequestInit,
      { incoming: { socket: { remoteAddress: '10.200.0.1', remotePort: 1, remoteFamily: 'IPv4' } } },
    );
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: IMPORT_MESSAGES.rowTooLong(2) });
    // Read no further than a chunk or two past the limit (and the stream's own read-ahead).
    expect(sent).toBeLessThan(1024 * 1024);
  });
});

describeEachDatabase('importing a history: the account total', (env) => {
  it(
    `holds at most ${IMPORTED_BETS_MAX.toLocaleString('en-US')} imported bets: a file past it is a 422 storing nothing`,
    { timeout: 180_000 },
    async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      await insertImported(env(), userId, IMPORTED_BETS_MAX - 2);
      const over = await upload(env(), cookie, HEADER + rows(3));
      expect(over.status).toBe(422);
      expect(await over.json()).toEqual({ error: IMPORT_MESSAGES.overTotal(IMPORTED_BETS_MAX - 2, 3) });
      expect(await countImported(env(), userId)).toBe(IMPORTED_BETS_MAX - 2);
      const fits = await upload(env(), cookie, HEADER + rows(2));
      expect(fits.status).toBe(200);
      expect(((await fits.json()) as ImportResult).imported).toBe(2);
      expect(await countImported(env(), userId)).toBe(IMPORTED_BETS_MAX);
    },
  );

  it('the database refuses rows past the total whatever writes them (direct SQL)', { timeout: 180_000 }, async () => {
    const { userId } = await signUpAndSignIn(env());
    await insertImported(env(), userId, IMPORTED_BETS_MAX - 1);
    const past = sql`insert into imported_bets (user_id, import_id, row_hash, description, sport, amount, odds,
        decimal_odds, event_date, status, profit_loss)
      select ${userId}, gen_random_uuid(), encode(sha256(convert_to('past' || g::text, 'UTF8')), 'hex'),
        'Past', 'soccer', 10, '2.0', 2, '2024-01-01T00:00:00Z', 'won', 10
      from generate_series(1, 2) as g`;
    expect(await refusingConstraint(env(), past, '23514', ['imported_bets_total_cap'])).toBe('imported_bets_total_cap');
    expect(await countImported(env(), userId)).toBe(IMPORTED_BETS_MAX - 1);
    // Another account is not counted with this one.
    const other = await signUpAndSignIn(env());
    await insertImported(env(), other.userId, 5);
    expect(await countImported(env(), other.userId)).toBe(5);
  });
});

describeEachDatabase(
  'importing a history: rows count against the write quota',
  (env) => {
    it('counts one write per 1,000 rows begun, and refuses a file worth more than the quota has left, storing nothing', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      // 2,500 rows: 3 writes of the 5 a minute allows.
      expect((await upload(env(), cookie, HEADER + rows(2500))).status).toBe(200);
      // 1,500 more would be 2 more writes: fits exactly, leaving none.
      expect((await upload(env(), cookie, HEADER + rows(1500, 3000))).status).toBe(200);
      const refused = await upload(env(), cookie, HEADER + rows(1, 9000));
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^You're importing bets too fast/);
      expect(await countImported(env(), userId)).toBe(4000);
    });

    it('counts the rows read whatever becomes of the file: a refused file and a preview cost what a stored one does', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      // 2,500 rows, the last one bad: refused whole (400), and 3 writes read.
      const bad = await upload(env(), cookie, HEADER + rows(2499) + '2024-06-01T00:00:00Z,Bad,soccer,ten,2.50,won\r\n');
      expect(bad.status).toBe(400);
      // A preview of 1,500 rows: 2 writes, the last of the minute's 5.
      const preview = await env().request('/api/bets/import?dryRun=true', {
        method: 'POST',
        cookie,
        rawBody: HEADER + rows(1500, 3000),
        headers: { 'content-type': 'text/csv' },
      });
      expect(preview.status).toBe(200);
      const refused = await upload(env(), cookie, HEADER + rows(1, 9000));
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(/^You're importing bets too fast/);
      expect(await countImported(env(), userId)).toBe(0);
    });

    it('a file worth more writes than the minute allows is refused whole', async () => {
      const { cookie, userId } = await signUpAndSignIn(env());
      const refused = await upload(env(), cookie, HEADER + rows(5001));
      expect(refused.status).toBe(429);
      expect(await countImported(env(), userId)).toBe(0);
    });
  },
  { WRITE_QUOTA_PER_MINUTE: '5' },
);

describeEachDatabase('importing a history: the body limit exemption', (env) => {
  const bigJson = JSON.stringify({ description: 'x'.repeat(1024 * 1024) });
  it('keeps the 64 KB limit for every other method and type at the import path', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const before = await snapshotTables(env());
    for (const [method, type] of [
      ['PATCH', 'application/json'],
      ['PUT', 'application/json'],
      ['DELETE', 'application/json'],
      ['POST', 'application/json'],
      ['POST', 'text/plain'],
    ] as const) {
      const res = await env().request('/api/bets/import', {
        method,
        cookie,
        rawBody: bigJson,
        headers: { 'content-type': type },
      });
      expect(res.status, `${method} ${type}`).toBe(413);
      expect(await res.json()).toEqual({ error: BODY_TOO_LARGE_MESSAGE });
    }
    expect(await snapshotTables(env())).toEqual(before);
    // The import itself still takes a file over 64 KB.
    expect((await upload(env(), cookie, HEADER + rows(1500))).status).toBe(200);
  });
});
