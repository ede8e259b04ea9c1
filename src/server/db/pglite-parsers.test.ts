import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { bigint, date, interval, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, adoptDrizzleTextParsers } from './pglite-parsers.ts';

const sample = pgTable('sample', {
  label: text('label').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  local: timestamp('local').notNull(),
  day: date('day').notNull(),
  span: interval('span').notNull(),
  amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
  big: bigint('big', { mode: 'number' }).notNull(),
});

/** Every type of Drizzle's text set, plain and as arrays, and a few PGlite parses itself. */
const everyType = sql`
  select timestamptz '2026-11-26 11:12:13.456789+00' as at, timestamp '2026-11-26 11:12:13' as local,
         date '2026-11-26' as day, interval '1 day 02:03:04' as span,
         array[timestamptz '2026-01-01 00:00:00+00', null] as ats, array[timestamp '2026-01-01 00:00'] as locals,
         array[date '2026-01-01'] as days, array[interval '5 minutes'] as spans,
         array[1.50::numeric, 2.25::numeric] as amounts, 12.30::numeric(12, 2) as amount,
         42::int as n, 9007199254740993::bigint as big, true as flag, '{"a":[1,2]}'::jsonb as doc,
         array[1, 2]::int[] as ints, array['x', null]::text[] as texts, null::timestamptz as missing`;

async function openClient(adopt: boolean) {
  const client = new PGlite();
  await client.waitReady;
  if (adopt) adoptDrizzleTextParsers(client);
  const db = drizzle(client);
  await db.execute(sql`create table sample (label text not null, at timestamptz not null, local timestamp not null,
    day date not null, span interval not null, amount numeric(12, 2) not null, big bigint not null)`);
  await db.insert(sample).values({
    label: 'one',
    at: new Date('2026-11-26T11:12:13.456Z'),
    local: new Date('2026-11-26T11:12:13Z'),
    day: '2026-11-26',
    span: '1 day',
    amount: '12.30',
    big: 7,
  });
  return { client, db };
}

describe('PGlite with Drizzle’s text parsers adopted once (pglite-parsers.ts)', () => {
  let plain: Awaited<ReturnType<typeof openClient>>;
  let adopted: Awaited<ReturnType<typeof openClient>>;
  beforeAll(async () => {
    [plain, adopted] = await Promise.all([openClient(false), openClient(true)]);
  });
  afterAll(async () => {
    await Promise.all([plain.client.close(), adopted.client.close()]);
  });

  it('answers a raw query of every type exactly as the untouched client does', async () => {
    const [expected, actual] = await Promise.all([plain.db.execute(everyType), adopted.db.execute(everyType)]);
    expect(actual.rows).toEqual(expected.rows);
    expect(actual.rows[0]).toMatchObject({
      at: '2026-11-26 11:12:13.456789+00',
      ats: '{"2026-01-01 00:00:00+00",NULL}',
    });
  });

  it('answers a typed select, in and out of a transaction, as the untouched client does', async () => {
    const read = (db: typeof plain.db) => db.select().from(sample);
    const inTransaction = (db: typeof plain.db) => db.transaction((tx) => tx.select().from(sample));
    expect(await read(adopted.db)).toEqual(await read(plain.db));
    expect(await inTransaction(adopted.db)).toEqual(await inTransaction(plain.db));
    expect((await read(adopted.db))[0]).toMatchObject({ at: new Date('2026-11-26T11:12:13.456Z'), day: '2026-11-26' });
  });

  it('leaves a query that brings parsers of its own with them', async () => {
    const options = { parsers: { 23: (value: string) => `int ${value}` } };
    const result = await adopted.client.query<{ n: string }>('select 42::int as n', [], options);
    expect(result.rows).toEqual([{ n: 'int 42' }]);
  });

  it('still matches Drizzle’s own set: a query Drizzle makes brings exactly those types', async () => {
    const seen: unknown[] = [];
    const { client } = plain;
    const query = client.query;
    client.query = ((...args: Parameters<typeof query>) => {
      seen.push(Object.keys(args[2]?.parsers ?? {}).map(Number));
      return query.apply(client, args);
    }) as typeof query;
    try {
      await plain.db.execute(sql`select 1`);
    } finally {
      delete (client as { query?: unknown }).query; // the prototype's again
    }
    expect(seen).toEqual([[...DRIZZLE_TEXT_TYPES]]);
  });
});
