// The verifier as one file (docs/LOG.md, "The verifier"): src/cli/verify-main.ts and everything it
// imports (zod included) bundled by esbuild into dist/betproof-verify.mjs, which plain Node 20 runs
// with nothing installed: `node betproof-verify.mjs verify https://host/<username> --log-key …`.
// Usage: node scripts/build-verifier.mjs [output file]
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = path.resolve(process.argv[2] ?? `${root}dist/betproof-verify.mjs`);

await build({
  entryPoints: [`${root}src/cli/verify-main.ts`],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
