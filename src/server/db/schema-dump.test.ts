/**
 * The committed schema dump (src/server/db/schema.sql) is what the migrations and the database
 * functions make of an empty database today: a change to either without `npm run db:schema`
 * fails here. Needs PostgreSQL and its pg_dump, so runs when TEST_DATABASE_URL is set (as CI does).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dumpMigratedSchema, normalizeDump, schemaDumpPath } from './schema-dump.ts';

describe('normalizeDump', () => {
  it("keeps the schema's statements, and leaves out pg_dump's comments, settings, restrict keys and function bodies", () => {
    const dump = [
      '--',
      '-- PostgreSQL database dump',
      '--',
      '\\restrict AbC123',
      'SET statement_timeout = 0;',
      "SELECT pg_catalog.set_config('search_path', '', false);",
      '',
      '',
      '',
      'CREATE FUNCTION public.bet_decided(status text, value numeric) RETURNS numeric',
      '    LANGUAGE sql IMMUTABLE PARALLEL SAFE',
      '    AS $$',
      "  SELECT CASE WHEN status IN ('won', 'lost') THEN value END",
      '$$;',
      '',
      'CREATE TABLE public.t (',
      '    id integer NOT NULL',
      ');',
      '\\unrestrict AbC123',
      '',
    ].join('\n');
    expect(normalizeDump(dump).split('\n').slice(3)).toEqual([
      'CREATE FUNCTION public.bet_decided(status text, value numeric) RETURNS numeric',
      '    LANGUAGE sql IMMUTABLE PARALLEL SAFE',
      '    AS $$ src/server/db/functions/bet_decided.sql $$;',
      '',
      'CREATE TABLE public.t (',
      '    id integer NOT NULL',
      ');',
      '',
    ]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the committed schema dump (skipped without TEST_DATABASE_URL)', () => {
  it('equals the dump of a database migrated now (npm run db:schema writes it)', { timeout: 180_000 }, async () => {
    const dump = await dumpMigratedSchema(process.env.TEST_DATABASE_URL!);
    expect(dump).toContain('CREATE TABLE public.bets (');
    expect(dump).toContain('CREATE TRIGGER bets_ledger_append AFTER INSERT OR DELETE ON public.bets');
    expect(readFileSync(schemaDumpPath, 'utf8')).toBe(dump);
  });
});
