// createPageCompression (html.ts): a document sent again and again is compressed at Brotli's best
// once, in the background; until then at a fast level, at once and once; a page rendered for one
// request at the fast level too.
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCompression } from './html.ts';

const page = (n: number) =>
  `<!doctype html><html><body>${Array.from({ length: 400 }, (_, i) => `<p>page ${n}, line ${i}: the record is the product</p>`).join('')}</body></html>`;
const brotliAt = (html: string, quality: number) =>
  brotliCompressSync(html, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
  });

describe('page compression', () => {
  it('answers a document at once at a fast level while its best is made, then with its best', async () => {
    const compression = createPageCompression();
    const documents = Array.from({ length: 12 }, (_, n) => page(n));
    for (const html of documents) compression.warm(html);
    const last = documents.at(-1)!;
    // Asked for before the eleven documents queued ahead of it are done: not kept waiting for them.
    const first = compression.compress(last, 'gzip, br', true)!;
    expect(first.encoding).toBe('br');
    // Made at once, on the main thread: no turn of the event loop (a server's start may hold the
    // main thread for hundreds of milliseconds) between the request and its answer.
    let made = false;
    void first.body.then(() => (made = true));
    await Promise.resolve();
    expect(made).toBe(true);
    const fast = await first.body;
    // Once: asked again before its best is done, the same compression.
    expect(await compression.compress(last, 'br', true)!.body).toBe(fast);
    expect(fast).toEqual(brotliAt(last, 5));
    expect(brotliDecompressSync(fast).toString()).toBe(last);
    // Once its turn has come, the best.
    await expect
      .poll(async () => Buffer.compare(await compression.compress(last, 'br', true)!.body, brotliAt(last, 11)), {
        timeout: 20_000,
        interval: 20,
      })
      .toBe(0);
    expect(brotliAt(last, 11).length).toBeLessThan(fast.length);
  });

  it('compresses a page rendered for one request at the fast level, gzip when Brotli is not taken', async () => {
    const compression = createPageCompression();
    const html = page(1);
    expect(await compression.compress(html, 'br', false)!.body).toEqual(brotliAt(html, 5));
    expect(await compression.compress(html, 'gzip', false)!.body).toEqual(gzipSync(html, { level: 6 }));
    expect(compression.compress(html, 'identity', false)).toBeNull();
  });
});
