/**
 * The sequencer's loop (docs/decisions/024-log-sequencer.md): every second, append what the ledger
 * has queued and sign a checkpoint when one is due. Every server runs it; the lock in tickLog lets
 * one of them work at a time. Started by run-server.ts, not by createApp, so tests drive the log
 * themselves (tickLog / drainLog).
 */
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Signer } from '../../../shared/log/note.ts';
import { tickLog, SEQUENCE_BATCH, type TickResult } from './store.ts';

/** How often the sequencer looks at the queue. */
export const SEQUENCE_EVERY_MS = 1000;
/** A new checkpoint at most this often while the log grows ("every few seconds"). */
export const CHECKPOINT_EVERY_MS = 5000;

export interface SequencerDeps {
  db: Db;
  signer: Signer;
  logger: Logger;
  now: () => Date;
  /** After each checkpoint this server signs (time-stamps, witnesses). */
  onCheckpoint?: (size: number) => Promise<void>;
  everyMs?: number;
  checkpointEveryMs?: number;
}

export function startLogSequencer(deps: SequencerDeps): { stop: () => Promise<void> } {
  const { db, signer, logger, now } = deps;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let refusalLogged = false;
  let timer: NodeJS.Timeout | undefined;

  const round = async () => {
    let result: TickResult;
    do {
      result = await tickLog(db, { signer, now, checkpointEveryMs: deps.checkpointEveryMs ?? CHECKPOINT_EVERY_MS });
      if (result.refused && !refusalLogged) {
        refusalLogged = true;
        logger.error('log: not signing checkpoints', { reason: result.refused });
      }
      if (result.checkpoint !== null) {
        await deps
          .onCheckpoint?.(result.checkpoint)
          .catch((err: unknown) =>
            logger.error('log: after the checkpoint', { size: result.checkpoint, error: String(err) }),
          );
      }
    } while (!stopped && result.appended === SEQUENCE_BATCH);
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round()
        .catch((err: unknown) => logger.error('log: sequencing failed', { error: String(err) }))
        .finally(schedule);
    }, deps.everyMs ?? SEQUENCE_EVERY_MS);
    timer.unref();
  };
  schedule();

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
