/**
 * PGlite with its PostgreSQL on a worker thread (pglite-thread-worker.ts) and everything else on
 * this one: the server's PGlite.
 *
 * Why: PGlite is PostgreSQL compiled to WebAssembly, and it runs on the thread that made it. On the
 * main thread, a start did one thing after another: the app's modules, then PostgreSQL's own start
 * (~300–500 ms), then the app. In a worker, PostgreSQL starts while the app's modules load
 * (bench/RESULTS.md, the startup section), and a query's planning and executing no longer hold up
 * the requests being parsed, rendered and answered here.
 *
 * How: this is PGlite's own query layer (its BasePGlite: `query`, `exec`, `transaction`, the type
 * serializers and parsers, the query and transaction locks), with only the transport changed. Where
 * PGlite hands a wire-protocol message to PostgreSQL in the same thread, this hands it to the worker
 * and parses the bytes that come back, as PGlite parses them: the first database error is thrown,
 * notices go to `onNotice`, and a notification reaches its listeners before the statement that
 * raised it returns (db/notifications.ts counts on that). Not supported: COPY to or from a blob.
 */
import type { Worker } from 'node:worker_threads';
import { messages, Mutex, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import { startPgliteWorker, type ThreadReply, type ThreadRequest } from './pglite-worker.ts';

/** Where the worker's PGlite keeps its files; in memory when there is no `dataDir`. */
export interface PgliteThreadOptions {
  dataDir?: string;
}

type BackendMessage = Parameters<Parameters<InstanceType<typeof protocol.Parser>['parse']>[1]>[0];
type NoticeCallback = (notice: InstanceType<typeof messages.NoticeMessage>) => void;

/** The members of PGlite's BasePGlite this class relies on (the class is not exported by name). */
interface BasePGliteMembers {
  _initArrayTypes(): Promise<void>;
  exec: PGlite['exec'];
}
/** PGlite's BasePGlite: what PGlite itself extends, with its query layer. */
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => BasePGliteMembers;

/** A request as made here: the id is added as it is sent. */
type Unsent = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** PostgreSQL's name for a channel: folded to lower case unless quoted (PGlite's rule). */
const channelName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

export class PgliteThread extends BasePGlite {
  readonly debug = 0;
  readonly #worker: Worker;
  readonly #calls = new Map<number, { resolve(data: Uint8Array | undefined): void; reject(err: Error): void }>();
  #nextId = 1;
  /** Set when the worker failed or exited: every call from then on is refused with it. */
  #stopped: Error | undefined;
  #closing = false;
  #closed = false;
  /** The worker's PGlite has started. */
  readonly #started: Promise<unknown>;
  /** ...and this side has read the array types: `waitReady`. */
  readonly #opened: Promise<void>;
  #parser = new protocol.Parser();
  readonly #queryLock = new Mutex();
  readonly #transactionLock = new Mutex();
  readonly #listenLock = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  /** Opens a database on `worker` (one started early: pglite-worker.ts), or on a worker of its own. */
  constructor(options: PgliteThreadOptions = {}, worker: Worker = startPgliteWorker()) {
    super();
    this.#worker = worker;
    worker.on('message', (reply: ThreadReply) => {
      const call = this.#calls.get(reply.id);
      if (!call) return;
      this.#calls.delete(reply.id);
      // The worker keeps the process alive only while a call is waiting for it, as PGlite in
      // this thread would: a script that has closed nothing still ends.
      if (this.#calls.size === 0) this.#worker.unref();
      if (reply.error) call.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      else call.resolve(reply.data);
    });
    this.#worker.on('error', (err) => this.#stop(err));
    this.#worker.on('exit', (code) => this.#stop(new Error(`PGlite's worker thread exited (code ${code})`)));
    this.#started = this.#call({ op: 'open', dataDir: options.dataDir });
    // PGlite's own start ends by reading the array types (their serializers and parsers).
    this.#opened = this.#started.then(() => this._initArrayTypes());
    // Awaited by whoever uses the client; a failure meanwhile is not "unhandled".
    this.#opened.catch(() => {});
  }

  #stop(err: Error) {
    this.#stopped ??= this.#closed ? new Error('PGlite is closed') : err;
    for (const call of this.#calls.values()) call.reject(this.#stopped);
    this.#calls.clear();
  }

  #call(request: Unsent): Promise<Uint8Array | undefined> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    const reply = new Promise<Uint8Array | undefined>((resolve, reject) => this.#calls.set(id, { resolve, reject }));
    this.#worker.ref();
    this.#worker.postMessage({ ...request, id });
    return reply;
  }

  get waitReady(): Promise<void> {
    return this.#opened;
  }

  get ready(): boolean {
    return !this.#stopped && !this.#closing;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async _checkReady(): Promise<void> {
    if (this.#closing) throw new Error(this.#closed ? 'PGlite is closed' : 'PGlite is closing');
    await this.#started;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryLock.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(fn);
  }

  /** PostgreSQL's raw answer to `message`. */
  async execProtocolRaw(message: Uint8Array, { syncToFs = true }: { syncToFs?: boolean } = {}): Promise<Uint8Array> {
    return (await this.#call({ op: 'exec', message, syncToFs }))!;
  }

  async execProtocolStream(
    message: Uint8Array,
    options: { syncToFs?: boolean; throwOnError?: boolean; onNotice?: NoticeCallback } = {},
  ): Promise<BackendMessage[]> {
    return (await this.execProtocol(message, options)).messages;
  }

  /** PostgreSQL's answer to `message`, parsed as PGlite parses it. */
  async execProtocol(
    message: Uint8Array,
    {
      syncToFs = true,
      throwOnError = true,
      onNotice,
    }: { syncToFs?: boolean; throwOnError?: boolean; onNotice?: NoticeCallback } = {},
  ): Promise<{ messages: BackendMessage[]; data: Uint8Array }> {
    const data = await this.execProtocolRaw(message, { syncToFs });
    const parsed: BackendMessage[] = [];
    let error: Error | undefined;
    this.#parser.parse(data, (msg: BackendMessage) => {
      // After the first error PGlite keeps nothing more of the answer.
      if (error) return;
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) error = msg;
      } else if (msg instanceof messages.NoticeMessage) {
        onNotice?.(msg);
      } else if (msg instanceof messages.NotificationResponseMessage) {
        for (const listener of this.#listeners.get(msg.channel) ?? []) queueMicrotask(() => listener(msg.payload));
      }
      parsed.push(msg);
    });
    if (error) {
      this.#parser = new protocol.Parser();
      throw error;
    }
    return { messages: parsed, data };
  }

  execProtocolRawStream(): Promise<void> {
    return Promise.reject(new Error('PgliteThread does not stream raw answers'));
  }

  async syncToFs(): Promise<void> {
    await this.#call({ op: 'sync' });
  }

  async _handleBlob(blob?: Blob): Promise<void> {
    if (blob) throw new Error('PgliteThread does not COPY to or from a blob');
  }

  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }

  async _cleanupBlob(): Promise<void> {}

  /** Calls `callback` with each notification on `channel`; resolves to a function that stops it. */
  async listen(channel: string, callback: (payload: string) => void, tx?: Transaction) {
    return this.#listenLock.runExclusive(async () => {
      const name = channelName(channel);
      const listeners = this.#listeners.get(name) ?? new Set();
      this.#listeners.set(name, listeners);
      listeners.add(callback);
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`);
      } catch (err) {
        listeners.delete(callback);
        throw err;
      }
      return () =>
        this.#listenLock.runExclusive(async () => {
          listeners.delete(callback);
          if (listeners.size === 0) await this.exec(`UNLISTEN ${channel}`);
        });
    });
  }

  /** The data directory as a tarball (tests keep one to load their databases from). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    await this._checkReady();
    const data = await this.#queryLock.runExclusive(() => this.#call({ op: 'dump', compression }));
    return new Blob([data as Uint8Array<ArrayBuffer>]);
  }

  /** Waits for what is running, closes PostgreSQL, and lets the worker end. */
  async close(): Promise<void> {
    if (this.#closing) return;
    await this.#opened.catch(() => {});
    await this.#transactionLock.runExclusive(() =>
      this.#queryLock.runExclusive(async () => {
        if (this.#closing) return;
        this.#closing = true;
        if (!this.#stopped) {
          const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
          await this.#call({ op: 'close' });
          await exited;
        }
        this.#closed = true;
      }),
    );
  }
}

/** A PGlite whose PostgreSQL starts at once on a worker thread; `waitReady` resolves once it has. */
export function openPgliteThread(options: PgliteThreadOptions = {}, worker?: Worker): PGlite {
  return new PgliteThread(options, worker) as unknown as PGlite;
}
