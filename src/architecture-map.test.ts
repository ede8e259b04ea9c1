/**
 * docs/ARCHITECTURE.md's map names every folder of src to three levels, and nothing that is gone:
 * a line per folder (`src/… description`), the domain folders of a line in its brackets
 * (`[admin auth …]`). A folder added, moved or removed without the map fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const DEPTH = 3;

/** Every folder below src, down to `depth` levels, as 'src/…' paths. */
function foldersUnder(dir: string, depth: number): string[] {
  if (depth === 0) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = `${dir}/${entry.name}`;
      return [folder, ...foldersUnder(folder, depth - 1)];
    });
}

/** The map's folders: each line's path, and `path/name` for each name in its brackets. */
function mappedFolders(architecture: string): string[] {
  const block = /<!-- map -->\s*```\n([\s\S]*?)```\s*<!-- \/map -->/.exec(architecture);
  if (!block) throw new Error('docs/ARCHITECTURE.md has no map between <!-- map --> and <!-- /map -->');
  return block[1]!
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      const folder = line.split(/\s+/)[0]!;
      const domains = /\[([^\]]+)\]\s*$/.exec(line)?.[1]?.split(/\s+/) ?? [];
      return [folder, ...domains.map((name) => `${folder}/${name}`)];
    });
}

describe('the architecture map', () => {
  const mapped = mappedFolders(readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8'));
  const actual = foldersUnder('src', DEPTH);

  it('names every folder of src to three levels', () => {
    expect(actual.filter((folder) => !mapped.includes(folder))).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    const existing = new Set(foldersUnder('src', DEPTH + 1));
    expect(mapped.filter((folder) => !existing.has(folder))).toEqual([]);
  });

  it('reads a line and its brackets', () => {
    const doc = '<!-- map -->\n\n```\nsrc/a   what a is\nsrc/b   domains: [x y]\n```\n<!-- /map -->';
    expect(mappedFolders(doc)).toEqual(['src/a', 'src/b', 'src/b/x', 'src/b/y']);
  });
});
