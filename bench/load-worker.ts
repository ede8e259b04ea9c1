/**
 * One measurement, in its own process (spawned by bench/load.ts): reads a LoadSpec as JSON on
 * stdin, runs autocannon for the warm-up and then for the measured seconds, and prints a
 * LoadResult as one JSON line on stdout.
 */
import autocannon from 'autocannon';
import type { LoadResult, LoadSpec } from './load.ts';

async function readStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text;
}

/** pathsPerCookie as queues shared by the warm-up and the measurement. */
class PathQueues {
  private readonly next: number[];
  used = 0;
  constructor(private readonly lists: string[][]) {
    this.next = lists.map(() => 0);
  }
  take(list: number): string {
    const path = this.lists[list]?.[this.next[list]!];
    if (path === undefined) throw new Error(`path list ${list} ran out`);
    this.next[list]!++;
    this.used++;
    return path;
  }
  /**
   * The most requests each connection may send so that no list runs out, connection i taking from
   * list i % lists (autocannon builds a request only when it is about to send it).
   */
  perConnection(connections: number): number {
    const n = this.lists.length;
    let share = Infinity;
    for (let list = 0; list < n; list++) {
      const users = Math.floor(connections / n) + (list < connections % n ? 1 : 0);
      if (users > 0) share = Math.min(share, Math.floor((this.lists[list]!.length - this.next[list]!) / users));
    }
    return share;
  }
}

/** One autocannon run; with queues, each connection sends at most its share of the paths left. */
function fire(spec: LoadSpec, duration: number, queues: PathQueues | undefined) {
  let connection = 0;
  const cookies = spec.cookiePerConnection ?? [];
  const share = queues?.perConnection(spec.connections);
  if (share !== undefined && share < 1) throw new Error('no paths left for another run');
  const state = { ranOut: false };
  const run = autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration,
    maxConnectionRequests: share,
    setupClient: (client) => {
      const i = connection++;
      const headers = cookies.length ? { ...spec.headers, cookie: cookies[i % cookies.length]! } : spec.headers;
      if (!queues) {
        if (cookies.length) client.setHeaders(headers);
        return;
      }
      const list = i % Math.max(cookies.length, 1);
      let sent = 0;
      // autocannon builds a request when it is about to send it (the first one right here).
      const setupRequest = (req: autocannon.Request) => {
        if (++sent >= share!) state.ranOut = true;
        return { ...req, path: queues.take(list) };
      };
      client.setRequests([{ method: spec.method, headers, body: spec.body, setupRequest }]);
    },
  });
  return { run, state };
}

async function main() {
  const spec = JSON.parse(await readStdin()) as LoadSpec;
  if (spec.pathsPerCookie && spec.pathsPerCookie.length !== Math.max(spec.cookiePerConnection?.length ?? 0, 1)) {
    throw new Error('pathsPerCookie needs one list per cookie');
  }
  const queues = spec.pathsPerCookie ? new PathQueues(spec.pathsPerCookie) : undefined;
  const warmup = spec.warmupSeconds > 0 ? fire(spec, spec.warmupSeconds, queues) : undefined;
  const warmupResult = warmup ? await warmup.run : undefined;
  const measured = fire(spec, spec.durationSeconds, queues);
  const r = await measured.run;
  const statusCodes: Record<string, number> = {};
  for (const [code, { count = 0 }] of Object.entries(r.statusCodeStats ?? {})) statusCodes[code] = count;
  const result: LoadResult = {
    responses: r.requests.total,
    seconds: r.duration,
    requestsPerSecond: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes,
    warmupResponses: warmupResult?.requests.total ?? 0,
    ...(queues
      ? { pathsUsed: queues.used, pathsRanOut: (warmup?.state.ranOut ?? false) || measured.state.ranOut }
      : {}),
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
