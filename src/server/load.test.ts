/**
 * Load with no loss: 50 bettors at once against the real server over HTTP, recording, settling
 * (sometimes twice at once) and deleting bets. Afterwards the database holds exactly what they
 * were told: every acknowledged bet once, as settled, nothing refused, every summary equal to a
 * recount; and no request got a 5xx. Bounded by a fixed number of operations (no timing asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from './test/harness.ts';
import {
  Ledger,
  LiveServer,
  createTarget,
  driveBettors,
  checkLedger,
  signUpBettors,
  storedBets,
  summaryDrift,
  withDatabase,
  type Target,
} from './test/live-server.ts';

const BETTORS = 50;
const OPS_PER_BETTOR = 12;

for (const driver of drivers) {
  describe(`load with no loss [${driver}]`, () => {
    let target: Target | undefined;
    let server: LiveServer | undefined;

    beforeAll(async () => {
      target = await createTarget(driver);
    });
    afterAll(async () => {
      await server?.kill();
      await target?.dispose();
    });

    it(`${BETTORS} concurrent bettors: every acknowledged write stored once, summaries equal recounts, no 5xx`, async () => {
      const started = Date.now();
      server = await LiveServer.start(target!);
      const bootMs = Date.now() - started;
      const bettors = await signUpBettors(server, target!, BETTORS);
      const signUpMs = Date.now() - started - bootMs;
      const ledger = new Ledger();
      const loadStarted = Date.now();
      await driveBettors(server, bettors, ledger, { seed: 8, opsPerBettor: OPS_PER_BETTOR });
      const loadMs = Date.now() - loadStarted;
      await server.stop();

      const counts = ledger.counts();
      console.info(
        `load [${driver}]`,
        JSON.stringify({ ...counts, bootMs, signUpMs, loadMs, totalMs: Date.now() - started }),
      );
      expect(ledger.serverErrors, server.output()).toEqual([]);
      expect(ledger.unexpected).toEqual([]);
      // Every request was answered; the load did what it was meant to.
      expect(counts.noAnswer).toBe(0);
      expect(counts.records.acked).toBeGreaterThan(BETTORS * 4);
      expect(counts.settles.acked).toBeGreaterThan(BETTORS * 2);
      expect(counts.settles.refused).toBeGreaterThan(0); // the double settles raced
      expect(counts.deletes.acked).toBeGreaterThan(BETTORS / 2);

      await withDatabase(target!, async (db) => {
        expect(checkLedger(await storedBets(db, bettors), ledger, bettors).violations).toEqual([]);
        expect(
          await summaryDrift(
            db,
            bettors.map((b) => b.userId),
          ),
        ).toEqual([]);
      });
    }, 240_000);
  });
}
