/**
 * The worker thread PGlite runs on (pglite-thread-worker.ts), started on its own: the server's entry
 * starts it before it loads anything else, so that PGlite's module and WebAssembly are loaded and
 * compiled there while this thread loads the app's (see pglite-thread.ts). It opens a database
 * when a PgliteThread asks it to.
 */
import { Worker } from 'node:worker_threads';

/** Main thread to worker. `id` pairs a request with its reply. */
export type ThreadRequest =
  | { id: number; op: 'open'; dataDir?: string }
  | { id: number; op: 'exec'; message: Uint8Array; syncToFs: boolean }
  | { id: number; op: 'sync' }
  | { id: number; op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

export interface ThreadReply {
  id: number;
  data?: Uint8Array;
  error?: { message: string; stack?: string };
}

/**
 * Starts the worker: compiled (dist/server/pglite-thread-worker.js, beside the entry), or from the
 * sources (tests, `npm run dev`) through tsx, which a worker thread does not inherit from the thread
 * that made it.
 */
export function startPgliteWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-thread-worker.js', import.meta.url));
  const source = new URL('./pglite-thread-worker.ts', import.meta.url).href;
  // Evaluated as CommonJS, whose import() resolves 'tsx' from the working directory (the project's).
  return new Worker(
    `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(source)}, ${JSON.stringify(source)}))`,
    { eval: true },
  );
}
