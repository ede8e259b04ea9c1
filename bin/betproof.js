#!/usr/bin/env node
// The `betproof` command (docs/LEDGER.md). Plain Node 20 runs this launcher: it registers tsx (a
// dependency) so Node can load the TypeScript command, with this package's own tsconfig whatever
// the working directory, then runs it and exits with its code.
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const { run } = await import('../src/cli/verify.ts');
process.exitCode = await run(process.argv.slice(2));
