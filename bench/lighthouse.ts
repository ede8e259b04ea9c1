/**
 * Lighthouse on the built app: `/`, `/auth`, a public profile, `/dashboard` signed in with a record,
 * and `/dashboard` of a brand-new account (no username chosen, no bets: the first impression).
 *
 *   npm run build && npm run lighthouse              # mobile (Lighthouse's default config)
 *   npm run lighthouse -- --desktop                  # desktop config, written beside it
 *   npm run lighthouse -- --runs 3                   # median of 3 runs per page (default 1)
 *   npm run lighthouse -- --json /tmp/lh             # also keep each full report (JSON) there
 *   npm run lighthouse -- --only /auth               # one page (repeatable); writes no report
 *
 * Builds nothing: it starts the built server (src/server/index.ts serving dist/client) as a child
 * process on a free port with a throwaway PGlite data directory, signs up one bettor through the
 * API (confirmation link from the outbox), gives them a public profile and a few bets, signs up a
 * second account that does nothing more, and runs
 * Lighthouse (npm package, system Chromium through chrome-launcher) on each page. The dashboard
 * gets the session cookie through Lighthouse's `extraHeaders` (the documented way for a cookie
 * session; it replaces every other cookie, and there are none). Scores go to bench/LIGHTHOUSE.md
 * (or LIGHTHOUSE-desktop.md), with the audits that cost points on any page below target.
 * Exits 1 when a page misses: performance >= 95, accessibility, best practices and SEO = 100, LCP
 * <= 1.8 s, CLS <= 0.05.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { writeResultsPart } from './report.ts';
import { startServer, type RunningServer } from './server-process.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGETS: Record<Category, number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
const CATEGORY_TITLES: Record<Category, string> = {
  performance: 'Performance',
  accessibility: 'Accessibility',
  'best-practices': 'Best practices',
  seo: 'SEO',
};
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const PASSWORD = 'lighthouse-correct-horse-9';
const USERNAME = 'lighthouse_bettor';
/** Of the profile's 50 bets (its page shows the first 20). */
const SETTLED_BETS = 40;

const clientIndex = fileURLToPath(new URL('../dist/client/index.html', import.meta.url));

interface Options {
  desktop: boolean;
  runs: number;
  /** Where to keep the full reports, if anywhere. */
  jsonDir?: string;
  /** Only these page paths (for working on one page); no report is written then. */
  only: string[];
}

function parseArgs(argv: string[]): Options {
  const opts: Options = { desktop: false, runs: 1, only: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--desktop') opts.desktop = true;
    else if (arg === '--runs') opts.runs = Number(argv[++i]);
    else if (arg === '--json' && argv[i + 1]) opts.jsonDir = path.resolve(argv[++i]!);
    else if (arg === '--only' && argv[i + 1]) opts.only.push(argv[++i]!);
    else throw new Error(`unknown argument ${arg} (expected --desktop, --runs N, --json DIR, --only PATH)`);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1) throw new Error('--runs takes a whole number >= 1');
  return opts;
}

// --- the bettor the pages show ----------------------------------------------------------------

async function api(server: RunningServer, urlPath: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', server.origin);
  if (init.body) headers.set('content-type', 'application/json');
  if (init.cookie) headers.set('cookie', init.cookie);
  const res = await fetch(server.origin + urlPath, { ...init, headers, redirect: 'manual' });
  if (res.status >= 400)
    throw new Error(`${init.method ?? 'GET'} ${urlPath} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The link in the outbox mail to `email` (the server writes each mail as JSON under DATA_DIR/outbox). */
async function mailedLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let attempt = 0; attempt < 100; attempt++) {
    const files = existsSync(outbox) ? readdirSync(outbox) : [];
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(outbox, file), 'utf8')) as { to: string; text: string };
      const link = mail.to === email ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation mail to ${email} in ${outbox}`);
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** Signs a bettor up and in, makes the profile public with a username, records and settles bets. */
/** Signs up `email` through the API as a person does (the confirmation link from the outbox) and signs in: its cookie. */
async function signUp(server: RunningServer, dataDir: string, email: string, name: string): Promise<string> {
  await api(server, '/api/auth/sign-up/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD, name, ageConfirmed: true }),
  });
  const confirm = new URL(await mailedLink(dataDir, email));
  await api(server, confirm.pathname + confirm.search);
  const signIn = await api(server, '/api/auth/sign-in/email', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  // name=value of every cookie the sign-in set (the session token, and its cache if enabled).
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

async function seedBettor(server: RunningServer, dataDir: string): Promise<{ cookie: string }> {
  const cookie = await signUp(server, dataDir, 'lighthouse@example.com', 'Lighthouse Bettor');

  await api(server, '/api/profile', { method: 'PATCH', cookie, body: JSON.stringify({ username: USERNAME }) });
  await api(server, '/api/profile/settings', {
    method: 'PUT',
    cookie,
    body: JSON.stringify({
      profilePublic: true,
      social: { twitter: 'lighthouse_bettor', instagram: '', youtube: '', website: 'https://example.com' },
    }),
  });
  const sports = ['football', 'basketball', 'tennis', 'baseball', 'mma', 'soccer'];
  // 40 settled bets: each recorded on a clock shifted two days back (the seeding server takes
  // X-Test-Clock-Offset) for an event that started a day ago, then settled now; 10 still ahead.
  for (let i = 0; i < 50; i++) {
    const settled = i < SETTLED_BETS;
    const res = await api(server, '/api/bets', {
      method: 'POST',
      cookie,
      headers: settled ? { 'x-test-clock-offset': String(-2 * 86_400_000) } : {},
      body: JSON.stringify({
        description: `Lighthouse pick ${i + 1}: home side to win`,
        amount: String(10 + (i % 12) * 5),
        odds: i % 2 ? '+150' : '-110',
        sport: sports[i % sports.length],
        eventDate: settled ? inDays(-1 + i / 1440) : inDays(1 + i),
      }),
    });
    const { id } = (await res.json()) as { id: string };
    if (settled) {
      await api(server, `/api/bets/${id}`, {
        method: 'PATCH',
        cookie,
        body: JSON.stringify({ status: i % 3 === 2 ? 'lost' : 'won' }),
      });
    }
  }
  return { cookie };
}

// --- Lighthouse --------------------------------------------------------------------------------

interface PageRun {
  label: string;
  path: string;
  lhr: Result;
}

const score = (lhr: Result, category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
/** The metric targets: LCP at most 1.8 s and CLS at most 0.05 on every page. */
const METRIC_TARGETS = [
  { id: 'largest-contentful-paint', label: 'LCP', max: 1800, unit: ' ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', max: 0.05, unit: '' },
] as const;
const overTarget = (lhr: Result, id: (typeof METRIC_TARGETS)[number]['id']) =>
  (lhr.audits[id]?.numericValue ?? Number.POSITIVE_INFINITY) > METRIC_TARGETS.find((m) => m.id === id)!.max;
const missedCategories = (lhr: Result) => CATEGORIES.filter((c) => score(lhr, c) < TARGETS[c]);
const missedMetrics = (lhr: Result) => METRIC_TARGETS.filter((m) => overTarget(lhr, m.id));
/** What a page misses: categories below their target and metrics over theirs. */
const misses = (lhr: Result): string[] => [...missedCategories(lhr), ...missedMetrics(lhr).map((m) => m.label)];

/** The audits that cost a category points: scored, below full marks, with what Lighthouse measured. */
function failingAudits(lhr: Result, category: Category): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit && audit.score !== null && audit.score < 1)
    .filter(({ ref, audit }) => ref.weight > 0 || (audit!.score ?? 1) < 0.9)
    .map(({ audit }) => `${audit!.title}${audit!.displayValue ? ` (${audit!.displayValue})` : ''}`);
}

async function runLighthouse(port: number, url: string, opts: Options, extraHeaders?: Record<string, string>) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(extraHeaders ? { extraHeaders } : {}),
  };
  // Tracing now and then fails on a busy machine (NO_NAVSTART...): Lighthouse says to run it again.
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, flags, opts.desktop ? desktopConfig : undefined);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`${url}: ${error.message}`);
    console.warn(`${url}: ${error.code}, running it again`);
  }
}

/** With several runs, the one with the median performance score (Lighthouse's own advice). */
function medianRun(lhrs: Result[]): Result {
  const sorted = [...lhrs].sort((a, b) => score(a, 'performance') - score(b, 'performance'));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

// --- report ------------------------------------------------------------------------------------

function settingsLine(lhr: Result): string {
  const s = lhr.configSettings;
  const t = s.throttling;
  const screen = s.screenEmulation;
  return [
    `form factor **${s.formFactor}** (${screen.width}x${screen.height} @${screen.deviceScaleFactor}x)`,
    `throttling **${s.throttlingMethod}**: RTT ${t.rttMs} ms, ${Math.round(t.throughputKbps)} kbps down, CPU slowdown ${t.cpuSlowdownMultiplier}x`,
    `Lighthouse ${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, benchmark index ${Math.round(lhr.environment.benchmarkIndex)}`,
  ].join('; ');
}

/** The arguments after `npm run lighthouse` that reproduce this run. */
function commandArgs(opts: Options): string {
  const args = [...(opts.desktop ? ['--desktop'] : []), ...(opts.runs > 1 ? ['--runs', String(opts.runs)] : [])];
  return args.length > 0 ? ` -- ${args.join(' ')}` : '';
}

/** The scores and metrics of each page, a target missed in bold with ✗, and whether all are met. */
function scoreTable(runs: PageRun[]): string[] {
  const met = runs.every(({ lhr }) => misses(lhr).length === 0);
  return [
    `| page | ${CATEGORIES.map((c) => CATEGORY_TITLES[c]).join(' | ')} | FCP | LCP | TBT | CLS |`,
    `| --- | ${CATEGORIES.map(() => '---:').join(' | ')} | ---: | ---: | ---: | ---: |`,
    ...runs.map(({ label, lhr }) => {
      const metric = (id: string) => {
        const shown = lhr.audits[id]?.displayValue ?? '—';
        return METRIC_TARGETS.some((m) => m.id === id) && overTarget(lhr, id as (typeof METRIC_TARGETS)[number]['id'])
          ? `**${shown}** ✗`
          : shown;
      };
      const cells = CATEGORIES.map((c) => (score(lhr, c) < TARGETS[c] ? `**${score(lhr, c)}** ✗` : `${score(lhr, c)}`));
      return `| ${label} | ${cells.join(' | ')} | ${metric('first-contentful-paint')} | ${metric('largest-contentful-paint')} | ${metric('total-blocking-time')} | ${metric('cumulative-layout-shift')} |`;
    }),
    '',
    met ? 'Every page meets every target.' : 'Not every page meets every target: ✗ marks each miss.',
    '',
  ];
}

/**
 * The mobile run's rows for RESULTS.md's current figures: per page its targets, its scores and
 * metrics (a miss in bold with ✗), and when, on what host and by which command they were measured.
 */
function resultsPart(runs: PageRun[], opts: Options): string {
  const date = new Date().toISOString().slice(0, 10);
  const index = Math.round(runs[0]!.lhr.environment.benchmarkIndex).toLocaleString('en-US');
  const command = `\`npm run lighthouse${commandArgs(opts)}\``;
  const target = `${CATEGORIES.map((c) => TARGETS[c]).join(' · ')}; ${METRIC_TARGETS.map((m) => `${m.label} ≤ ${m.max}${m.unit}`).join(', ')}`;
  return [
    `| page | target | figure | date | host index | command |`,
    `| --- | --- | --- | --- | ---: | --- |`,
    ...runs.map(({ label, lhr }) => {
      const scores = CATEGORIES.map((c) =>
        score(lhr, c) < TARGETS[c] ? `**${score(lhr, c)}** ✗` : `${score(lhr, c)}`,
      );
      const metrics = METRIC_TARGETS.map((m) => {
        const shown = `${m.label} ${lhr.audits[m.id]?.displayValue ?? '—'}`;
        return overTarget(lhr, m.id) ? `**${shown}** ✗` : shown;
      });
      return `| ${label} | ≥ ${target} | ${scores.join(' · ')}; ${metrics.join(', ')} | ${date} | ${index} | ${command} |`;
    }),
  ].join('\n');
}

function report(runs: PageRun[], opts: Options): string {
  const cpu = cpus();
  const lines = [
    `# Lighthouse${opts.desktop ? ' (desktop)' : ''}`,
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpu.length} x ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (1/5/15 min) at the end; Node ${process.version}`,
    `- Command: \`npm run build && npm run lighthouse${commandArgs(opts)}\``,
    `- Settings: ${settingsLine(runs[0]!.lhr)}`,
    `- Runs per page: ${opts.runs}${opts.runs > 1 ? ' (the run with the median performance score is shown)' : ''}`,
    '- Server: the built app (`src/server/index.ts`, NODE_ENV=production) on loopback, PGlite in a temporary directory; one bettor with a public profile and 50 bets (40 settled; the page shows the first 20)',
    `- Targets: performance >= ${TARGETS.performance}; accessibility, best practices and SEO = 100; ${METRIC_TARGETS.map((m) => `${m.label} <= ${m.max}${m.unit}`).join(', ')}`,
    '- Noise: simulated throttling computes the network from a model, but scales the CPU work it observed (x4 on mobile), so a machine busy with other work inflates Total Blocking Time; compare runs at similar load',
    '',
    ...scoreTable(runs),
  ];
  const missed = runs.filter(({ lhr }) => misses(lhr).length > 0);
  for (const { label, lhr } of missed) {
    for (const m of missedMetrics(lhr))
      lines.push(`**${label}, ${m.label} ${lhr.audits[m.id]?.displayValue}** (target: at most ${m.max}${m.unit})`, '');
    for (const category of missedCategories(lhr)) {
      lines.push(`**${label}, ${CATEGORY_TITLES[category]} ${score(lhr, category)}**:`, '');
      for (const title of failingAudits(lhr, category)) lines.push(`- ${title}`);
      lines.push('');
    }
  }
  return lines.join('\n');
}

// --- main --------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  if (!existsSync(clientIndex)) throw new Error('dist/client/index.html is missing: run `npm run build` first');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'betproof-lighthouse-'));
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const cleanUp = async () => {
    // Chrome first (it holds connections to the server), then the server, then its data.
    await Promise.resolve(chrome?.kill()).catch(() => undefined);
    chrome = undefined;
    await server?.stop().catch(() => undefined);
    server = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    // Seeded on a server that lets a request shift its clock (TEST_CLOCK_HEADER, refused in
    // production) so bets can be recorded days ago and settled now; then measured on a production
    // server over the same data, with the same secret so the session cookie still holds.
    const secret = randomBytes(32).toString('hex');
    const seeder = await startServer({
      dataDir,
      env: { NODE_ENV: 'development', TEST_CLOCK_HEADER: 'true', AUTH_SECRET: secret },
    });
    server = seeder;
    const { cookie } = await seedBettor(seeder, dataDir);
    const newcomer = await signUp(seeder, dataDir, 'newcomer@example.com', 'New Bettor');
    await seeder.stop();
    server = await startServer({ dataDir, env: { AUTH_SECRET: secret } });
    chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });

    const pages = [
      { label: '`/`', path: '/' },
      { label: '`/auth`', path: '/auth' },
      { label: `\`/${USERNAME}\` (public profile)`, path: `/${USERNAME}` },
      { label: '`/dashboard` (signed in)', path: '/dashboard', headers: { Cookie: cookie } },
      {
        label: '`/dashboard` (a new account)',
        path: '/dashboard',
        file: 'dashboard-new',
        headers: { Cookie: newcomer },
      },
    ];
    const results: PageRun[] = [];
    for (const page of pages.filter((p) => opts.only.length === 0 || opts.only.includes(p.path))) {
      const lhrs: Result[] = [];
      for (let i = 0; i < opts.runs; i++) {
        lhrs.push(await runLighthouse(chrome.port, server.origin + page.path, opts, page.headers));
      }
      const lhr = medianRun(lhrs);
      // A redirect (e.g. the dashboard sending a signed-out visitor to /auth) would score the wrong page.
      if (new URL(lhr.finalDisplayedUrl).pathname !== page.path)
        throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}`);
      if (opts.jsonDir) {
        mkdirSync(opts.jsonDir, { recursive: true });
        const name = page.file ?? (page.path === '/' ? 'landing' : page.path.slice(1));
        writeFileSync(path.join(opts.jsonDir, `${name}${opts.desktop ? '-desktop' : ''}.json`), JSON.stringify(lhr));
      }
      console.log(`${page.path}: ${CATEGORIES.map((c) => `${c} ${score(lhr, c)}`).join(', ')}`);
      results.push({ label: page.label, path: page.path, lhr });
    }

    if (opts.only.length > 0) {
      console.log('(--only: no report written)');
      return results.every(({ lhr }) => misses(lhr).length === 0) ? 0 : 1;
    }
    const file = fileURLToPath(new URL(opts.desktop ? './LIGHTHOUSE-desktop.md' : './LIGHTHOUSE.md', import.meta.url));
    writeFileSync(file, report(results, opts));
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
    if (!opts.desktop) {
      writeResultsPart('lighthouse:table', resultsPart(results, opts));
      console.log('wrote its table into bench/RESULTS.md');
    }
    const failed = results.filter(({ lhr }) => misses(lhr).length > 0);
    for (const { path: p, lhr } of failed) console.error(`${p} misses: ${misses(lhr).join(', ')}`);
    return failed.length === 0 ? 0 : 1;
  } finally {
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
