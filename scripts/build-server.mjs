// Compiles the server to JavaScript for production (`npm run build`, after the client): one ES
// module, dist/server/index.js, that plain Node runs without TypeScript tooling. Packages stay
// external (node_modules is there at run time); the migrations, which db/client.ts finds next to
// its own module (import.meta.url), are copied next to the bundle.
import { cpSync } from 'node:fs';
import console from 'node:console';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = `${root}dist/server`;

// Written over in place, never removed first: a server starting meanwhile (another e2e run) still
// finds a whole file. Migrations are only ever added, so none is left over.
await build({
  entryPoints: [`${root}src/server/index.ts`],
  outfile: `${outdir}/index.js`,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(`${root}src/server/db/migrations`, `${outdir}/migrations`, { recursive: true });
console.log('server built: dist/server/index.js');
