/**
 * Crash: the real server is killed with SIGKILL while bettors' writes are in flight, then started
 * again on the same data directory (PGlite) or database (PostgreSQL). After each restart it boots
 * (recovery, migrations), answers health 200, serves every acknowledged write (ids, settled
 * statuses, deletions) and nothing refused, with stats equal to a recount, and takes new writes.
 * After the last cycle every trigger-kept summary is compared with a recount in the database: no
 * write survived in half. Several kill points, so they land in different places.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { drivers } from './test/harness.ts';
import {
  BETTING_SERVER_ENV,
  Ledger,
  LiveServer,
  chainDrift,
  checkLedger,
  createTarget,
  driveBettors,
  signUpBettors,
  storedBets,
  storedBetsViaApi,
  summaryDrift,
  withDatabase,
  type Target,
} from './test/live-server.ts';

const BETTORS = 16;
/** Writes acknowledged in each cycle before its SIGKILL. */
const KILL_AFTER_ACKS = [40, 10, 80];

for (const driver of drivers) {
  describe(`crash with writes in flight [${driver}]`, () => {
    let target: Target | undefined;
    let server: LiveServer | undefined;
    const lockFile = () => path.join(target!.dataDir, 'pglite.lock');

    beforeAll(async () => {
      target = await createTarget(driver);
    });
    afterAll(async () => {
      await server?.kill();
      await target?.dispose();
    });

    it('SIGKILL and restart on the same data: every acknowledged write is there and the summaries add up', async () => {
      server = await LiveServer.start(target!, { env: BETTING_SERVER_ENV });
      const bettors = await signUpBettors(server, target!, BETTORS);
      const ledger = new Ledger();
      const kills: object[] = [];

      for (const [cycle, acks] of KILL_AFTER_ACKS.entries()) {
        let killed = false;
        const load = driveBettors(server, bettors, ledger, { seed: 100 + cycle, stop: () => killed });
        await ledger.afterAcks(acks);
        const inFlight = ledger.inFlight;
        const killedPid = server.pid;
        await server.kill();
        killed = true;
        await load;
        // The kill landed on requests the server had not answered.
        expect(inFlight).toBeGreaterThan(0);
        // PGlite: the dead server's lock on the data directory is left behind; the restart takes it over.
        if (driver === 'pglite') expect(readFileSync(lockFile(), 'utf8')).toBe(String(killedPid));

        // The restart boots on the same data (recovery, migrations) and is healthy.
        const restartStarted = Date.now();
        server = await LiveServer.start(target!, { env: BETTING_SERVER_ENV });
        const restartMs = Date.now() - restartStarted;
        expect((await server.request('/api/health')).status).toBe(200);
        if (driver === 'pglite') {
          // While it runs, nothing else may open its data directory (PGlite would let it).
          await expect(withDatabase(target!, async () => {})).rejects.toThrow(DataDirLockedError);
        }

        // Each bettor reads back what they were told (through the API: PGlite is one process at a
        // time), and their stats equal a recount of those bets.
        const { bets, statsDrift } = await storedBetsViaApi(server, bettors);
        const { violations, unansweredRecords } = checkLedger(bets, ledger, bettors);
        expect(violations).toEqual([]);
        expect(statsDrift).toEqual([]);
        // Records that got no answer so far (all cycles): the stored ones committed before the kill.
        kills.push({ cycle, inFlight, restartMs, unansweredRecords });

        // New writes work: a few bettors record, settle and delete through the restarted server.
        const before = ledger.counts();
        await driveBettors(server, bettors.slice(0, 4), ledger, { seed: 200 + cycle, opsPerBettor: 5 });
        const after = ledger.counts();
        expect(after.noAnswer).toBe(before.noAnswer);
        expect(after.records.acked).toBeGreaterThan(before.records.acked);
        expect(ledger.serverErrors, server.output()).toEqual([]);
        expect(ledger.unexpected).toEqual([]);
      }

      // Every summary the triggers keep (stats, streaks, days, sports), against recounts in the database.
      await server.stop();
      await withDatabase(target!, async (db) => {
        expect(checkLedger(await storedBets(db, bettors), ledger, bettors).violations).toEqual([]);
        expect(
          await summaryDrift(
            db,
            bettors.map((b) => b.userId),
          ),
        ).toEqual([]);
        expect(await chainDrift(db, bettors, ledger)).toEqual([]);
      });
      console.info(`crash [${driver}]`, JSON.stringify({ ...ledger.counts(), kills }));
    }, 240_000);
  });
}
