/** A local HTTP server standing in for a feed's publisher in tests (no test reaches the internet). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../../../lib/logger.ts';

export interface FeedServer {
  url: string;
  /** The paths and query strings asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFeedServer(
  answer: (req: IncomingMessage, res: ServerResponse) => unknown,
): Promise<FeedServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    void answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface LogLine {
  level: string;
  msg: string;
  fields?: Record<string, unknown>;
}

/** A logger keeping its lines, to read what a pull logged. */
export function capturingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) => lines.push({ level, msg, fields });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
