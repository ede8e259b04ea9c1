import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.ts';

describe('KeyedQueue', () => {
  it('one holder per key at a time, in the order asked; other keys do not wait; nothing left after', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const hold = async (key: string, who: string) => {
      const release = await queue.acquire(key);
      log.push(`${who} in`);
      await new Promise((resolve) => setTimeout(resolve, 10));
      log.push(`${who} out`);
      release();
      release(); // a second call lets no one else in early
    };
    await Promise.all([hold('u1', 'a'), hold('u1', 'b'), hold('u1', 'c'), hold('u2', 'x')]);
    expect(log.filter((l) => !l.startsWith('x'))).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(log.indexOf('x in')).toBeLessThan(log.indexOf('a out'));
    expect(queue.size).toBe(0);
  });
});
