/**
 * Load from a process of its own: each measurement spawns bench/load-worker.ts, which runs
 * autocannon against the server and prints its figures as one JSON line. The load generator then
 * competes with the server for the CPU like any client on the same machine, but never shares its
 * event loop (nor the orchestrator's).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST' | 'PATCH';
  headers: Record<string, string>;
  /** Cookies handed to the connections in turn (several users at once), instead of one in headers. */
  cookiePerConnection?: string[];
  /**
   * A different path for every request, instead of the url's: one list per cookie of
   * cookiePerConnection (a connection takes the next unused path of its user's list), each path
   * used once over the warm-up and the measurement. Each connection may send at most its share of
   * what is left, so a list never runs out: should the share be used up, the connection stops and
   * the measurement ends early (`pathsRanOut`), its rate taken over the time it ran.
   */
  pathsPerCookie?: string[][];
  body?: string;
  connections: number;
  /** Measured seconds. */
  durationSeconds: number;
  /** Seconds of the same load first, not measured (caches, plans, JIT, the Spotlight's window start). */
  warmupSeconds: number;
}

export interface LoadResult {
  /** Responses received in the measured seconds, any status. */
  responses: number;
  seconds: number;
  /** responses / seconds. */
  requestsPerSecond: number;
  /** Milliseconds, over 2xx responses (autocannon records no latency for the others). */
  p50: number;
  p99: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Responses by status code. */
  statusCodes: Record<string, number>;
  /** Responses during the warm-up (not in the figures above). */
  warmupResponses: number;
  /** With pathsPerCookie: paths used (warm-up and measurement), and whether a connection used up its share. */
  pathsUsed?: number;
  pathsRanOut?: boolean;
}

const workerScript = fileURLToPath(new URL('./load-worker.ts', import.meta.url));
const running = new Set<ChildProcess>();

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', workerScript], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    running.add(child);
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      running.delete(child);
      if (code !== 0) return reject(new Error(`load worker ended with ${signal ?? `exit code ${code}`}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1)!) as LoadResult);
      } catch {
        reject(new Error(`load worker printed no result: ${out.slice(0, 500)}`));
      }
    });
    // The spec (cookies included) on stdin rather than the command line.
    child.stdin.end(JSON.stringify(spec));
  });
}

/** Kills any worker still running (a failed or interrupted run). */
export function stopLoadWorkers() {
  for (const child of running) child.kill('SIGKILL');
}
