/**
 * A request body must arrive within BODY_DEADLINE_MS (http.ts bodyDeadline; 30 s by default, 1 s
 * here): the real server, over real sockets, a body sent a few bytes at a time. Past the deadline
 * it answers 408 and closes the connection, and the user's write queue is free at once: their next
 * write is answered, not held behind the trickle (Node's own request timeout would hold both for
 * 300 s).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TOO_SLOW_MESSAGE } from './http.ts';
import { drivers } from '../test/harness.ts';
import { LiveServer, createTarget, signUpBettors, type Bettor, type Target } from '../test/live-server.ts';

/** Sends the headers and the first bytes of a body of `length`, then nothing: the answer and whether the socket closed. */
function trickle(server: LiveServer, bettor: Bettor, path: string, type: string, length: number) {
  return new Promise<{ status: number; body: string; closed: boolean }>((resolve, reject) => {
    const req = http.request(`${server.origin}${path}`, {
      method: 'POST',
      headers: {
        'content-type': type,
        'content-length': String(length),
        cookie: bettor.cookie,
        origin: server.origin,
        'x-forwarded-for': bettor.ip,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const answer = { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
        if (req.socket?.destroyed) resolve({ ...answer, closed: true });
        else req.socket?.once('close', () => resolve({ ...answer, closed: true }));
      });
    });
    req.write(type === 'text/csv' ? 'date,description,sport,stake,odds,result\r\n' : '{"descr');
  });
}

for (const driver of drivers) {
  describe(`a body that trickles [${driver}]`, () => {
    let target: Target | undefined;
    let server: LiveServer | undefined;
    beforeAll(async () => {
      target = await createTarget(driver);
      server = await LiveServer.start(target, { env: { BODY_DEADLINE_MS: '1000' } });
    }, 180_000);
    afterAll(async () => {
      await server?.kill();
      await target?.dispose();
    });

    it('is answered 408 at the deadline, the connection closed, and the user may write again at once', async () => {
      const [bettor] = await signUpBettors(server!, target!, 1);
      for (const [path, type] of [
        ['/api/bets', 'application/json'],
        ['/api/bets/import', 'text/csv'],
      ] as const) {
        const answer = await trickle(server!, bettor!, path, type, 60_000);
        expect(answer, path).toEqual({
          status: 408,
          body: JSON.stringify({ error: BODY_TOO_SLOW_MESSAGE }),
          closed: true,
        });
      }
      // The write queue the trickles held is free: a write now is answered as usual.
      const res = await server!.request('/api/bets', {
        cookie: bettor!.cookie,
        ip: bettor!.ip,
        body: {
          description: 'After the trickle',
          amount: '10',
          odds: '+150',
          sport: 'basketball',
          eventDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
        },
      });
      expect(res.status).toBe(201);
      // A body sent whole and at once is unaffected.
      expect((await server!.request('/api/health')).status).toBe(200);
    }, 60_000);
  });
}
