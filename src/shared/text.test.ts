import { describe, expect, it } from 'vitest';
import { findUnstorableText, isUnstorableText } from './text.ts';

describe('storable text', () => {
  it('refuses NUL and unpaired surrogates, and accepts every well-formed string', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\uD800', '\uD800x', '\uDC00', 'a\uDFFFb', '\uDC00\uD800', '😀\uD83D'])
      expect(isUnstorableText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', '😀', '\uD83D\uDE00', 'a\u202Eb', '\u200B\u200D', 'é', '\u0001\u001F', '\uFFFF'])
      expect(isUnstorableText(good), JSON.stringify(good)).toBe(false);
  });

  it('names the first field holding such text, keys included', () => {
    expect(findUnstorableText({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(findUnstorableText({ ['k\uD800']: 'ok' })).toBe('k\uD800');
    expect(findUnstorableText('\uDC00')).toBe('');
    expect(findUnstorableText({ a: 'ok', n: 1, z: null, t: true, list: ['😀'] })).toBeNull();
  });

  it('walks a value nested far deeper than the call stack allows', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}`) as unknown;
    expect(findUnstorableText(deep)).toBe(Array(depth).fill('a').join('.'));
    expect(findUnstorableText(JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`))).toBeNull();
  });
});
