/**
 * Shares one computation between concurrent requests for the same answer, without ever answering
 * a request from work that began before it arrived.
 *
 * A call joins the key's next computation. That computation starts on the event loop's next turn
 * (so every request read in the same turn joins it), or, when one is already running, on the turn
 * after that one ends. So at most one computation per key runs at a time; each one answers every
 * call made before it started, and so sees every write acknowledged before those calls. Under load
 * the cost is one computation per key at a time instead of one per request. Idle keys hold no
 * memory.
 *
 * The wait for the next turn matters with PGlite: its queries run on this thread, so a
 * computation started at once would finish before the next request had even been read, and no
 * two requests would ever share one.
 *
 * For expensive reads that many visitors ask for at once with the same parameters (the public
 * community pages, a profile's view); not for anything answered per user.
 */
export function coalescing<V>(): (key: string, compute: () => Promise<V>) => Promise<V> {
  interface Computation {
    promise: Promise<V>;
    start(): void;
  }
  interface KeyState {
    running: boolean;
    /** The computation the calls made since the running one started (or since idle) will get. */
    next: Computation | null;
  }
  const keys = new Map<string, KeyState>();

  const run = (key: string, state: KeyState, compute: () => Promise<V>): Promise<V> => {
    state.running = true;
    state.next = null;
    const result = Promise.resolve().then(compute);
    const settle = () => {
      state.running = false;
      if (state.next) setImmediate(state.next.start);
      else keys.delete(key);
    };
    result.then(settle, settle);
    return result;
  };

  return (key, compute) => {
    let state = keys.get(key);
    if (!state) keys.set(key, (state = { running: false, next: null }));
    if (!state.next) {
      const current = state;
      let start!: () => void;
      const promise = new Promise<V>((resolve) => {
        start = () => resolve(run(key, current, compute));
      });
      state.next = { promise, start };
      if (!state.running) setImmediate(start);
    }
    return state.next.promise;
  };
}
