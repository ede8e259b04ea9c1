import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  fillDocument,
  PRERENDERED_PAGES,
  SITE_CONTACT_GLOBAL,
  type RenderData,
  type RenderModule,
} from '../shared/page-rendering.ts';
import type { SiteContact } from '../shared/site-contact.ts';

/** Text for an HTML attribute value or element content: & < > " ' escaped. */
export const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

/**
 * The client's server-side render (src/client/ssr/render.tsx), as the build left it: the module
 * (dist/ssr/render.js) and the pages prerendered from it (dist/prerendered/), both beside the
 * client folder.
 */
export interface PageRendering extends RenderModule {
  /** Prerendered documents by exact address (path and query string: '/', '/?demo=1'). */
  prerendered: ReadonlyMap<string, string>;
}

/**
 * Loads the build's render module and prerendered pages; null when the build has none (dev, some
 * tests). With contact details set (runtime settings the build never sees), the pages are rendered
 * again here, once, with them.
 */
export async function loadPageRendering(clientDir: string, siteContact: SiteContact): Promise<PageRendering | null> {
  const dist = path.dirname(clientDir);
  const modulePath = path.join(dist, 'ssr', 'render.js');
  if (!existsSync(modulePath)) return null;
  (globalThis as Record<string, unknown>)[SITE_CONTACT_GLOBAL] = siteContact;
  const ssr = (await import(pathToFileURL(modulePath).href)) as RenderModule;
  const prerendered = new Map<string, string>();
  if (Object.keys(siteContact).length > 0) {
    const template = readFileSync(path.join(clientDir, 'index.html'), 'utf8');
    for (const { url, html } of await ssr.prerenderPages(template)) prerendered.set(url, html);
  } else {
    for (const { url, file } of PRERENDERED_PAGES) {
      const filePath = path.join(dist, 'prerendered', file);
      if (existsSync(filePath)) prerendered.set(url, readFileSync(filePath, 'utf8'));
    }
  }
  return { ...ssr, prerendered };
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
  const withHead = (html: string) => html.replace('</head>', () => `${headExtra}</head>`);
  const indexHtml = withHead(readFileSync(path.join(clientDir, 'index.html'), 'utf8'));
  const ready = rendering.then(
    (loaded) =>
      loaded && {
        ...loaded,
        prerendered: new Map([...loaded.prerendered].map(([url, html]) => [url, withHead(html)])),
      },
    (err: unknown) => {
      onError('(loading the render module)', err);
      return null;
    },
  );

  /** The page at `url`: prerendered when it was (and needs no data), else rendered now. */
  async function render(url: URL, data: RenderData = {}): Promise<string> {
    const loaded = await ready;
    if (!loaded) return indexHtml;
    const address = url.pathname + url.search;
    const prerendered = !data.profile && !data.missingProfile && loaded.prerendered.get(address);
    if (prerendered) return prerendered;
    try {
      const { appHtml, queryState } = await loaded.renderApp(address, { ...data, origin });
      return fillDocument(indexHtml, { appHtml, hydrate: true, queryState });
    } catch (err) {
      // A page that fails to render on the server is still the client's to render.
      onError(address, err);
      return indexHtml;
    }
  }

  return { indexHtml, render };
}
