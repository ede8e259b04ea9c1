/**
 * The import boundaries in eslint.config.js catch what they are meant to: each file under
 * tests/lint-fixtures/ makes one deliberately wrong import (or a right one, expecting nothing) and
 * names the rule it breaks on its first line. Linted with the project's own config.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixtures = path.join(root, 'tests/lint-fixtures');

// The project's config; `ignore: false` because that config ignores the fixtures folder.
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js'), ignore: false });

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** The rule ids named on the fixture's first line (`// expect: a, b` or `// expect: none`). */
function expectedRules(text: string): string[] {
  const match = /^\/\/ expect: (.+)$/m.exec(text.split('\n')[0] ?? '');
  if (!match) throw new Error('a lint fixture starts with `// expect: rule-id, …` or `// expect: none`');
  return match[1] === 'none' ? [] : match[1]!.split(',').map((rule) => rule.trim());
}

const ruleIds = (results: ESLint.LintResult[]) =>
  [...new Set(results.flatMap((result) => result.messages.map((message) => message.ruleId ?? message.message)))].sort();

describe('import boundaries (eslint.config.js)', { timeout: 120_000 }, () => {
  // Linted as though it stood at the same path in the real tree, so the config's per-directory rules apply.
  for (const file of filesUnder(path.join(fixtures, 'src'))) {
    const standsFor = path.relative(fixtures, file);
    it(`${standsFor}: ${expectedRules(readFileSync(file, 'utf8')).join(', ') || 'no error'}`, async () => {
      const text = readFileSync(file, 'utf8');
      const results = await eslint.lintText(text, { filePath: path.join(root, standsFor) });
      expect(ruleIds(results)).toEqual(expectedRules(text));
    });
  }

  it('an import cycle, even through a lazy import()', async () => {
    const files = filesUnder(path.join(fixtures, 'cycle'));
    expect(files).toHaveLength(2);
    for (const result of await eslint.lintFiles(files)) {
      expect(ruleIds([result]), result.filePath).toEqual(expectedRules(readFileSync(result.filePath, 'utf8')));
    }
  });

  it('the real tree has no cycle: record-bet-button loads a dialog that no longer imports it back', async () => {
    const [result] = await eslint.lintFiles([path.join(root, 'src/client/features/bets/record-bet-dialog.tsx')]);
    expect(result?.messages.filter((m) => m.ruleId === 'import-x/no-cycle')).toEqual([]);
  });
});
