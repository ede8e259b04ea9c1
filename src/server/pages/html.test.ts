// loadPageRendering (html.ts): the prerendered pages are read at once; the render module, 1.5 MB
// for V8 to compile on the main thread, is imported only when a page needs it or preload() asks.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadPageRendering } from './html.ts';

const imports = Symbol.for('betproof.html.test.imports');
const counter = `globalThis[Symbol.for('betproof.html.test.imports')]`;
const dists: string[] = [];
afterAll(() => dists.forEach((dist) => rmSync(dist, { recursive: true, force: true })));

/** A build of two prerendered pages and a render module that counts its imports; its client folder. */
function builtClient() {
  const dist = mkdtempSync(path.join(tmpdir(), 'betproof-dist-'));
  dists.push(dist);
  for (const dir of ['client', 'prerendered', 'ssr']) mkdirSync(path.join(dist, dir));
  writeFileSync(path.join(dist, 'client', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<!doctype html><h1>Landing</h1>');
  writeFileSync(path.join(dist, 'prerendered', 'about.html'), '<!doctype html><h1>About</h1>');
  writeFileSync(
    path.join(dist, 'ssr', 'render.js'),
    `${counter} = (${counter} ?? 0) + 1;
     export const renderApp = async (url) => ({ appHtml: '<h1>' + url + '</h1>' });
     export const prerenderPages = async () => [];`,
  );
  return path.join(dist, 'client');
}
const importsSoFar = () => (globalThis as Record<symbol, number | undefined>)[imports] ?? 0;

it('reads the prerendered pages without importing the render module, and imports it once, when first needed', async () => {
  const before = importsSoFar();
  const rendering = (await loadPageRendering(builtClient(), {}))!;
  expect([...rendering.prerendered]).toEqual([
    ['/', '<!doctype html><h1>Landing</h1>'],
    ['/about', '<!doctype html><h1>About</h1>'],
  ]);
  expect(importsSoFar()).toBe(before);
  expect(await rendering.renderApp('/dana')).toEqual({ appHtml: '<h1>/dana</h1>' });
  expect(await rendering.renderApp('/erin')).toEqual({ appHtml: '<h1>/erin</h1>' });
  expect(importsSoFar()).toBe(before + 1);
});

it('imports the render module when asked to before a page needs it', async () => {
  const before = importsSoFar();
  const rendering = (await loadPageRendering(builtClient(), {}))!;
  expect(importsSoFar()).toBe(before);
  rendering.preload!();
  await expect.poll(importsSoFar).toBe(before + 1);
});
