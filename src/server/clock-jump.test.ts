/**
 * The real server process with the machine's clock jumping forward, as after a suspended laptop
 * or an NTP step: libfaketime (LD_PRELOAD) moves the process's wall clock (CLOCK_REALTIME only;
 * monotonic time and timers run on) by what a file says, read on every call. Nothing may cache
 * "now" at start-up: the record's rules (settle after the start, delete before it, overdue after
 * 72 hours) follow the jumped clock, sessions stay valid within their lifetime and end after it.
 * .ci/run installs Debian's faketime package.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from './test/harness.ts';
import { LiveServer, createTarget, signUpBettors, type Bettor, type Target } from './test/live-server.ts';
import { BET_PART_OF_RECORD_MESSAGE } from '../shared/bets.ts';
import type { Bet, BetStats } from '../shared/bet-schemas.ts';
import { verifyChain, type LedgerPage } from '../shared/ledger.ts';
import { HOUR_MS, DAY_MS } from '../shared/time-units.ts';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

for (const driver of drivers) {
  describe(`the built server when the machine's clock jumps forward [${driver}]`, () => {
    let target: Target | undefined;
    let server: LiveServer | undefined;
    let clockDir: string | undefined;
    let offsetMs = 0;
    const jumpTo = (ms: number) => {
      offsetMs = ms;
      // libfaketime's relative form: "+<seconds>s" from the real time.
      writeFileSync(path.join(clockDir!, 'offset'), `+${Math.round(ms / 1000)}s\n`);
    };
    /** The server's idea of now. */
    const serverNow = () => Date.now() + offsetMs;

    beforeAll(async () => {
      if (!existsSync(LIBFAKETIME)) throw new Error(`${LIBFAKETIME} is missing: apt-get install faketime`);
      clockDir = mkdtempSync(path.join(tmpdir(), 'betproof-clock-'));
      jumpTo(0);
      target = await createTarget(driver);
      server = await LiveServer.start(target, {
        env: {
          LD_PRELOAD: LIBFAKETIME,
          FAKETIME_TIMESTAMP_FILE: path.join(clockDir, 'offset'),
          FAKETIME_NO_CACHE: '1',
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
        },
      });
    });

    afterAll(async () => {
      await server?.stop();
      await target?.dispose();
      if (clockDir) rmSync(clockDir, { recursive: true, force: true });
    });

    it('follows the jumped clock for settling, deleting, overdue and sessions, and the ledger verifies', async () => {
      const [bettor] = (await signUpBettors(server!, target!, 1)) as [Bettor];
      const call = (pathAndQuery: string, opts: { method?: string; body?: unknown } = {}) =>
        server!.request(pathAndQuery, { ...opts, cookie: bettor.cookie, ip: bettor.ip });
      const record = async (description: string) => {
        const res = await call('/api/bets', {
          body: {
            description,
            amount: '10',
            odds: '2.0',
            sport: 'tennis',
            eventDate: new Date(serverNow() + 7 * HOUR_MS).toISOString(),
          },
        });
        expect(res.status, await res.clone().text()).toBe(201);
        return (await res.json()) as Bet;
      };
      const stats = async () => (await (await call('/api/bets/stats')).json()) as BetStats;

      // At real time the event is 7 hours ahead: too early to settle.
      const first = await record('before the jump');
      expect((await call(`/api/bets/${first.id}`, { method: 'PATCH', body: { status: 'won' } })).status).toBe(409);

      // Eight hours later the event has started: it settles, and the session is still good.
      jumpTo(8 * HOUR_MS);
      const settled = await call(`/api/bets/${first.id}`, { method: 'PATCH', body: { status: 'won' } });
      expect(settled.status, await settled.clone().text()).toBe(200);
      const settledAt = Date.parse(((await settled.json()) as Bet).settledAt!);
      expect(Math.abs(settledAt - serverNow())).toBeLessThan(5 * 60 * 1000);

      // A bet recorded now, then left pending: four days on it has started (no delete) and is overdue.
      const second = await record('left pending');
      expect((await stats()).overdue).toBe(0);
      jumpTo(4 * DAY_MS);
      const refused = await call(`/api/bets/${second.id}`, { method: 'DELETE' });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({ error: BET_PART_OF_RECORD_MESSAGE });
      expect((await stats()).overdue).toBe(1);
      expect((await call('/api/profile')).status).toBe(200);

      const username = ((await (await call('/api/profile')).json()) as { username: string }).username;
      const ledger = (await (await server!.request(`/api/profiles/${username}/ledger`)).json()) as LedgerPage;
      expect(ledger.entries.map((e) => e.kind)).toEqual(['recorded', 'settled', 'recorded']);
      expect(verifyChain(ledger.entries, sha256).ok).toBe(true);

      // Eight days after its last use the session has ended (7 days' lifetime): 401, not a crash.
      jumpTo(12 * DAY_MS + HOUR_MS);
      expect((await call('/api/bets/stats')).status).toBe(401);
      expect((await server!.request('/api/health')).status).toBe(200);
    });
  });
}
