/**
 * The per-server cache of answers computed from a user's record (record-cache.ts): kept per
 * version, bounded in bytes, one computation per user and kind at a time, and a stream read whole
 * only when it fits. (quotas.test.ts proves the routes use it: served while the record is unchanged,
 * computed again after a change.)
 */
import { describe, expect, it } from 'vitest';
import { RecordCache, readWithin } from './record-cache.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk));
      controller.close();
    },
  });
const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe('RecordCache', () => {
  it('answers a value only for the version it was computed at, and forgets the older one', () => {
    const cache = new RecordCache();
    cache.set('analytics', 'u1', '7', { n: 7 }, 10);
    expect(cache.get('analytics', 'u1', '7')).toEqual({ n: 7 });
    expect(cache.get('export', 'u1', '7')).toBeUndefined();
    expect(cache.get('analytics', 'u2', '7')).toBeUndefined();
    expect(cache.get('analytics', 'u1', '8')).toBeUndefined();
    // The newer version was asked for: the older value is gone.
    expect(cache.get('analytics', 'u1', '7')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxBytes, dropping the least recently used, and nothing over maxEntryBytes', () => {
    const cache = new RecordCache({ maxBytes: 100, maxEntryBytes: 60 });
    cache.set('a', 'u1', '1', 'one', 40);
    cache.set('a', 'u2', '1', 'two', 40);
    expect(cache.get('a', 'u1', '1')).toBe('one'); // u1 is now the most recently used
    cache.set('a', 'u3', '1', 'three', 40);
    expect([cache.get('a', 'u1', '1'), cache.get('a', 'u2', '1'), cache.get('a', 'u3', '1')]).toEqual([
      'one',
      undefined,
      'three',
    ]);
    expect(cache.size).toBe(80);
    cache.set('a', 'u4', '1', 'too big', 61);
    expect(cache.get('a', 'u4', '1')).toBeUndefined();
    expect(cache.size).toBe(80);
  });

  it('lets one computation per user and kind run at a time, in the order asked', async () => {
    const cache = new RecordCache();
    const log: string[] = [];
    const compute = async (who: string, kind = 'export', user = 'u1') => {
      const release = await cache.acquire(kind, user);
      log.push(`${who} starts`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push(`${who} ends`);
      release();
      release(); // a second call changes nothing
    };
    await Promise.all([compute('a'), compute('b'), compute('c'), compute('other user', 'export', 'u2')]);
    expect(log.filter((l) => !l.startsWith('other'))).toEqual([
      'a starts',
      'a ends',
      'b starts',
      'b ends',
      'c starts',
      'c ends',
    ]);
    // Another user did not wait for u1's queue.
    expect(log.indexOf('other user starts')).toBeLessThan(log.indexOf('a ends'));
    // Nothing is left queued: the next one starts at once.
    const release = await cache.acquire('export', 'u1');
    release();
  });
});

describe('readWithin', () => {
  it('reads a stream that ends within maxBytes whole', async () => {
    expect(await readWithin(streamOf('a,b\r\n', '1,2\r\n'), 10)).toEqual({ whole: bytes('a,b\r\n1,2\r\n') });
  });

  it('hands a longer one on as a stream: what was read, then the rest', async () => {
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (pulls > 6) controller.close();
        else controller.enqueue(bytes(`row ${pulls}\r\n`));
      },
    });
    const read = await readWithin(endless, 12);
    if (!('longer' in read)) throw new Error('expected a stream');
    // Read up to just past the limit (two rows of 7 bytes), not the whole source.
    expect(pulls).toBeLessThan(4);
    expect(await text(read.longer)).toBe([1, 2, 3, 4, 5, 6].map((n) => `row ${n}\r\n`).join(''));
  });

  it('a stream that fails fails the read', async () => {
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('the database went away'));
      },
    });
    await expect(readWithin(failing, 100)).rejects.toThrow('the database went away');
  });
});
