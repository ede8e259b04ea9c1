import { PGlite, type Results } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_KEPT, keepNamedStatements } from './pglite-statements.ts';

async function openClient(named: boolean) {
  const client = new PGlite();
  await client.waitReady;
  if (named) keepNamedStatements(client);
  await client.exec(`create table item (id int primary key, label text not null, amount numeric(12, 2),
    at timestamptz, doc jsonb, tags text[], flag boolean)`);
  return client;
}

/** A result without what may differ between two clients and means nothing to a caller. */
const answer = (r: Results<unknown>) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

/** The error a query throws, as the fields a caller reads. */
async function failure(run: Promise<unknown>) {
  const err = (await run.then(
    () => null,
    (e: unknown) => e,
  )) as (Error & { code?: string; constraint?: string; query?: string; params?: unknown[] }) | null;
  return err && { name: err.name, message: err.message, code: err.code, constraint: err.constraint, query: err.query };
}

describe('PGlite queries as named statements (pglite-statements.ts)', () => {
  let plain: PGlite;
  let named: PGlite;
  /** The same query on both clients, in order: the answers and errors must be the same. */
  const both = async (text: string, params?: unknown[]) => {
    const expected = await plain.query(text, params);
    const actual = await named.query(text, params);
    expect(answer(actual)).toEqual(answer(expected));
    return actual;
  };
  const preparedNames = async () =>
    (await named.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  beforeAll(async () => {
    [plain, named] = await Promise.all([openClient(false), openClient(true)]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), named.close()]);
  });

  it('writes and reads every kind of parameter as PGlite does, and counts the rows a write touched', async () => {
    const insert =
      'insert into item (id, label, amount, at, doc, tags, flag) values ($1, $2, $3, $4, $5, $6, $7), ($8, $9, null, null, null, null, null)';
    const params = [
      1,
      'quote " and \\ and é',
      '12.30',
      new Date('2026-11-26T11:12:13.456Z'),
      { a: [1, 2] },
      ['x', 'y z'],
      true,
    ];
    const written = await both(insert, [...params, 2, 'second']);
    expect(written.affectedRows).toBe(2);
    const read = await both('select * from item where id = any($1::int[]) order by id', [[1, 2]]);
    expect(read.rows[0]).toEqual({
      id: 1,
      label: 'quote " and \\ and é',
      amount: '12.30',
      at: new Date('2026-11-26T11:12:13.456Z'),
      doc: { a: [1, 2] },
      tags: ['x', 'y z'],
      flag: true,
    });
    expect((await both('update item set flag = $1 where id > $2', [false, 0])).affectedRows).toBe(2);
    expect((await both('select count(*)::int as n from item where flag = $1', [false])).rows).toEqual([{ n: 2 }]);
    expect((await both('delete from item where id = $1', [2])).affectedRows).toBe(1);
  });

  it('answers in array row mode and with parsers of its own as PGlite does', async () => {
    const options = { rowMode: 'array' as const, parsers: { 23: (value: string) => `int ${value}` } };
    const [expected, actual] = [
      await plain.query('select $1::int as n, $2::text as t', [7, 'x'], options),
      await named.query('select $1::int as n, $2::text as t', [7, 'x'], options),
    ];
    expect(actual.rows).toEqual([['int 7', 'x']]);
    expect(answer(actual)).toEqual(answer(expected));
  });

  it('parses a text once and runs it again under its name', async () => {
    const text = 'select label from item where id = $1';
    for (let i = 0; i < 5; i++)
      expect((await named.query(text, [1])).rows).toEqual([{ label: 'quote " and \\ and é' }]);
    const names = await preparedNames();
    const [count] = (
      await named.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements where statement = $1', [
        text,
      ])
    ).rows;
    expect(count).toEqual({ n: 1 });
    expect(names.every((name) => name.startsWith('betproof_'))).toBe(true);
  });

  it('throws PostgreSQL’s error with the query attached, and the next query runs', async () => {
    const duplicate = 'insert into item (id, label) values ($1, $2)';
    const [expected, actual] = [
      await failure(plain.query(duplicate, [1, 'again'])),
      await failure(named.query(duplicate, [1, 'again'])),
    ];
    expect(actual).toEqual(expected);
    expect(actual).toMatchObject({ code: '23505', constraint: 'item_pkey', query: duplicate });
    const syntax = 'selec 1';
    expect(await failure(named.query(syntax))).toEqual(await failure(plain.query(syntax)));
    expect((await named.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('parses a statement again when its table has changed shape', async () => {
    const text = 'select * from item where id = $1';
    await both(text, [1]);
    await both('alter table item add column note text');
    const after = await both(text, [1]);
    expect(after.fields.map((f) => f.name)).toContain('note');
  });

  it(`keeps the ${STATEMENTS_KEPT} most recently used statements, closing the others`, async () => {
    for (let i = 0; i < STATEMENTS_KEPT + 20; i++) {
      expect((await named.query(`select ${i}::int as n`)).rows).toEqual([{ n: i }]);
    }
    const names = await preparedNames();
    expect(names.length).toBeLessThanOrEqual(STATEMENTS_KEPT + 1); // + the one being prepared when asked
    const kept = await named.query<{ statement: string }>('select statement from pg_prepared_statements');
    const texts = new Set(kept.rows.map((r) => r.statement));
    expect(texts.has(`select ${STATEMENTS_KEPT + 19}::int as n`)).toBe(true);
    expect(texts.has('select 0::int as n')).toBe(false);
  });

  it('runs concurrent queries and transactions one at a time, each with its own answer', async () => {
    const reads = Array.from({ length: 40 }, (_, i) => named.query<{ n: number }>('select $1::int + 1 as n', [i]));
    const tx = named.transaction(async (t) => {
      await t.query('insert into item (id, label) values ($1, $2)', [50, 'in a transaction']);
      return (await t.query<{ n: number }>('select count(*)::int as n from item where id = $1', [50])).rows[0];
    });
    expect((await Promise.all(reads)).map((r) => r.rows[0]!.n)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await tx).toEqual({ n: 1 });
    expect((await named.query('select label from item where id = $1', [50])).rows).toEqual([
      { label: 'in a transaction' },
    ]);
  });

  it('hands PostgreSQL’s notices to the query’s onNotice, as PGlite does', async () => {
    const create = `create function say(word text) returns int language plpgsql as $$
      begin raise notice 'said %', word; return 1; end $$`;
    await both(create);
    const heard = async (client: PGlite) => {
      const notices: string[] = [];
      await client.query('select say($1)', ['hello'], { onNotice: (notice) => notices.push(notice.message ?? '') });
      return notices;
    };
    expect(await heard(named)).toEqual(['said hello']);
    expect(await heard(named)).toEqual(await heard(plain));
  });

  it('delivers a notification sent by a named statement before the query returns', async () => {
    const heard: string[] = [];
    await named.listen('item_changes', (payload) => heard.push(payload));
    await named.query(`select pg_notify('item_changes', $1)`, ['item 1']);
    expect(heard).toEqual(['item 1']);
  });
});
