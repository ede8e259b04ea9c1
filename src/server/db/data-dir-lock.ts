import { closeSync, openSync, readFileSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process at a time on an embedded (PGlite) data directory. PGlite runs PostgreSQL in
 * single-user mode and does not check its postmaster.pid, so a second server (or a CLI run while
 * the server is up) would open the same files and both would write them: corruption. The lock is a
 * file holding the owner's pid. A lock whose process is gone (a crash, SIGKILL) is stale and taken
 * over, so a restart after a crash needs no cleanup. See docs/decisions/004.
 */

export class DataDirLockedError extends Error {}

/** Lock files this process holds (a second open in the same process is refused too). */
const held = new Set<string>();

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock on `dataDir` (which must exist); answers the function that releases it. */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(path.resolve(dataDir), 'pglite.lock');
  if (held.has(file)) throw new DataDirLockedError(`${dataDir} is already open in this process`);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => release(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = Number.parseInt(readFileSync(file, 'utf8'), 10);
    // Our own pid in a lock we do not hold: left by an earlier life of this pid (a container
    // restarted with the same volume runs the server as the same pid again).
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(
        `The embedded database in ${dataDir} is in use by process ${owner}; PGlite allows one process at a time. ` +
          `Stop that process first (if none is running, delete ${file}).`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirLockedError(`Could not lock ${file}: another process keeps taking it`);
}

function release(file: string) {
  held.delete(file);
  try {
    if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
  } catch {
    // already gone
  }
}
