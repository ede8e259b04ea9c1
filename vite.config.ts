import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; index.html is not here: the server renders it per request. */
const COMPRESSIBLE = /\.(js|css|svg|txt|json|xml)$/;

/**
 * Writes a Brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the
 * build, once, at build time; the server sends whichever the browser accepts (serveStatic's
 * `precompressed`), so no request pays for compression and every client gets the smallest file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'betproof:precompress',
    apply: 'build',
    configResolved(config) {
      // The server's render module (scripts/build-server.mjs) is read from disk, never sent.
      outDir = config.build.ssr ? '' : path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!outDir) return;
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      const files = entries.filter((e) => e.isFile() && COMPRESSIBLE.test(e.name));
      // zlib's async calls run on libuv's thread pool: the files compress in parallel.
      await Promise.all(
        files.map(async (entry) => {
          const file = path.join(entry.parentPath, entry.name);
          const source = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          // A tiny file can grow when compressed: then the original is what we send.
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** YYYY-MM-DD in this machine's calendar (as the landing page's localToday reads it). */
const localDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The icons of the site header and the landing page, by their file names in lucide-react. */
const SHELL_ICON_NAMES = [
  // spinner.tsx (the route's loading screen) and site-header.tsx
  'loader-circle',
  'layout-dashboard',
  'log-out',
  'user-round',
  'users',
  'trophy',
  'star',
  'shield',
  'menu',
  // landing-sections.tsx
  'arrow-right',
  'badge-check',
  'calendar-check',
  'calendar-days',
  'chart-column-increasing',
  'clock',
  'eye',
  'hourglass',
  'life-buoy',
  'lock-keyhole',
  'message-circle',
  'shield-check',
  'sparkles',
  'target',
];
const SHELL_ICONS = new RegExp(
  `[\\\\/]lucide-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/](${SHELL_ICON_NAMES.join('|')})\\.mjs$`,
);

// The SPA lives in src/client and builds to dist/client, which the Hono server serves.
// In `npm run dev`, Vite serves it with HMR and forwards /api to the API server on PORT (3000).
export default defineConfig({
  root: 'src/client',
  // The day of the build, local to the machine: what the prerendered landing page is as of.
  define: { 'import.meta.env.BUILD_DAY': JSON.stringify(localDay(new Date())) },
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // No modulepreload polyfill in the entry every page loads: our HTML lists no modulepreload
    // links for it to fetch, and Vite's loader falls back to rel=preload by itself where the
    // browser lacks modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The lucide icons in two chunks instead of one tiny chunk per set of pages that share
          // them (a page fetched up to 20 of those, and over HTTP/1.1 each waits for a connection:
          // Lighthouse's LCP 0.2-0.4 s later on the profile and dashboard). The header's and the
          // landing's icons load with every page; the rest (~6 KB gzipped) only with the pages
          // that use them, so the landing stays within its budget (tests/e2e/page-budgets.spec.ts
          // fails if a landing icon is missing here and pulls in the other chunk).
          groups: [
            { name: 'icons-shell', test: SHELL_ICONS, priority: 2 },
            { name: 'icons', test: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
