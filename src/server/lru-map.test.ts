import { describe, expect, it } from 'vitest';
import { LruMap } from './lru-map.ts';

describe('LruMap', () => {
  it('drops the least recently used entry when full, counting reads as uses', () => {
    const evicted: string[] = [];
    const map = new LruMap<string, number>(2, (key, value) => evicted.push(`${key}=${value}`));
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // a is now more recent than b
    map.set('c', 3);
    expect(evicted).toEqual(['b=2']);
    expect(map.get('b')).toBeUndefined();
    expect([map.get('a'), map.get('c'), map.size]).toEqual([1, 3, 2]);
  });

  it('replaces a key in place without evicting, and deletes without telling onEvict', () => {
    const evicted: string[] = [];
    const map = new LruMap<string, number>(2, (key) => evicted.push(key));
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    expect([map.get('a'), map.get('b'), map.size]).toEqual([10, 2, 2]);
    expect(map.delete('a')).toBe(true);
    expect(map.delete('a')).toBe(false);
    map.set('c', 3);
    expect(evicted).toEqual([]);
    expect(map.size).toBe(2);
  });
});
