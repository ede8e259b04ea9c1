import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/harness.ts';
import { cursorTime } from '../../db/sql.ts';

describe('cursorTime', () => {
  it.each([
    ['2026-11-23 23:20:39.672123+00', '2026-11-23T23:20:39.672123Z'],
    ['2026-11-23 23:20:39.5+00', '2026-11-23T23:20:39.500000Z'],
    ['2026-11-23 23:20:39+00', '2026-11-23T23:20:39.000000Z'],
    ['2026-11-24 01:20:39.000001+02', '2026-11-23T23:20:39.000001Z'],
    ['2026-11-23 05:05:39.25-03:30', '2026-11-23T08:35:39.250000Z'],
    ['2026-01-01 05:44:59.999999+05:45', '2025-12-31T23:59:59.999999Z'],
    ['1890-06-01 00:00:00+00:53:28', '1890-05-31T23:06:32.000000Z'],
  ])('%s is %s', (text, expected) => {
    expect(cursorTime(text)).toBe(expected);
  });

  it.each(['2026-11-23T23:20:39Z', '11/23/2026 23:20:39 UTC', '2026-11-23 23:20:39', ''])(
    'refuses %j, which is not PostgreSQL’s ISO output',
    (text) => {
      expect(() => cursorTime(text)).toThrow('unexpected timestamp from the database');
    },
  );
});

describeEachDatabase('cursorTime against PostgreSQL', (env) => {
  // The session's TimeZone changes how PostgreSQL prints a timestamptz, never the instant.
  it.each(['UTC', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'])(
    'reads the instant to the microsecond whatever the session time zone (%s)',
    async (zone) => {
      const rows = await env().db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local time zone '${zone}'`));
        const result = await tx.execute(sql`
          select t::text as printed,
                 to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as utc
          from unnest(array[
            timestamptz '2026-11-23 23:20:39.672123Z',
            timestamptz '2026-03-29 01:00:00Z',
            timestamptz '2026-06-30 12:00:00.000001Z',
            timestamptz '2026-01-01 00:00:00Z'
          ]) t`);
        return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
          printed: string;
          utc: string;
        }[];
      });
      expect(rows).toHaveLength(4);
      for (const row of rows) expect(cursorTime(row.printed)).toBe(row.utc);
    },
  );
});
