// The import cycles among the project's modules, type-only imports included (ESLint's
// import-x/no-cycle leaves those out): `node scripts/import-cycles.mjs` (part of `npm run lint`)
// prints each and exits non-zero when there is one. A type-only cycle still ties two modules
// together: neither can be read, moved or tested without the other. Each module's imports are read
// with TypeScript's own pre-processor (static, dynamic and `import type`), relative paths resolved
// as written (this project imports with the file's extension).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import console from 'node:console';
import { fileURLToPath, URL } from 'node:url';
import ts from 'typescript';

/** Every .ts/.tsx file under `dirs`, as absolute paths. */
export function sourceFiles(dirs) {
  return dirs.flatMap((dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
      // The lint fixtures are wrong on purpose (tests/lint-fixtures/README.md).
      .filter((e) => !e.parentPath.includes(`${path.sep}lint-fixtures`))
      .map((e) => path.join(e.parentPath, e.name)),
  );
}

/** The project files a file imports (relative specifiers only). */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .filter((target) => existsSync(target));
}

/** The cycles among `files`: each strongly connected group of two or more modules (or one importing itself). */
export function findCycles(files) {
  const known = new Set(files);
  const edges = new Map(files.map((f) => [f, importsOf(f).filter((t) => known.has(t))]));
  // Tarjan's strongly connected components, iterative (deep import chains).
  let index = 0;
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  for (const start of files) {
    if (order.has(start)) continue;
    const work = [[start, 0]];
    while (work.length) {
      const frame = work.at(-1);
      const [node, i] = frame;
      if (i === 0) {
        order.set(node, index);
        low.set(node, index++);
        stack.push(node);
        onStack.add(node);
      }
      const next = edges.get(node)[i];
      if (next !== undefined) {
        frame[1]++;
        if (!order.has(next)) work.push([next, 0]);
        else if (onStack.has(next)) low.set(node, Math.min(low.get(node), order.get(next)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work.at(-1)[0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const group = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          group.push(member);
        } while (member !== node);
        if (group.length > 1 || edges.get(node).includes(node)) cycles.push(group.sort());
      }
    }
  }
  return cycles;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const cycles = findCycles(sourceFiles(['src', 'tests', 'bench'].map((d) => path.join(root, d))));
  for (const group of cycles) console.error(`import cycle: ${group.map((f) => path.relative(root, f)).join(' ⇄ ')}`);
  if (cycles.length) process.exit(1);
  console.log('no import cycles');
}
