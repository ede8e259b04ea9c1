/**
 * The site: what the server answers from the build alone, needing neither the database nor most
 * of the app's modules. That is the client's files (hashed assets, the public folder) and the
 * pages that show no one's data (pages.ts, answerWithoutData), with the headers every answer
 * carries.
 *
 * The app (app.ts) mounts it behind its API. The server (run-server.ts) also answers with it
 * alone while it starts (siteUntilApp): the app's modules load and the database opens behind it.
 * The landing page then answers a few hundred milliseconds after a restart, and also after a first
 * start, which creates and migrates the database for seconds. Every other request waits for the
 * app; none is refused for coming early (bench/RESULTS.md, the startup section).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context, type Env } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { serveStatic } from '@hono/node-server/serve-static';
import { siteContactOf, type Config } from '../env.ts';
import { createDocuments, loadPageRendering, type Documents, type PageRendering } from './html.ts';
import type { Logger } from '../lib/logger.ts';
import { answerWithoutData, type PageAnswer } from './page-answers.ts';
import { siteContactScript } from '../../shared/site-contact.ts';

/** The security headers of every answer, the site's and the API's. */
export function siteHeaders(baseUrl: string) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Radix and sonner set inline style attributes; no inline script is ever allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: baseUrl.startsWith('https://') ? 'max-age=63072000; includeSubDomains' : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
  });
}

/** The built client (`clientDir`) and the documents its pages are answered with. */
export interface Site {
  clientDir: string;
  documents: Documents;
}

/**
 * The site of the build in `clientDir`; null without one (API-only tests, `npm run dev`, where
 * Vite serves the client). `pageRendering`: the client's server render, by default the build's.
 */
export function createSite({
  config,
  logger,
  clientDir,
  pageRendering,
}: {
  config: Config;
  logger: Logger;
  clientDir?: string;
  pageRendering?: Promise<PageRendering | null>;
}): Site | null {
  if (!clientDir || !existsSync(path.join(clientDir, 'index.html'))) return null;
  const siteContact = siteContactOf(config);
  const documents = createDocuments({
    clientDir,
    headExtra: siteContactScript(siteContact),
    origin: config.BASE_URL,
    rendering: pageRendering ?? loadPageRendering(clientDir, siteContact),
    onError: (url, err) => logger.error('page render failed', { url, error: String(err) }),
  });
  return { clientDir, documents };
}

/** A page's answer for its address; null leaves the address to the handlers after the site's. */
export type ResolvePage = (url: URL, indexHtml: string, headers: Headers) => Promise<PageAnswer | null>;

/**
 * Serves the built SPA: hashed assets cached for good (a missing one is a 404), files of the public
 * folder as they are, and every other path its page as `resolvePage` answers it (pages.ts: the
 * status, a 404 for no page, or a redirect). Text files go out as the Brotli or gzip copy the build
 * wrote beside them, when the browser takes it.
 */
export function mountSite<E extends Env>(app: Hono<E>, { clientDir, documents }: Site, resolvePage: ResolvePage) {
  const root = path.relative(process.cwd(), clientDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // A missing asset is a 404, not the SPA shell: a tab still running an old build asks for chunks
  // the new one no longer has, and must get an error it can handle rather than HTML parsed as JS.
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.text('Not Found', 404);
  });
  /** A kept page's compressions (an answer with an ETag is the same object while it is kept: pages.ts). */
  const keptCompressions = new WeakMap<object, Map<string, ReturnType<Documents['compress']>>>();
  const compress = (answer: { html: string; etag?: string }, acceptEncoding: string) => {
    if (!answer.etag) return documents.compress(answer.html, acceptEncoding);
    let made = keptCompressions.get(answer);
    if (!made) keptCompressions.set(answer, (made = new Map()));
    const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : '';
    let body = made.get(encoding);
    if (!body) made.set(encoding, (body = documents.compress(answer.html, acceptEncoding)));
    return body;
  };
  const servePage = async (c: Context<E>, next: () => Promise<void>) => {
    const answer = await resolvePage(new URL(c.req.url), documents.indexHtml, c.req.raw.headers);
    if (!answer) return next();
    if ('location' in answer) return c.redirect(answer.location, answer.status);
    const personal = 'personal' in answer && answer.personal;
    c.header('Vary', personal || answer.variesByCookie ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
    if (answer.etag) {
      // Any cache (a CDN) may keep the page, asking each time whether it still stands: a 304 while
      // the record behind it is unchanged, the new page once it changed (pages.ts).
      c.header('ETag', answer.etag);
      c.header('Cache-Control', 'public, no-cache');
    }
    if (answer.status === 304) return c.body(null, 304);
    // A signed-in page holds its reader's name and menu: never stored, anywhere.
    if (!answer.etag) c.header('Cache-Control', personal ? 'private, no-store' : 'no-cache');
    const compressed = await compress(answer, c.req.header('accept-encoding') ?? '');
    if (!compressed) return c.html(answer.html, answer.status);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Content-Encoding', compressed.encoding);
    return c.body(new Uint8Array(await compressed.body), answer.status);
  };
  // `/` is a page too: left to serveStatic (a directory, so its index.html) it went out without
  // no-cache, and a browser could keep a stale page whose hashed assets a deploy has removed.
  app.get('/', servePage);
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', servePage);
  // A form sent before the app has taken over its page (JavaScript still loading on a slow phone)
  // is the browser's own submission. The forms say method="post", so what was typed (a password)
  // never goes into an address, a history or a log; nothing is done with it, and the browser is
  // sent back to the page to send it again once the app runs.
  app.post('*', (c) => {
    const url = new URL(c.req.url);
    return c.redirect(url.pathname + url.search, 303);
  });
}

/** What answers a request: Hono's fetch, with the Node server's bindings (the client's address). */
export type Answer = (request: Request, env?: object) => Response | Promise<Response>;

/**
 * The server's answers while its app is starting: the site's pages and files, and for everything
 * else (the API, profiles, someone's own pages, the not-found check) the app's answer once it runs.
 */
export function siteUntilApp(site: Site, baseUrl: string, app: Promise<Answer>) {
  const early = new Hono();
  const byApp = async (c: Context) => (await app)(c.req.raw, c.env);
  early.all('/api/*', byApp);
  // (A page left to the app passes these again on its way out: they set what the app's set.)
  early.use(siteHeaders(baseUrl));
  mountSite(early, site, (url, _indexHtml, headers) => answerWithoutData(url, headers, site.documents.render));
  early.all('*', byApp);
  return early.fetch;
}
