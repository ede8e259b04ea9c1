/**
 * The worker thread of a PgliteThread (pglite-thread.ts): opens PGlite here, then runs the
 * PostgreSQL wire-protocol messages the main thread sends and answers with PostgreSQL's bytes as
 * they are. The main thread parses them (and so raises errors, notices and notifications itself).
 * One request at a time reaches PostgreSQL: the main thread holds PGlite's query and transaction
 * locks, and each message runs to its end synchronously here.
 */
import { parentPort } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { loadPgliteArtifacts, pgliteStartParams } from './pglite-start.ts';
import type { ThreadReply, ThreadRequest } from './pglite-worker.ts';

const port = parentPort!;

// Begun as the thread starts, before a database is asked for: PGlite's module, its WebAssembly
// compiled and its file bundle read.
const loading = Promise.all([import('@electric-sql/pglite'), loadPgliteArtifacts()]);
let opening: Promise<PGlite> | undefined;

async function open(dataDir: string | undefined): Promise<PGlite> {
  const [{ PGlite }, { pgliteWasmModule, fsBundle }] = await loading;
  const options = { startParams: pgliteStartParams(PGlite.defaultStartParams), pgliteWasmModule, fsBundle };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  return client;
}

const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const failure = (err: unknown) => ({
  message: err instanceof Error ? err.message : String(err),
  stack: err instanceof Error ? err.stack : undefined,
});

function joined(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

port.on('message', async (request: ThreadRequest) => {
  try {
    if (request.op === 'open') {
      if (opening) throw new Error('this worker has opened a database already');
      opening = open(request.dataDir);
      await opening;
      reply({ id: request.id });
      return;
    }
    if (!opening) throw new Error('no database open');
    const client = await opening;
    switch (request.op) {
      case 'exec': {
        const chunks: Uint8Array[] = [];
        await client.execProtocolRawStream(request.message, {
          syncToFs: request.syncToFs,
          // A view of PostgreSQL's output buffer, written over by the next message: copied.
          onRawData: (bytes) => chunks.push(bytes.slice()),
        });
        const data = joined(chunks);
        reply({ id: request.id, data }, [data.buffer as ArrayBuffer]);
        break;
      }
      case 'sync':
        await client.syncToFs();
        reply({ id: request.id });
        break;
      case 'dump': {
        const data = new Uint8Array(await (await client.dumpDataDir(request.compression)).arrayBuffer());
        reply({ id: request.id, data }, [data.buffer as ArrayBuffer]);
        break;
      }
      case 'close':
        await client.close();
        reply({ id: request.id });
        port.close();
        break;
    }
  } catch (err) {
    reply({ id: request.id, error: failure(err) });
  }
});
