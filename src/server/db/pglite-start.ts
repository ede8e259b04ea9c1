/**
 * How PGlite is started, wherever it runs: the server's in a worker thread (pglite-thread.ts), the
 * tests' in their own thread (test/harness.ts). Kept free of Drizzle and the app, so that the
 * worker imports no more than it needs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PGlite's start parameters: its own, with PostgreSQL's shared buffers at 32 MB rather than the
 * 128 MB of the postgresql.conf it writes. PGlite sets up the whole pool as it starts: at 128 MB
 * that was ~160 of its ~650 ms (bench/RESULTS.md, the startup section). 32 MB is 4,096 pages, and
 * a page not in the pool is in the OS's page cache (file-backed) or in memory.
 */
export const pgliteStartParams = (defaults: readonly string[]) => [...defaults, '-c', 'shared_buffers=32MB'];

/**
 * PGlite's WebAssembly, compiled, and its bundle of PostgreSQL's files, read: begun before PGlite
 * itself, which would begin both only after steps of its own that each wait for the thread's event
 * loop. Read at once rather than in the background: an asynchronous read goes on only when the
 * thread is free. Once per thread: neither changes, and a thread opening several databases (tests)
 * shares them.
 */
let pgliteArtifacts: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined;
export function loadPgliteArtifacts() {
  return (pgliteArtifacts ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const fsBundle = new Blob([readFileSync(path.join(dist, 'pglite.data'))]);
    const pgliteWasmModule = await WebAssembly.compile(readFileSync(path.join(dist, 'pglite.wasm')));
    return { pgliteWasmModule, fsBundle };
  })());
}
