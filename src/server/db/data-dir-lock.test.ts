import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('data directory lock (one process per PGlite data directory)', () => {
  let dir: string;
  let lockFile: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'betproof-lock-'));
    lockFile = path.join(dir, 'pglite.lock');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('holds the pid while open and removes the file on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lockFile)).toBe(false);
    lockDataDir(dir)(); // free again
  });

  it('refuses a second open in the same process', () => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
  });

  it('refuses while another live process holds it, naming the process', async () => {
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      writeFileSync(lockFile, String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(`in use by process ${other.pid}`);
      expect(readFileSync(lockFile, 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that died (a crash, SIGKILL), or a garbled one', async () => {
    const dead = spawn('true', { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    for (const stale of [String(dead.pid), 'garbage', String(process.pid)]) {
      writeFileSync(lockFile, stale);
      const release = lockDataDir(dir);
      expect(readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
      release();
    }
  });
});
