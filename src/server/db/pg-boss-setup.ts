/**
 * pg-boss instances started one at a time. The notification jobs and the feed pulls each start a
 * pg-boss on the same database when a server starts; at the same moment, their set-ups (the
 * schema, the queues and their partitions, the schedules) deadlocked in PostgreSQL (40P01) and the
 * feed pulls did not start. In one process they now start in turn; a start that still meets a
 * deadlock (another server starting at the same moment) is undone and tried again.
 */

/** Tries of a start that meets a deadlock, the first included. */
const DEADLOCK_TRIES = 4;

let previous: Promise<unknown> = Promise.resolve();

/** PostgreSQL's "deadlock detected", as node-postgres reports it. */
export const isDeadlock = (err: unknown): boolean =>
  (err as { code?: unknown } | null)?.code === '40P01' || /deadlock detected/.test(String(err));

interface Stoppable {
  stop(options: { graceful: boolean; wait: boolean }): Promise<void>;
}

/**
 * A pg-boss made by `create` and set up by `setUp` (its start(), queues, schedules, workers), after
 * every start begun before it in this process has ended. On a deadlock the half-started instance is
 * stopped and a new one set up, after a short, growing pause; any other failure is the caller's.
 */
export function startInTurn<Boss extends Stoppable>(
  create: () => Boss,
  setUp: (boss: Boss) => Promise<void>,
): Promise<Boss> {
  const started = previous.then(async () => {
    for (let attempt = 1; ; attempt++) {
      const boss = create();
      try {
        await setUp(boss);
        return boss;
      } catch (err) {
        await boss.stop({ graceful: false, wait: false }).catch(() => undefined);
        if (attempt >= DEADLOCK_TRIES || !isDeadlock(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt + Math.random() * 300));
      }
    }
  });
  previous = started.catch(() => undefined);
  return started;
}
