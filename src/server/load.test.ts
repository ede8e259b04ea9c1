/**
 * Load with no loss: 50 bettors at once against the real server over HTTP, recording, settling
 * (sometimes twice at once) and deleting bets, and trying what the record refuses (settling before
 * the event, deleting after its start: 409, a refusal). Afterwards the database holds exactly what
 * they were told: every acknowledged bet once, as settled, nothing refused, every summary equal to
 * a recount, each bettor's hash chain whole with one entry per acknowledged write; and no request
 * got a 5xx. Bounded by a fixed number of operations (no timing asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers } from './test/harness.ts';
import {
  BETTING_SERVER_ENV,
  Ledger,
  LiveServer,
  chainDrift,
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
      server = await LiveServer.start(target!, { env: BETTING_SERVER_ENV });
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
      expect(counts.settles.refused).toBeGreaterThan(0); // the double settles raced, settles before the event
      expect(counts.deletes.acked).toBeGreaterThan(BETTORS / 2);
      expect(counts.deletes.refused).toBeGreaterThan(0); // deletes after the start

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
    }, 240_000);
  });
}
