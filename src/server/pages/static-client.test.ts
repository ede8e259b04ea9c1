import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiblingApp, createTestEnv } from '../test/harness.ts';

/**
 * The built client as the server sends it: a text asset goes out as the Brotli or gzip copy the
 * build wrote beside it (vite.config.ts, precompress) when the browser accepts that encoding, and
 * as is otherwise.
 */
const SCRIPT = `export const answer = ${JSON.stringify('betproof '.repeat(200))};\n`;
const ROBOTS = 'User-agent: *\nDisallow: /api/\n';
const STYLES = 'body{color:#0f172a}';
/** What the page's <link> to the stylesheet becomes (src/server/pages/html.ts). */
const HEAD_STYLES = `<style>${STYLES}</style><link rel="stylesheet" href="/assets/index-abc123.css" disabled>`;

let env: Awaited<ReturnType<typeof createTestEnv>>;
let clientDir: string;
let request: (path: string, acceptEncoding?: string) => Promise<Response>;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'betproof-static-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/index-abc123.css"></head><body></body></html>`,
  );
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.css'), STYLES);
  const script = path.join(clientDir, 'assets', 'app-abc123.js');
  writeFileSync(script, SCRIPT);
  writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  writeFileSync(path.join(clientDir, 'robots.txt'), ROBOTS);
  env = await createTestEnv('pglite');
  const { app } = createSiblingApp(env, {}, { clientDir });
  request = async (pathname, acceptEncoding) =>
    app.request(pathname, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
});

afterAll(async () => {
  await env?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it("puts the stylesheet in the page, and leaves a disabled link (never fetched) so Vite's loader does not add it again", async () => {
    const html = await (await request('/')).text();
    expect(html).toContain(`<head>${HEAD_STYLES}</head>`);
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      '<link rel="stylesheet" href="/assets/index-abc123.css" disabled>',
    ]);
  });

  it('sends the Brotli copy to a browser that accepts it', async () => {
    const res = await request('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip copy when gzip is all the browser takes', async () => {
    const res = await request('/assets/app-abc123.js', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await res.arrayBuffer()).equals(gzipSync(SCRIPT))).toBe(true);
  });

  it('sends the file as it is to a client that takes no encoding', async () => {
    const res = await request('/assets/app-abc123.js');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(SCRIPT);
  });

  it('serves robots.txt as text, not the page shell', async () => {
    const res = await request('/robots.txt', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    // No compressed copy of this one exists: it goes out as is.
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(ROBOTS);
  });

  it('writes the contact details set at runtime into every page, escaped, and nothing when none is set', async () => {
    const { app } = createSiblingApp(
      env,
      { SUPPORT_EMAIL: 'help@betproof.io', OFFICE_ADDRESS: 'betproof Inc.|</script><b>1 Main St' },
      { clientDir },
    );
    for (const page of ['/', '/contact', '/terms']) {
      const html = await (await app.request(page)).text();
      expect(html, page).toBe(
        `<!doctype html><html><head>${HEAD_STYLES}<script type="application/json" id="site-contact">` +
          '{"supportEmail":"help@betproof.io","officeAddress":["betproof Inc.","\\u003c/script>\\u003cb>1 Main St"]}' +
          '</script></head><body></body></html>',
      );
    }
    expect(await (await request('/contact')).text()).toBe(
      `<!doctype html><html><head>${HEAD_STYLES}</head><body></body></html>`,
    );
  });

  it('answers every page, / included, with index.html that browsers must revalidate (a signed-in page never stored)', async () => {
    for (const page of ['/', '/dashboard', '/someone']) {
      const res = await request(page);
      expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control'), page).toBe(page === '/dashboard' ? 'private, no-store' : 'no-cache');
      expect(await res.text(), page).toContain('<body></body>');
    }
  });
});
