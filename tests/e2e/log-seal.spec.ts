/**
 * A bet's seal, end to end: the built server started with a real RFC 3161 time-stamp authority
 * (`openssl ts -reply` behind HTTP) in TIMESTAMP_AUTHORITIES and a witness run as
 * `betproof witness` in LOG_WITNESSES. A bet recorded through the API is sequenced, its checkpoint
 * stamped and cosigned; a visitor's profile page says "Sealed … UTC by Test TSA, 6 h 59 min before
 * the start, witnessed by 1", and the single-file verifier (dist/betproof-verify.mjs, plain Node)
 * checks the seal against the TSA's root and the witness's key and prints the same time.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/server/test/live-server.ts';
import { startOpensslTsa, type OpensslTsa } from '../../src/server/test/openssl-tsa.ts';
import { generateSignerKey, parseSignerKey } from '../../src/shared/log/note.ts';
import type { Seals } from '../../src/shared/log/api.ts';
import { expect, loadsUntilHydrated, test } from './support/fixtures.ts';
import { HOUR_MS, MINUTE_MS } from '../../src/shared/time-units.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const PASSWORD = 'correct-horse-battery-9';

/** Runs a process to its end: its exit code and output. */
const run = (args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
    execFile(process.execPath, args, { cwd: repoRoot }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }),
    ),
  );

/** The first line of a child's standard output that matches, waiting for it. */
const lineOf = (child: ChildProcess, pattern: RegExp) =>
  new Promise<RegExpExecArray>((resolve, reject) => {
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = pattern.exec(seen);
      if (match) resolve(match);
    });
    child.once('exit', () => reject(new Error(`exited before printing ${pattern}: ${seen}`)));
  });

test('a sealed bet: the profile says when and by whom, and the single-file verifier proves it', async ({ browser }) => {
  // A server of its own on a new embedded database (its first start migrates it), a TSA, a witness.
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'betproof-e2e-seal-'));
  const children: ChildProcess[] = [];
  let tsa: OpensslTsa | undefined;
  try {
    tsa = await startOpensslTsa('Test TSA');
    writeFileSync(path.join(dir, 'tsa-root.pem'), tsa.rootPem);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const logKey = generateSignerKey(`127.0.0.1:${port}/log`);
    const logVerifierKey = parseSignerKey(logKey).verifierKey;

    // The witness, as its operator runs it: it makes its key and prints its verifier key.
    const witnessPort = await freePort();
    const witness = spawn(
      process.execPath,
      [
        'bin/betproof.js',
        'witness',
        '--name',
        'witness.e2e/w1',
        '--key-file',
        path.join(dir, 'witness.key'),
        '--state',
        path.join(dir, 'witness-state.json'),
        '--log',
        logVerifierKey,
        '--port',
        String(witnessPort),
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(witness);
    const witnessKey = (await lineOf(witness, /^verifier key: (\S+)$/m))[1]!;

    const dataDir = path.join(dir, 'data');
    const server = spawn(process.execPath, ['dist/server/index.js'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        PORT: String(port),
        BASE_URL: origin,
        DATA_DIR: dataDir,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        LOG_SIGNING_KEY: logKey,
        TIMESTAMP_AUTHORITIES: tsa.url,
        LOG_WITNESSES: `${witnessKey} http://127.0.0.1:${witnessPort}`,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    children.push(server);
    await expect
      .poll(
        () =>
          fetch(`${origin}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 150_000 },
      )
      .toBe(200);

    // A bettor signs up, confirms from the outbox, signs in and records a bet 7 hours ahead.
    const email = `sealed.${randomBytes(3).toString('hex')}@example.com`;
    const post = (url: string, body: unknown, cookie = '') =>
      fetch(`${origin}${url}`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
    expect(
      (await post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '', ageConfirmed: true })).status,
    ).toBe(200);
    const outbox = path.join(dataDir, 'outbox');
    const mailedLink = () =>
      existsSync(outbox)
        ? readdirSync(outbox)
            .map((f) => JSON.parse(readFileSync(path.join(outbox, f), 'utf8')) as { to: string; text: string })
            .find((m) => m.to === email)
            ?.text.match(/https?:\/\/\S+/)?.[0]
        : undefined;
    await expect.poll(mailedLink).toBeTruthy();
    const link = mailedLink()!;
    const confirm = new URL(link);
    expect((await fetch(`${origin}${confirm.pathname}${confirm.search}`, { redirect: 'manual' })).status).toBe(302);
    const signIn = await post('/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const eventDate = new Date(Date.now() + 7 * HOUR_MS).toISOString();
    const recorded = await post(
      '/api/bets',
      { description: 'Sealed: Arsenal to win', amount: '10', odds: '+150', sport: 'soccer', eventDate },
      cookie,
    );
    expect(recorded.status, await recorded.clone().text()).toBe(201);
    const { id } = (await recorded.json()) as { id: string };
    const { username } = (await (await fetch(`${origin}/api/profile`, { headers: { cookie } })).json()) as {
      username: string;
    };

    // Sequenced, its checkpoint stamped by the TSA and cosigned by the witness, within seconds.
    let seal: Seals['seals'][number] | undefined;
    await expect
      .poll(
        async () => {
          const res = await fetch(`${origin}/api/profiles/${username}/seals?bets=${id}`);
          seal = ((await res.json()) as Seals).seals[0];
          return seal && seal.sealedAt !== null && seal.witnesses === 1;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    expect(seal).toMatchObject({ authority: 'Test TSA', backfilled: false });
    const sealedAt = new Date(seal!.sealedAt!);
    // The lead in whole minutes, worked here: the time-stamp has whole seconds, so a seal within the
    // second the bet was recorded reads "7 h", a later one "6 h 59 min".
    const leadMinutes = Math.floor((Date.parse(eventDate) - sealedAt.getTime()) / MINUTE_MS);
    expect(leadMinutes).toBeGreaterThanOrEqual(6 * 60 + 58);
    const [leadHours, leadRest] = [Math.floor(leadMinutes / 60), leadMinutes % 60];
    // The profile and the verifier word it alike (formatDuration), leaving out "0 min".
    const lead = `${leadHours} h${leadRest ? ` ${leadRest} min` : ''}`;

    // A visitor reads it on the profile, in UTC, against the event's start.
    const context = await browser.newContext();
    const page = loadsUntilHydrated(await context.newPage());
    await page.goto(`${origin}/${username}`);
    const line = page.getByText(/^Sealed .+ UTC by Test TSA, /);
    await expect(line).toHaveText(
      new RegExp(
        `^Sealed \\w{3} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M UTC by Test TSA, ${lead} before the start, witnessed by 1$`,
      ),
    );
    const minutes = String(sealedAt.getUTCMinutes()).padStart(2, '0');
    const hour12 = sealedAt.getUTCHours() % 12 || 12;
    await expect(line).toContainText(`, ${hour12}:${minutes} ${sealedAt.getUTCHours() < 12 ? 'AM' : 'PM'} UTC by`);
    await context.close();

    // The follower's verifier, one file run by plain Node: the seal checked against the TSA's root
    // and the witness's key, and the same time printed against the event's start.
    const verify = await run([
      'dist/betproof-verify.mjs',
      'verify',
      `${origin}/${username}`,
      '--log-key',
      logVerifierKey,
      '--tsa-roots',
      path.join(dir, 'tsa-root.pem'),
      '--witness',
      witnessKey,
      '--witnesses-needed',
      '1',
    ]);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('log: cosigned by 1 of 1 witnesses (witness.e2e/w1 at ');
    expect(verify.stdout).toMatch(
      new RegExp(
        `\\n {4}sealed ${sealedAt.toISOString().replace(/\./g, '\\.')} by Test TSA \\(checkpoint of \\d+ entries\\), ${lead} before the event starts\\n`,
      ),
    );
  } finally {
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve(null);
            child.once('exit', resolve);
            child.kill('SIGTERM');
          }),
      ),
    );
    await tsa?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
