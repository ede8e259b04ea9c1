/**
 * The migrations folder as Drizzle's migrator reads it: every file has its journal entry and every
 * entry its file, numbered in order, and each entry's `when` after the one before (the migrator
 * applies a migration only when its `when` is later than the newest applied: one out of order would
 * be skipped on every database that has the one before). Migrations are hand-written SQL, created
 * by `npm run db:migration -- <name>` (scripts/new-migration.mjs, docs/decisions/017); none creates
 * a function or trigger (docs/decisions/016).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readFunctionFiles } from './functions.ts';

const folder = fileURLToPath(new URL('./migrations', import.meta.url));
const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
  entries: { idx: number; when: number; tag: string; breakpoints: boolean }[];
};
const ours = readFunctionFiles().map((f) => f.name);
const files = readdirSync(folder)
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('the migrations folder', () => {
  it('has one journal entry per file, numbered in order, each later than the one before', () => {
    expect(journal.entries.map((e) => `${e.tag}.sql`)).toEqual(files);
    journal.entries.forEach((entry, i) => {
      expect(entry.idx, entry.tag).toBe(i);
      expect(entry.tag.slice(0, 4), entry.tag).toBe(String(i).padStart(4, '0'));
      expect(entry.breakpoints, entry.tag).toBe(true);
      if (i > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[i - 1]!.when);
    });
  });

  it('creates no function or trigger and calls none of ours (they are db/functions/ files)', () => {
    for (const file of files) {
      const code = readFileSync(`${folder}/${file}`, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*--/.test(line))
        .join('\n');
      expect(code, file).not.toMatch(/\bCREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|TRIGGER|PROCEDURE)\b/i);
      for (const name of ours) expect(code, file).not.toMatch(new RegExp(`\\b${name}\\s*\\(`, 'i'));
    }
  });
});
