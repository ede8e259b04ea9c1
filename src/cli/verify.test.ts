import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GENESIS_HASH, hashedText, ledgerLine, type LedgerEntry, type LedgerPage } from '../shared/ledger.ts';
import type { Bet } from '../shared/bet-schemas.ts';
import { describeEachDatabase, signUpAndSignIn, type TestEnv } from '../server/test/harness.ts';
import { ledgerUrl, parseArgs, parseHead, report } from './verify.ts';
import { comparePages } from './verify-pages.ts';
import { HOUR_MS } from '../shared/time-units.ts';
import { downloadBudgetMessage } from '../shared/quotas.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** `node bin/betproof.js …` as a user runs it (async: a server in this process must keep answering). */
function betproof(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['bin/betproof.js', ...args], { cwd: repoRoot }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A chain built as the database builds it: `n` recorded bets. */
function chain(n: number): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const unhashed = {
      seq,
      at: new Date(Date.UTC(2025, 0, seq)).toISOString(),
      kind: 'recorded' as const,
      bet: {
        id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
        description: `Bet ${seq}: "quoted" é 😀`,
        sport: 'soccer' as const,
        stake: 1000 * seq,
        odds: '5/2',
        eventStart: new Date(Date.UTC(2025, 0, seq + 1)).toISOString(),
        status: 'pending' as const,
        profit: null,
      },
      prevHash,
    };
    prevHash = sha256(hashedText(unhashed));
    entries.push({ ...unhashed, hash: prevHash });
  }
  return entries;
}
const ndjson = (entries: readonly LedgerEntry[]) => entries.map((e) => `${ledgerLine(e)}\n`).join('');

describe('betproof verify: arguments and report', () => {
  const hash = 'ab'.repeat(32);

  it('parses a source and --since in either order; help; usage errors', () => {
    expect(parseArgs(['verify', 'x.ndjson'])).toEqual({ kind: 'verify', args: { source: 'x.ndjson' } });
    const since = { seq: 17, hash };
    expect(parseArgs(['verify', 'x', '--since', `17:${hash}`])).toEqual({
      kind: 'verify',
      args: { source: 'x', since },
    });
    expect(parseArgs(['verify', `--since=17:${hash.toUpperCase()}`, 'x'])).toEqual({
      kind: 'verify',
      args: { source: 'x', since },
    });
    expect(parseArgs([])).toEqual({ kind: 'help' });
    expect(parseArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['verify', '--help'])).toEqual({ kind: 'help' });
    expect(parseArgs(['check', 'x'])).toMatchObject({ kind: 'usage', error: 'unknown command "check"' });
    expect(parseArgs(['verify'])).toMatchObject({ kind: 'usage' });
    expect(parseArgs(['verify', 'a', 'b'])).toMatchObject({ kind: 'usage' });
    expect(parseArgs(['verify', 'a', '--since'])).toMatchObject({ kind: 'usage' });
    expect(parseArgs(['verify', 'a', '--frobnicate'])).toMatchObject({ kind: 'usage' });
    expect(parseArgs(['verify', 'a', '--since', '17'])).toMatchObject({ kind: 'usage' });
    expect(parseArgs(['verify', 'https://h/jane', '--pages'])).toEqual({
      kind: 'verify',
      args: { source: 'https://h/jane', pages: true },
    });
    expect(parseArgs(['verify', 'x.ndjson', '--pages'])).toEqual({
      kind: 'usage',
      error: '--pages reads the server: give a profile URL',
    });
  });

  describe('--pages: the JSON pages against the download', () => {
    const entries = chain(5);
    const lines = entries.map(ledgerLine);
    const ndjson = new URL('https://betproof.example/api/profiles/jane/ledger.ndjson');
    /** A server whose pages hold `served` (two entries a page), recording what was asked. */
    const server = (served: LedgerEntry[], asked: string[]) =>
      (async (input: string | URL | Request) => {
        const url = new URL(String(input));
        asked.push(`${url.pathname}${url.search}`);
        const after = Number(url.searchParams.get('after'));
        const page = served.filter((e) => e.seq > after).slice(0, 2);
        const head = served.at(-1)!;
        return Response.json({
          username: 'jane',
          head: { seq: head.seq, hash: head.hash },
          entries: page,
          logIndexes: page.map(() => null),
        });
      }) as typeof fetch;

    it('agree when the pages hold the same entries, appended ones aside', async () => {
      const asked: string[] = [];
      expect(await comparePages(ndjson, lines.slice(0, 4), server(entries, asked))).toEqual({ ok: true, pages: 2 });
      expect(asked).toEqual([
        '/api/profiles/jane/ledger?after=0&limit=1000',
        '/api/profiles/jane/ledger?after=2&limit=1000',
      ]);
    });

    it('differ when an entry was changed, or the pages are shorter', async () => {
      const changed = entries.map((e) => (e.seq === 3 ? { ...e, bet: { ...e.bet, stake: 1 } } : e));
      expect(await comparePages(ndjson, lines, server(changed, []))).toEqual({
        ok: false,
        problem: "the JSON pages' entry 3 differs from the download's",
      });
      expect(await comparePages(ndjson, lines, server(entries.slice(0, 3), []))).toEqual({
        ok: false,
        problem: 'the JSON pages end at entry 3, the download at entry 5',
      });
    });
  });

  it('reads a head as seq:hash', () => {
    expect(parseHead(`0:${GENESIS_HASH}`)).toEqual({ seq: 0, hash: GENESIS_HASH });
    expect(parseHead(` 3:${hash} `)).toEqual({ seq: 3, hash });
    for (const bad of [
      '3',
      `3:${hash.slice(1)}`,
      `-1:${hash}`,
      `1.5:${hash}`,
      `x:${hash}`,
      `3:${hash}0`,
      `99999999999:${hash}`,
    ]) {
      expect(parseHead(bad)).toBeNull();
    }
  });

  it('downloads from the NDJSON URL of a profile page, the API URL or the NDJSON URL itself', () => {
    const nd = 'https://betproof.example/api/profiles/jane_doe/ledger.ndjson';
    for (const source of [
      'https://betproof.example/jane_doe',
      'https://betproof.example/jane_doe/',
      'https://betproof.example/jane_doe?tab=bets#top',
      'https://betproof.example/api/profiles/jane_doe',
      'https://betproof.example/api/profiles/jane_doe/ledger?after=3&limit=10',
      nd,
    ]) {
      expect(ledgerUrl(source)?.href, source).toBe(nd);
    }
    expect(ledgerUrl('http://localhost:3100/app/jane.doe')?.href).toBe(
      'http://localhost:3100/app/api/profiles/jane.doe/ledger.ndjson',
    );
    for (const bad of ['https://betproof.example/', 'https://betproof.example/api/health', 'ftp://x/jane', 'nope']) {
      expect(ledgerUrl(bad), bad).toBeNull();
    }
  });

  it('reports success, with --since, and failure', () => {
    expect(report({ ok: true, head: { seq: 1, hash }, count: 1 })).toEqual({
      stdout: [`OK: 1 entry verified; head 1:${hash}`],
      stderr: [],
      code: 0,
    });
    expect(report({ ok: true, head: { seq: 42, hash }, count: 42 }, { seq: 17, hash: GENESIS_HASH })).toEqual({
      stdout: [
        `OK: 42 entries verified; head 42:${hash}`,
        `the history up to 17:${GENESIS_HASH} is unchanged; 25 entries appended since`,
      ],
      stderr: [],
      code: 0,
    });
    expect(report({ ok: false, seq: 3, problem: 'a gap' })).toEqual({
      stdout: [],
      stderr: ['FAILED at entry 3: a gap'],
      code: 1,
    });
  });
});

// Each run starts a Node process with tsx: about a second, several on a busy machine.
describe('betproof verify <file> (the command, as a child process)', { timeout: 60_000 }, () => {
  let dir: string;
  const entries = chain(5);
  const lines = entries.map(ledgerLine);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'betproof-verify-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verifies a ledger: exit 0 and the head to save', async () => {
    const result = await betproof('verify', write('ok.ndjson', ndjson(entries)));
    expect(result).toEqual({ code: 0, stdout: `OK: 5 entries verified; head 5:${entries[4]!.hash}\n`, stderr: '' });
  });

  it('verifies an empty ledger', async () => {
    const result = await betproof('verify', write('empty.ndjson', ''));
    expect(result).toEqual({ code: 0, stdout: `OK: 0 entries verified; head 0:${GENESIS_HASH}\n`, stderr: '' });
  });

  it('--since an earlier head: says the history up to it is unchanged and how much was appended', async () => {
    const file = write('since.ndjson', ndjson(entries));
    const result = await betproof('verify', file, '--since', `2:${entries[1]!.hash}`);
    expect(result).toEqual({
      code: 0,
      stdout:
        `OK: 5 entries verified; head 5:${entries[4]!.hash}\n` +
        `the history up to 2:${entries[1]!.hash} is unchanged; 3 entries appended since\n`,
      stderr: '',
    });
  });

  it('a tampered line: exit 1, FAILED at that entry', async () => {
    const tampered = lines.map((l, i) => (i === 2 ? l.replace('"stake":3000', '"stake":3001') : l));
    const result = await betproof('verify', write('tampered.ndjson', tampered.map((l) => `${l}\n`).join('')));
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `FAILED at entry 3: hash mismatch: the entry hashes to ${sha256(hashedText({ ...entries[2]!, bet: { ...entries[2]!.bet, stake: 3001 } }))}, but its hash field says ${entries[2]!.hash}\n`,
    );
  });

  it('a line that is not JSON: exit 1', async () => {
    const broken = [lines[0], lines[1]!.slice(0, -1)].map((l) => `${l}\n`).join('');
    const result = await betproof('verify', write('broken.ndjson', broken));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^FAILED at entry 2: the line is not JSON \(.+\)\n$/);
  });

  it('a gap: exit 1', async () => {
    const gap = [...lines.slice(0, 3), ...lines.slice(4)].map((l) => `${l}\n`).join('');
    const result = await betproof('verify', write('gap.ndjson', gap));
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: 'FAILED at entry 4: expected seq 4, found 5: an entry is missing (a gap)\n',
    });
  });

  it('a saved head the file no longer has (--since): exit 1', async () => {
    const file = write('rewritten.ndjson', ndjson(entries));
    const saved = `3:${'f'.repeat(64)}`;
    const result = await betproof('verify', file, '--since', saved);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `FAILED at entry 3: entry 3 no longer has the saved hash ${'f'.repeat(64)}: the history up to it was rewritten, not only appended to\n`,
    });
    const beyond = await betproof('verify', file, '--since', `9:${'f'.repeat(64)}`);
    expect(beyond).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^FAILED at entry 9: the chain is shorter than your saved head: it ends at entry 5, your head is entry 9/,
      ),
    });
  });

  it('a malformed --since, no source, an unknown command: usage, exit 2', async () => {
    const file = write('usage.ndjson', ndjson(entries));
    const bad = await betproof('verify', file, '--since', '3:abc');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(
      /^betproof: --since must be <seq>:<hash> \(a whole number, a colon, 64 hex digits\), not "3:abc"\nUsage: betproof verify/,
    );
    expect(await betproof('verify')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^betproof: give a profile URL/),
    });
    expect(await betproof('frobnicate')).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown command/) });
  });

  it('--help: the usage on stdout, exit 0', async () => {
    const result = await betproof('verify', '--help');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      /^Usage: betproof verify <profile URL \| NDJSON file> \[--since <seq>:<hash>\] \[--pages\] \[log options\]\n/,
    );
    expect(result.stdout).toContain('Exit status: 0 verified, 1 verification failed, 2 could not check');
  });

  /** `betproof verify <origin>/jane_doe` against a server that answers every request with `status`, `type` and `body`. */
  async function verifyAgainst(status: number, type: string, body: string) {
    const server = createServer((_req, res) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      return { origin, result: await betproof('verify', `${origin}/jane_doe`) };
    } finally {
      server.close();
    }
  }

  it('an answer that is not a ledger (a web page): exit 2', async () => {
    const { origin, result } = await verifyAgainst(200, 'text/html', '<!doctype html><title>Not betproof</title>');
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `betproof: ${origin}/api/profiles/jane_doe/ledger.ndjson is not a betproof ledger (content-type text/html)\n`,
    });
  });

  it("a server over the address's download budget: exit 2, with its wait", async () => {
    const said = downloadBudgetMessage(64 * 1024 * 1024, 42);
    const { origin, result } = await verifyAgainst(429, 'application/json', JSON.stringify({ error: said }));
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `betproof: ${origin}/api/profiles/jane_doe/ledger.ndjson answered 429 (too many downloads from this network): Your network has used this minute's 64 MB of ledger downloads. Try again in 42 seconds.\n`,
    });
  });

  it('a missing file: exit 2', async () => {
    const missing = path.join(dir, 'missing.ndjson');
    expect(await betproof('verify', missing)).toEqual({
      code: 2,
      stdout: '',
      stderr: `betproof: no such file: ${missing}\n`,
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Against a real server: the app on a database, listening on a port, recorded and settled through the API

async function listen(env: TestEnv): Promise<{ server: ServerType; origin: string }> {
  return new Promise((resolve) => {
    const server = serve({ fetch: env.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ server, origin: `http://127.0.0.1:${info.port}` }),
    );
  });
}

describeEachDatabase('betproof verify against a listening server', (env) => {
  let server: ServerType;
  let origin: string;
  let dir: string;

  beforeAll(async () => {
    ({ server, origin } = await listen(env()));
    dir = mkdtempSync(path.join(tmpdir(), 'betproof-verify-live-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => env().clock.reset());
  afterEach(() => env().clock.reset());

  const eventIn = (ms: number) => new Date(env().clock.now().getTime() + ms).toISOString();

  async function record(cookie: string, body: Record<string, unknown>): Promise<Bet> {
    const res = await env().request('/api/bets', {
      cookie,
      body: { amount: '10', odds: '+150', sport: 'basketball', eventDate: eventIn(7 * HOUR_MS), ...body },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as Bet;
  }

  async function usernameOf(cookie: string): Promise<string> {
    return ((await (await env().request('/api/profile', { cookie })).json()) as { username: string }).username;
  }

  it('verifies a profile recorded and settled through the API; a tampered download fails', async () => {
    const { cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(cookie);
    const a = await record(cookie, { description: 'Lakers "ML" \\ é 😀 \u0007 tab\there\u2028next', odds: '5/2' });
    await record(cookie, { description: 'Celtics +3.5', amount: '12.34', odds: '-110' });
    env().clock.advance(8 * HOUR_MS);
    const settled = await env().request(`/api/bets/${a.id}`, { cookie, method: 'PATCH', body: { status: 'won' } });
    expect(settled.status, await settled.clone().text()).toBe(200);

    const page = (await (await env().request(`/api/profiles/${username}/ledger`)).json()) as LedgerPage;
    expect(page.entries.map((e) => e.kind)).toEqual(['recorded', 'recorded', 'settled']);
    const ok = `OK: 3 entries verified; head 3:${page.head.hash}\n`;
    expect(await betproof('verify', `${origin}/${username}`)).toEqual({ code: 0, stdout: ok, stderr: '' });
    expect(await betproof('verify', `${origin}/api/profiles/${username}/ledger`)).toMatchObject({
      code: 0,
      stdout: ok,
    });
    expect(await betproof('verify', `${origin}/${username}`, '--pages')).toEqual({
      code: 0,
      stdout: `${ok}the JSON pages hold the same entries (1 page read)\n`,
      stderr: '',
    });

    // The download, saved, verifies; changed by one character (a won bet made lost), it does not.
    const download = await fetch(`${origin}/api/profiles/${username}/ledger.ndjson`);
    const text = await download.text();
    const file = path.join(dir, `${username}.ndjson`);
    writeFileSync(file, text);
    expect(await betproof('verify', file)).toEqual({ code: 0, stdout: ok, stderr: '' });
    writeFileSync(file, text.replace('"status":"won"', '"status":"lost"'));
    const tampered = await betproof('verify', file);
    expect(tampered.code).toBe(1);
    expect(tampered.stdout).toBe('');
    expect(tampered.stderr).toMatch(/^FAILED at entry 3: hash mismatch: /);
    // A line removed.
    writeFileSync(
      file,
      text
        .split('\n')
        .filter((_, i) => i !== 1)
        .join('\n'),
    );
    expect(await betproof('verify', file)).toMatchObject({
      code: 1,
      stderr: 'FAILED at entry 2: expected seq 2, found 3: an entry is missing (a gap)\n',
    });

    // Later: more appended (a recording and a deletion before its event); the saved head still holds.
    const saved = `${page.head.seq}:${page.head.hash}`;
    const c = await record(cookie, { description: 'Nuggets ML' });
    expect((await env().request(`/api/bets/${c.id}`, { cookie, method: 'DELETE' })).status).toBe(204);
    const later = (await (await env().request(`/api/profiles/${username}/ledger`)).json()) as LedgerPage;
    expect(later.head.seq).toBe(5);
    expect(await betproof('verify', `${origin}/${username}`, '--since', saved)).toEqual({
      code: 0,
      stdout:
        `OK: 5 entries verified; head 5:${later.head.hash}\n` +
        `the history up to ${saved} is unchanged; 2 entries appended since\n`,
      stderr: '',
    });
    // A head the server's chain never had.
    expect(await betproof('verify', `${origin}/${username}`, '--since', `2:${page.head.hash}`)).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^FAILED at entry 2: entry 2 no longer has the saved hash/),
    });
    expect(readFileSync(file, 'utf8')).not.toBe(text);
  }, 120_000);

  it('an unknown profile and a private one: the same 404, exit 2, saying so', async () => {
    const unknown = await betproof('verify', `${origin}/no_such_user_zz`);
    expect(unknown).toEqual({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(
        new RegExp(
          `^betproof: ${origin}/api/profiles/no_such_user_zz/ledger.ndjson answered 404 \\(no such profile, or it is private\\): Profile not found\n$`,
        ),
      ),
    });

    const { cookie } = await signUpAndSignIn(env());
    const username = await usernameOf(cookie);
    await record(cookie, { description: 'Hidden bet' });
    const settings = await env().request('/api/profile/settings', {
      cookie,
      method: 'PUT',
      body: { profilePublic: false, social: { twitter: '', instagram: '', youtube: '', website: '' } },
    });
    expect(settings.status).toBe(200);
    const hidden = await betproof('verify', `${origin}/${username}`);
    expect(hidden).toEqual({
      code: 2,
      stdout: '',
      stderr: `betproof: ${origin}/api/profiles/${username}/ledger.ndjson answered 404 (no such profile, or it is private): Profile not found\n`,
    });
  }, 60_000);

  it('a server that is not listening, and a page that is not a ledger: exit 2', async () => {
    const closed = await betproof('verify', 'http://127.0.0.1:9/someone');
    expect(closed.code).toBe(2);
    expect(closed.stderr).toMatch(
      /^betproof: could not fetch http:\/\/127\.0\.0\.1:9\/api\/profiles\/someone\/ledger\.ndjson: /,
    );
    const notLedger = await betproof('verify', `${origin}/api/health`);
    expect(notLedger.code).toBe(2);
    expect(notLedger.stderr).toMatch(/^betproof: not a profile or ledger URL/);
  }, 60_000);
});
