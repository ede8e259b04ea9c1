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

const fire = (spec: LoadSpec, duration: number) => {
  let connection = 0;
  const cookies = spec.cookiePerConnection ?? [];
  return autocannon({
    url: spec.url,
    method: spec.method,
    headers: spec.headers,
    body: spec.body,
    connections: spec.connections,
    duration,
    setupClient: cookies.length
      ? (client) => client.setHeaders({ ...spec.headers, cookie: cookies[connection++ % cookies.length] })
      : undefined,
  });
};

async function main() {
  const spec = JSON.parse(await readStdin()) as LoadSpec;
  const warmup = spec.warmupSeconds > 0 ? await fire(spec, spec.warmupSeconds) : undefined;
  const r = await fire(spec, spec.durationSeconds);
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
    warmupResponses: warmup?.requests.total ?? 0,
  };
  process.stdout.write(JSON.stringify(result) + '\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
