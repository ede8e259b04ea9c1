/**
 * The entry of the single-file verifier (scripts/build-verifier.mjs bundles it into
 * dist/betproof-verify.mjs): `node betproof-verify.mjs verify <profile URL> --log-key …` with plain
 * Node 20, no checkout and no install.
 */
import process from 'node:process';
import { run } from './verify.ts';

process.exitCode = await run(process.argv.slice(2));
