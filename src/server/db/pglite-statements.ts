/**
 * PGlite answers `query(text, params)` with six protocol exchanges with PostgreSQL in WebAssembly
 * (Parse, Describe statement, Bind, Describe portal, Execute, Sync), each its own call into it,
 * and PostgreSQL parses, analyses and plans the text afresh every time: it keeps no statement
 * between queries. For the server's reads that planning is most of a query's cost (EXPLAIN ANALYZE
 * of the stats read: 0.44 ms planning, 0.13 ms executing: bench/HISTORY.md).
 *
 * So a query outside a transaction goes as node-postgres sends a named statement: the first time
 * a text is seen it is parsed once under a name and described (its parameters' types, its row
 * description); from then on each run is one call into PostgreSQL (Bind, Execute, Sync), which
 * can use the statement's cached plan. The most recently used statements are kept
 * (STATEMENTS_KEPT); the least recent is closed when another is needed.
 *
 * What a caller gets is what PGlite's own `query` returns: the same parameter serializers (by the
 * types PostgreSQL inferred), the same result parsing (`parse.parseResults`), the same locks and
 * file-system sync, the same errors with the query attached. Transactions, queries with a blob
 * (COPY) or explicit parameter types take PGlite's own path. pglite-statements.test.ts compares
 * answers and errors with an untouched client.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

/** Named statements kept on the connection (each holds a parse tree and perhaps a plan in PostgreSQL). */
export const STATEMENTS_KEPT = 200;

interface Statement {
  name: string;
  /** The parameters' types as PostgreSQL inferred them: they choose each parameter's serializer. */
  paramTypes: number[];
  /** RowDescription (or NoData), as a portal of this statement would describe itself in text format. */
  description: BackendMessage[];
}

/** PGlite's members that its own `query` uses: public, but not in its typings. */
interface PgliteInternals {
  waitReady: Promise<void>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(
    message: Uint8Array,
    options: { syncToFs: boolean; onNotice?: QueryOptions['onNotice'] },
  ): Promise<BackendMessage[]>;
  syncToFs(): Promise<void>;
}

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What PGlite's own query attaches to a database error. */
function withQuery(err: unknown, text: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (err instanceof Error && 'severity' in err) Object.assign(err, { query: text, params, queryOptions: options });
  return err;
}

/** PostgreSQL's answer when a table changed under a statement so that its rows would differ. */
const isStaleStatement = (err: unknown) =>
  err instanceof Error &&
  (err as { code?: string }).code === '0A000' &&
  /cached plan must not change/.test(err.message);

/**
 * Runs `client`'s queries outside transactions as named statements. Call once the client is ready,
 * before anything else wraps `query`.
 */
export function keepNamedStatements(client: PGlite): void {
  const pg = client as unknown as PgliteInternals;
  const ownQuery = client.query.bind(client);
  /** Statements no longer kept, closed with the next Parse. */
  const closing: string[] = [];
  /** By text; the least recently used is closed when another is needed. */
  const statements = new LRUCache<string, Statement>({
    max: STATEMENTS_KEPT,
    // Only those dropped to make room: a forgotten one is closed by `forget`, a replaced one never is.
    dispose: (statement, _, reason) => {
      if (reason === 'evict') closing.push(statement.name);
    },
  });
  let nextName = 0;

  const forget = (text: string) => {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    closing.push(statement.name);
  };

  /** Parses and describes `text` under a new name, closing the least recently used statement if full. */
  async function prepare(text: string, onNotice: QueryOptions['onNotice']): Promise<Statement> {
    const name = `betproof_${nextName++}`;
    const parts = closing.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages = await pg.execProtocolStream(concat(parts), { syncToFs: false, onNotice });
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      description: messages.filter((m) => m.name === 'rowDescription' || m.name === 'noData'),
    };
    statements.set(text, statement);
    return statement;
  }

  async function run(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results> {
    const statement = statements.get(text) ?? (await prepare(text, options?.onNotice));
    const types = statement.paramTypes;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i]!] ?? pg.serializers[types[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pg.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false, onNotice: options?.onNotice },
    );
    await pg.syncToFs();
    return parse.parseResults([...statement.description, ...messages], pg.parsers, options)[0]!;
  }

  client.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || options?.paramTypes) return ownQuery<T>(text, params, options);
    await pg.waitReady;
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        try {
          try {
            return (await run(text, params, options)) as Results<T>;
          } catch (err) {
            if (!isStaleStatement(err)) throw err;
            // A table changed shape since the statement was parsed: parse it again, once.
            forget(text);
            return (await run(text, params, options)) as Results<T>;
          }
        } catch (err) {
          throw withQuery(err, text, params, options);
        }
      }),
    );
  }) as PGlite['query'];
}
