import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlib, gzip, gzipSync } from 'node:zlib';
import {
  fillDocument,
  PRERENDERED_PAGES,
  SITE_CONTACT_GLOBAL,
  type RenderData,
  type RenderModule,
  escapeHtml,
} from '../../shared/page-rendering.ts';
import type { SiteContact } from '../../shared/site-contact.ts';

export { escapeHtml };

/**
 * The client's server-side render (src/client/ssr/render.tsx), as the build left it: the pages
 * prerendered from it (dist/prerendered/) and its module (dist/ssr/render.js), both beside the
 * client folder.
 */
export interface PageRendering {
  /** Prerendered documents by exact address (path and query string: '/', '/?demo=1'). */
  prerendered: ReadonlyMap<string, string>;
  renderApp: RenderModule['renderApp'];
  /** Begins loading what renderApp needs, before a page needs it. */
  preload?: () => void;
}

/**
 * Loads the build's prerendered pages; null when the build has none (dev, some tests). The render
 * module, 1.5 MB for V8 to compile on the main thread, is imported when a page first needs it (a
 * profile, a not-found page) or `preload()` asks: a prerendered page never waits for it, nor do
 * the requests that come while a server starts (bench/RESULTS.md, the startup section). With
 * contact details set (runtime settings the build never sees), the pages are rendered again here,
 * once, with them: then the module is imported at once.
 */
export async function loadPageRendering(clientDir: string, siteContact: SiteContact): Promise<PageRendering | null> {
  const dist = path.dirname(clientDir);
  const modulePath = path.join(dist, 'ssr', 'render.js');
  if (!existsSync(modulePath)) return null;
  let loading: Promise<RenderModule> | undefined;
  const ssr = () =>
    (loading ??= (() => {
      (globalThis as Record<string, unknown>)[SITE_CONTACT_GLOBAL] = siteContact;
      return import(pathToFileURL(modulePath).href) as Promise<RenderModule>;
    })());
  const prerendered = new Map<string, string>();
  if (Object.keys(siteContact).length > 0) {
    const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    for (const { url, html } of await (await ssr()).prerenderPages(template)) prerendered.set(url, html);
  } else {
    for (const { url, file } of PRERENDERED_PAGES) {
      const filePath = path.join(dist, 'prerendered', file);
      if (existsSync(filePath)) prerendered.set(url, readFileSync(filePath, 'utf8'));
    }
  }
  return {
    prerendered,
    renderApp: async (url, data) => (await ssr()).renderApp(url, data),
    preload: () => void ssr().catch(() => {}),
  };
}

/**
 * The documents pages are answered with: index.html and every rendered page carry the runtime
 * settings (`headExtra`, the contact details), which are never part of the build.
 */
export function createDocuments({
  clientDir,
  headExtra,
  origin,
  rendering,
  onError,
}: {
  clientDir: string;
  headExtra: string;
  /** The site's public origin (BASE_URL): a page that shows its own address shows this one. */
  origin: string;
  rendering: Promise<PageRendering | null>;
  onError: (url: string, err: unknown) => void;
}) {
  const stylesheets = inlineStylesheets(clientDir);
  const withHead = (html: string) => stylesheets(html).replace('</head>', () => `${headExtra}</head>`);
  const indexHtml = withHead(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const ready = rendering.then(
    (loaded) => {
      if (!loaded) return null;
      const prerendered = new Map([...loaded.prerendered].map(([url, html]) => [url, withHead(html)]));
      return { ...loaded, prerendered, documents: new Set(prerendered.values()) };
    },
    (err: unknown) => {
      onError('(loading the prerendered pages)', err);
      return null;
    },
  );

  /** The page at `url`: prerendered when it was (and needs no data), else rendered now. */
  async function render(url: URL, data: RenderData = {}): Promise<string> {
    const loaded = await ready;
    if (!loaded) return indexHtml;
    const address = url.pathname + url.search;
    const forThisRequest =
      data.profile ||
      data.missingProfile ||
      data.session ||
      data.dashboard ||
      Object.keys(data.preferences ?? {}).length > 0;
    const prerendered = !forThisRequest && loaded.prerendered.get(address);
    if (prerendered) return prerendered;
    try {
      const { appHtml, queryState, meta } = await loaded.renderApp(address, { ...data, origin });
      return fillDocument(indexHtml, { appHtml, hydrate: true, queryState, meta });
    } catch (err) {
      // A page that fails to render on the server is still the client's to render.
      onError(address, err);
      return indexHtml;
    }
  }

  // The documents sent again and again (index.html, the prerendered pages) are compressed once,
  // at the best level, from as soon as they are known: no visitor waits for that.
  const compression = createPageCompression();
  void ready.then((loaded) => {
    for (const html of [indexHtml, ...(loaded?.documents ?? [])]) compression.warm(html);
  });

  /** `html` in the encoding the browser takes best (null: as it is). */
  async function compress(html: string, acceptEncoding: string) {
    const reused = html === indexHtml || Boolean((await ready)?.documents.has(html));
    return compression.compress(html, acceptEncoding, reused);
  }

  /** Begins loading the render module (html.ts loads it when a page first needs it). */
  const preload = () => void ready.then((loaded) => loaded?.preload?.());

  return { indexHtml, render, compress, preload };
}

export type Documents = ReturnType<typeof createDocuments>;

/**
 * Puts the build's stylesheet into the page itself (`<style>`, which the CSP's style-src allows):
 * the HTML paints as it arrives, with no render-blocking request first (Lighthouse: about a round
 * trip of first paint on mobile). It is ~10 KB compressed, once per page.
 */
function inlineStylesheets(clientDir: string): (html: string) => string {
  const css = new Map<string, string>();
  return (html) =>
    html.replace(/<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[\w.-]+\.css)">/g, (link, href: string) => {
      const file = path.join(clientDir, href);
      if (!css.has(href)) css.set(href, existsSync(file) ? readFileSync(file, 'utf8') : '');
      const text = css.get(href)!;
      // A stylesheet cannot hold "</style" except in a string or comment, and Tailwind writes none.
      if (!text || /<\/style/i.test(text)) return link;
      // Vite's loader, before running a lazy page that lists this stylesheet among its
      // dependencies, adds a <link> to it unless the page has one: the same 55 KB fetched and
      // applied again as the page hydrates, a full style recalculation (66 ms at Lighthouse's 4x
      // CPU on a profile). A disabled link is such a link, and is never fetched.
      return `<style>${text}</style><link rel="stylesheet" href="${href}" disabled>`;
    });
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page in the encoding the browser takes best (Brotli, then gzip), for HTML that is mostly the
 * same every time. The same document (a prerendered page, index.html) is compressed once, at
 * Brotli's best; a page rendered for one request, or a document whose best is not done yet, at a
 * fast level.
 *
 * The best compressions are made one after another, in the background: Brotli at 11 takes tens of
 * milliseconds a page, and all of them at once (some 30 as a server starts) filled libuv's thread
 * pool, so that the first visitors' pages, compressed on the same pool, waited half a second.
 * Until its best is made, a document is compressed at the fast level at once, on the main thread
 * (1-4 ms, once per document): while a server starts, a compression on the pool came back only
 * after the database's and the app's start had let go of the main thread, up to 700 ms later.
 */
export function createPageCompression() {
  type Encoding = 'br' | 'gzip';
  const brotliAt = (html: string, quality: number) => ({
    params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length },
  });
  const make = (html: string, encoding: Encoding, best: boolean) =>
    encoding === 'br' ? brotli(html, brotliAt(html, best ? 11 : 5)) : gzipAsync(html, { level: best ? 9 : 6 });
  const makeNow = (html: string, encoding: Encoding) =>
    encoding === 'br' ? brotliCompressSync(html, brotliAt(html, 5)) : gzipSync(html, { level: 6 });
  // The last document rendered for a request, compressed: concurrent requests for one profile share
  // its render (pages.ts), and then its compression too.
  let recent: { html: string; bodies: Map<Encoding, Promise<Buffer>> } | null = null;
  const compressedOnce = (html: string, encoding: Encoding) => {
    if (recent?.html !== html) recent = { html, bodies: new Map() };
    let body = recent.bodies.get(encoding);
    if (!body) recent.bodies.set(encoding, (body = make(html, encoding, false)));
    return body;
  };
  /**
   * By encoding and document: the best compressions made; the fast ones answered until then; and
   * those made or still to be made.
   */
  const best = new Map<string, Buffer>();
  const meanwhile = new Map<string, Buffer>();
  const queued = new Set<string>();
  let queue = Promise.resolve();
  const makeBest = (html: string, encoding: Encoding) => {
    const key = `${encoding}:${html}`;
    if (queued.has(key)) return;
    queued.add(key);
    queue = queue.then(() =>
      make(html, encoding, true).then(
        (body) => {
          best.set(key, body);
          meanwhile.delete(key);
        },
        () => void queued.delete(key),
      ),
    );
  };
  /** A document's compression: its best when made, else the fast one, made now if need be. */
  const reusedBody = (html: string, encoding: Encoding) => {
    const key = `${encoding}:${html}`;
    const made = best.get(key) ?? meanwhile.get(key);
    if (made) return made;
    makeBest(html, encoding);
    const fast = makeNow(html, encoding);
    meanwhile.set(key, fast);
    return fast;
  };
  return {
    warm(html: string) {
      for (const encoding of ['br', 'gzip'] as const) makeBest(html, encoding);
    },
    compress(html: string, acceptEncoding: string, reused: boolean) {
      const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
      if (!encoding) return null;
      return { encoding, body: reused ? Promise.resolve(reusedBody(html, encoding)) : compressedOnce(html, encoding) };
    },
  };
}
