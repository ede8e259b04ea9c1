/**
 * No import cycle, type-only imports included (scripts/import-cycles.mjs, run by `npm run lint`):
 * it finds the fixtures' cycles, value and type-only, and none in the project's own modules.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain-JavaScript script without type declarations.
import { findCycles, sourceFiles } from '../scripts/import-cycles.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = (dir: string) => [path.join(root, dir, 'a.ts'), path.join(root, dir, 'b.ts')];
const cycles = (files: string[]) => (findCycles(files) as string[][]).map((g) => g.map((f) => path.relative(root, f)));

describe('import cycles', () => {
  it('finds a cycle of value imports and one of type-only imports', () => {
    expect(cycles(fixture('tests/lint-fixtures/cycle'))).toEqual([
      ['tests/lint-fixtures/cycle/a.ts', 'tests/lint-fixtures/cycle/b.ts'],
    ]);
    expect(cycles(fixture('tests/lint-fixtures/type-cycle'))).toEqual([
      ['tests/lint-fixtures/type-cycle/a.ts', 'tests/lint-fixtures/type-cycle/b.ts'],
    ]);
  });

  it('finds none among the project’s modules', () => {
    const files = sourceFiles(['src', 'tests', 'bench'].map((d) => path.join(root, d))) as string[];
    expect(files.length).toBeGreaterThan(300);
    expect(cycles(files)).toEqual([]);
  });
});
