// The server side of `npm run build`, after the client (`vite build`):
// 1. the client's component tree for the server (src/client/ssr/render.tsx, Vite's SSR build) into
//    dist/ssr/render.js, which renders a page to HTML;
// 2. the pages that show no one's data (src/client/ssr/prerendered.ts) rendered once, into
//    dist/prerendered/, from dist/client/index.html (the built page with its hashed assets);
// 3. the server compiled to JavaScript: ES modules, dist/server/index.js and the chunks it
//    imports, that plain Node runs without TypeScript tooling, its packages bundled in: Node
//    resolving, reading and compiling the ~900 files of node_modules it imports (kysely,
//    better-auth, zod, drizzle...) one by one was half of a start (PostgreSQL: 1.1 s external,
//    0.6 s bundled; bench/RESULTS.md). Left external: PGlite (it loads its WebAssembly and data
//    files from beside its own module), the native argon2 and resvg bindings, and satori. The migrations, which
//    db/client.ts finds next to its own module (import.meta.url), are copied next to the bundle, and
//    so are the database functions' files (db/functions.ts).
//    In chunks: the entry (index.ts) starts opening the database before it imports the rest
//    (run-server.ts), and Node parses each chunk as it is imported, where it parsed one 4.4 MB
//    module before the first line ran (the entry ran at ~370 ms of a start, now ~170 ms).
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import console from 'node:console';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { build } from 'esbuild';
import { build as viteBuild } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/server`;

await viteBuild({
  configFile: `${root}vite.config.ts`,
  logLevel: 'warn',
  build: {
    ssr: 'ssr/render.tsx',
    outDir: '../../dist/ssr',
    // One file, imported whole when the server starts: a rebuild meanwhile (another e2e run) never
    // leaves a running server asking for a route chunk that is gone.
    emptyOutDir: false,
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false } },
    // 3.6 → 1.5 MB for V8 to parse before the first page.
    minify: true,
  },
  // Its packages bundled in (React, the router, recharts, lucide's icons...), tree-shaken. Left
  // external, Node resolved and compiled some 900 files of theirs one by one, lucide's and
  // recharts' CommonJS builds whole: importing it took ~830 ms, now ~100 (bench/RESULTS.md).
  ssr: { noExternal: true },
  // React's production build, as the browser gets: bundled, the choice is made here, not at run time.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
});

const { prerenderPages } = await import(pathToFileURL(`${root}dist/ssr/render.js`).href);
const pages = await prerenderPages(readFileSync(`${root}dist/client/index.html`, 'utf8'));
mkdirSync(`${root}dist/prerendered`, { recursive: true });
for (const { file, html } of pages) {
  // Written beside, then renamed: a server running meanwhile never reads half a file.
  const target = `${root}dist/prerendered/${file}`;
  writeFileSync(`${target}.tmp`, html);
  renameSync(`${target}.tmp`, target);
}
console.log(`prerendered ${pages.length} pages: dist/prerendered/`);

// Written over in place, never removed first: a server starting meanwhile (another e2e run) still
// finds a whole file. Migrations are only ever added, so none is left over.
const { metafile } = await build({
  entryPoints: [`${root}src/server/index.ts`],
  outdir,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  splitting: true,
  bundle: true,
  // resvg is a native binding, and satori loads its layout engine's WebAssembly: both as Node
  // resolves them, like argon2 and PGlite (the record card, modules/profiles/card.ts).
  external: [
    '@electric-sql/pglite',
    '@electric-sql/pglite/*',
    '@node-rs/argon2',
    'pg-native',
    '@resvg/resvg-js',
    'satori',
  ],
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // Bundled CommonJS packages require() Node's own modules: give the ES module a require.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
// Chunks of earlier builds (their names carry a hash of their content) go once this one is written.
const built = new Set(Object.keys(metafile.outputs).map((file) => path.resolve(file)));
for (const file of readdirSync(outdir)) {
  const full = path.join(outdir, file);
  if (/\.js(\.map)?$/.test(file) && !built.has(full)) rmSync(full);
}
cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
// The database functions' files likewise (db/functions.ts), then those no longer in the source go:
// the folder is the set of functions a start leaves in the database.
cpSync(`${root}src/server/db/functions`, `${outdir}/functions`, { recursive: true });
const functionFiles = new Set(readdirSync(`${root}src/server/db/functions`));
for (const file of readdirSync(`${outdir}/functions`)) {
  if (!functionFiles.has(file)) rmSync(`${outdir}/functions/${file}`);
}
console.log('server built: dist/server/index.js');
