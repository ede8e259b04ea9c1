/**
 * Time-stamps and cosignatures of the newest checkpoint, gathered beside the sequencer, never in
 * its way (decision 042): `poke()` (after each checkpoint) starts a round and returns at once; a
 * round asks every authority and witness that has not yet answered for the newest checkpoint, in
 * parallel, each with its own timeout. One that fails is asked again later — after 30 s, doubling
 * to at most 10 min — and in the meantime newer checkpoints go on being signed and served. Only
 * the newest checkpoint is ever asked for: a stamp of it covers every entry before it.
 */
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { WitnessConfig } from '../../../shared/log/witness-protocol.ts';
import { latestCheckpoint } from './store.ts';
import { hasTimestamp, stampCheckpoint } from './timestamper.ts';
import { hasCosignature, witnessCheckpoint } from './witnessing.ts';

export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 10 * 60_000;
/** Besides the pokes, a round this often: retries come due without a new checkpoint. */
export const ATTEST_EVERY_MS = 15_000;

export interface AttestationDeps {
  db: Db;
  logger: Logger;
  authorities: readonly string[];
  witnesses: readonly WitnessConfig[];
  /** The clock that spaces retries (injected for tests). */
  now: () => Date;
  fetcher?: typeof fetch;
}

export interface Attestations {
  /** Starts a round soon if none is running (after a new checkpoint); never waits for it. */
  poke(): void;
  /** One round, awaited (tests, and the timer). */
  round(): Promise<void>;
  stop(): Promise<void>;
}

export function createAttestations(deps: AttestationDeps): Attestations {
  const { db, logger, now } = deps;
  const backoff = new Map<string, { until: number; delay: number }>();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const due = (key: string) => (backoff.get(key)?.until ?? 0) <= now().getTime();
  const failed = (key: string, what: string, err: unknown) => {
    const delay = Math.min((backoff.get(key)?.delay ?? RETRY_FIRST_MS / 2) * 2, RETRY_MAX_MS);
    backoff.set(key, { until: now().getTime() + delay, delay });
    logger.warn(`log: ${what} failed; retrying in ${Math.round(delay / 1000)} s`, {
      error: err instanceof Error ? err.message : String(err),
    });
  };

  const once = async () => {
    const checkpoint = await latestCheckpoint(db);
    if (!checkpoint) return;
    const tasks = [
      ...deps.authorities.map(async (url) => {
        const key = `tsa ${url}`;
        if (!due(key) || (await hasTimestamp(db, checkpoint.size, url))) return;
        try {
          await stampCheckpoint(db, checkpoint, url, deps.fetcher);
          backoff.delete(key);
        } catch (err) {
          failed(key, `time-stamp of checkpoint ${checkpoint.size} by ${url}`, err);
        }
      }),
      ...deps.witnesses.map(async (witness) => {
        const key = `witness ${witness.verifier.name}`;
        if (!due(key) || (await hasCosignature(db, checkpoint.size, witness.verifier.name))) return;
        try {
          await witnessCheckpoint(db, checkpoint, witness, deps.fetcher);
          backoff.delete(key);
        } catch (err) {
          failed(key, `cosignature of checkpoint ${checkpoint.size} by ${witness.verifier.name}`, err);
        }
      }),
    ];
    await Promise.all(tasks);
  };

  const round = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await once().catch((err: unknown) => logger.error('log: attestations failed', { error: String(err) }));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  const nothingToDo = !deps.authorities.length && !deps.witnesses.length;
  const tick = () => {
    if (stopped || nothingToDo) return;
    timer = setTimeout(() => void round().finally(tick), ATTEST_EVERY_MS);
    timer.unref();
  };
  tick();

  return {
    poke: () => {
      if (!nothingToDo && !stopped) void round();
    },
    round,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
