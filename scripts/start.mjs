// `npm start`: runs the compiled server (dist/server/index.js) with plain Node. It builds first
// only when the build is missing or older than a source it is made from, so a built tree starts
// at once and a changed checkout never serves stale code.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import console from 'node:console';
import process from 'node:process';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['dist/server/index.js', 'dist/client/index.html', 'dist/ssr/render.js', 'dist/prerendered/index.html'];
const sources = ['src', 'vite.config.ts', 'package.json', 'package-lock.json', 'scripts/build-server.mjs'];

const mtime = (rel) => {
  try {
    return statSync(`${root}${rel}`).mtimeMs;
  } catch {
    return null;
  }
};

/** The newest modification time under `rel` (a file, or a folder walked; tests go into no build). */
function newest(rel) {
  const stat = statSync(`${root}${rel}`, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(`${root}${rel}`, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && !/\.test\.tsx?$/.test(entry.name))
      latest = Math.max(latest, statSync(`${entry.parentPath}/${entry.name}`).mtimeMs);
  return latest;
}

export function buildIsCurrent() {
  const built = outputs.map(mtime);
  if (built.some((t) => t === null)) return false;
  const oldest = Math.min(...built);
  return sources.every((rel) => newest(rel) <= oldest);
}

if (!buildIsCurrent()) {
  console.log('build missing or older than the sources: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import(pathToFileURL(`${root}dist/server/index.js`).href);
