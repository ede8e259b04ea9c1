import { describe, expect, it } from 'vitest';
import { coalescing } from './coalesce.ts';

/** A computation the test finishes by hand, counting how often it was started. */
function controlled() {
  const runs: { finish(value: string): void; fail(err: Error): void }[] = [];
  const compute = () =>
    new Promise<string>((resolve, reject) => {
      runs.push({ finish: resolve, fail: reject });
    });
  return { runs, compute };
}

/** Lets a few turns of the event loop pass (a computation starts on the turn after it is due). */
const settle = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

describe('coalescing', () => {
  it('computes once per call when calls do not overlap', async () => {
    const share = coalescing<string>();
    const { runs, compute } = controlled();
    const first = share('k', compute);
    await settle();
    runs[0]!.finish('one');
    expect(await first).toBe('one');
    const second = share('k', compute);
    await settle();
    runs[1]!.finish('two');
    expect(await second).toBe('two');
    expect(runs).toHaveLength(2);
  });

  it('answers calls made during a computation with one computation started after it ends', async () => {
    const share = coalescing<string>();
    const { runs, compute } = controlled();
    const first = share('k', compute);
    await settle();
    const during = Array.from({ length: 10 }, () => share('k', compute));
    await settle();
    // The running computation began before these calls: none of them may be answered by it.
    expect(runs).toHaveLength(1);
    runs[0]!.finish('before');
    expect(await first).toBe('before');
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]!.finish('after');
    expect(await Promise.all(during)).toEqual(Array(10).fill('after'));
    expect(runs).toHaveLength(2);
  });

  it('answers every call made before a computation starts with that computation', async () => {
    const share = coalescing<string>();
    const { runs, compute } = controlled();
    // Requests read in the same turn of the event loop.
    const calls = Array.from({ length: 5 }, () => share('k', compute));
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]!.finish('shared');
    expect(await Promise.all(calls)).toEqual(Array(5).fill('shared'));
  });

  it('keeps keys apart', async () => {
    const share = coalescing<string>();
    const { runs, compute } = controlled();
    const a = share('a', compute);
    const b = share('b', compute);
    await settle();
    expect(runs).toHaveLength(2);
    runs[0]!.finish('A');
    runs[1]!.finish('B');
    expect([await a, await b]).toEqual(['A', 'B']);
  });

  it('hands a failure to the calls it answers and still runs the next computation', async () => {
    const share = coalescing<string>();
    const { runs, compute } = controlled();
    const first = share('k', compute);
    await settle();
    const during = share('k', compute);
    runs[0]!.fail(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await settle();
    runs[1]!.finish('recovered');
    expect(await during).toBe('recovered');
    // Nothing left running: the next call starts afresh.
    const later = share('k', compute);
    await settle();
    expect(runs).toHaveLength(3);
    runs[2]!.finish('fresh');
    expect(await later).toBe('fresh');
  });
});
