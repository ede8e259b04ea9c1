#!/usr/bin/env node
// The `betproof` command (docs/LEDGER.md, docs/LOG.md). Plain Node 20 runs this launcher: it
// registers tsx (a dependency) so Node can load the TypeScript command, with this package's own
// tsconfig whatever the working directory, then runs it: `betproof witness …` serves a witness
// until stopped; `betproof log-key …` prints the log's verifier key; anything else is
// `betproof verify …`, which exits with its code.
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
const argv = process.argv.slice(2);
if (argv[0] === 'witness') {
  const { runWitness } = await import('../src/cli/witness.ts');
  const { code, server } = await runWitness(argv.slice(1));
  if (!server) process.exitCode = code;
} else if (argv[0] === 'log-key') {
  const { runLogKey } = await import('../src/cli/log-key.ts');
  process.exitCode = runLogKey(argv.slice(1), process.env, {
    out: (s) => process.stdout.write(`${s}\n`),
    err: (s) => process.stderr.write(`${s}\n`),
  });
} else {
  const { run } = await import('../src/cli/verify.ts');
  process.exitCode = await run(argv);
}
