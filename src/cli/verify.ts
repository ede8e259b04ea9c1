/**
 * `betproof verify <profile URL | NDJSON file> [--since <seq>:<hash>] [--pages]`: checks a public ledger
 * (docs/LEDGER.md) with the same rules the server's tests use (src/shared/ledger.ts).
 *
 * Exit codes: 0 the chain verifies; 1 it does not (a changed, missing, repeated or malformed
 * entry, or a saved head that was rewritten); 2 it could not be checked (usage, an unreadable
 * file, a network error, an HTTP error such as 404, an unknown or private profile).
 *
 * The pure parts (arguments, where to download from, the report) are exported for the tests;
 * `run` does the I/O. bin/betproof.js loads this file.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { verifyNdjson, type ChainCheck, type LedgerEntry, type LedgerHead } from '../shared/ledger.ts';
import {
  checkLogOptions,
  hasLogChecks,
  LOG_USAGE,
  LogMismatch,
  LogUnusable,
  logBase,
  takeLogOption,
  verifyLog,
  type LogOptions,
} from './verify-log.ts';
import { comparePages, PagesUnusable } from './verify-pages.ts';

export const EXIT = { ok: 0, failed: 1, unusable: 2 } as const;

export const USAGE = `Usage: betproof verify <profile URL | NDJSON file> [--since <seq>:<hash>] [--pages] [log options]

Checks a betproof public ledger: every entry's hash, and that each links to the one before it.

  <profile URL>   a public profile, https://host/<username>, or its ledger
                  (https://host/api/profiles/<username>/ledger or .../ledger.ndjson)
  <NDJSON file>   a ledger downloaded earlier (one entry a line)
  --since S:H     a head you saved earlier (as printed on success, e.g. 17:3f2a…):
                  also checks the history up to it is unchanged, only appended to
  --pages         (a profile URL) also reads the ledger's JSON pages, which the
                  profile page shows, and checks they hold the same entries

${LOG_USAGE}

Exit status: 0 verified, 1 verification failed, 2 could not check (usage, file, network, HTTP).
Format and rules: docs/LEDGER.md, docs/LOG.md`;

export interface VerifyArgs {
  source: string;
  since?: LedgerHead;
  /** Also compare the JSON pages with the download (verify-pages.ts). */
  pages?: boolean;
  /** The transparency log's checks (verify-log.ts), when --log-key is given. */
  log?: LogOptions;
}

export type ParsedArgs = { kind: 'verify'; args: VerifyArgs } | { kind: 'help' } | { kind: 'usage'; error: string };

/** `argv` is what follows the program: ['verify', source, '--since', 'seq:hash'] in any order after 'verify'. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') return { kind: 'help' };
  if (command !== 'verify') return { kind: 'usage', error: `unknown command "${command}"` };
  let source: string | undefined;
  let sinceText: string | undefined;
  let pages = false;
  const log: LogOptions = { witnesses: [] };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--help' || arg === '-h') return { kind: 'help' };
    const logOption = takeLogOption(rest, i, log);
    if (logOption && 'error' in logOption) return { kind: 'usage', error: logOption.error };
    if (logOption) {
      i = logOption.next - 1;
      continue;
    }
    if (arg === '--pages') {
      pages = true;
    } else if (arg === '--since' || arg.startsWith('--since=')) {
      const value = arg === '--since' ? rest[++i] : arg.slice('--since='.length);
      if (value === undefined) return { kind: 'usage', error: '--since needs a value: <seq>:<hash>' };
      sinceText = value;
    } else if (arg.startsWith('-')) {
      return { kind: 'usage', error: `unknown option ${arg}` };
    } else if (source === undefined) {
      source = arg;
    } else {
      return { kind: 'usage', error: `one source at a time (got "${source}" and "${arg}")` };
    }
  }
  if (source === undefined) return { kind: 'usage', error: 'give a profile URL or an NDJSON file' };
  const logError = checkLogOptions(log, source);
  if (logError) return { kind: 'usage', error: logError };
  if (pages && !isUrl(source)) return { kind: 'usage', error: '--pages reads the server: give a profile URL' };
  const logArgs = { ...(hasLogChecks(log) ? { log } : {}), ...(pages ? { pages } : {}) };
  if (sinceText === undefined) return { kind: 'verify', args: { source, ...logArgs } };
  const since = parseHead(sinceText);
  if (!since) {
    return {
      kind: 'usage',
      error: `--since must be <seq>:<hash> (a whole number, a colon, 64 hex digits), not "${sinceText}"`,
    };
  }
  return { kind: 'verify', args: { source, since, ...logArgs } };
}

/** "17:3f2a…" (64 hex digits, either case) as a head; null when it is not one. */
export function parseHead(text: string): LedgerHead | null {
  const match = /^(\d{1,10}):([0-9a-fA-F]{64})$/.exec(text.trim());
  if (!match || Number(match[1]) > 2 ** 31 - 1) return null;
  return { seq: Number(match[1]), hash: match[2]!.toLowerCase() };
}

export const isUrl = (source: string) => /^https?:\/\//i.test(source);

/**
 * Where to download the whole chain: a profile page https://host[/prefix]/<username> becomes
 * https://host[/prefix]/api/profiles/<username>/ledger.ndjson; the profile's API URL and the
 * ledger's JSON API URL (any query) that same .ndjson URL; the .ndjson URL itself. Null for a URL
 * of none of these forms.
 */
export function ledgerUrl(source: string): URL | null {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const path = url.pathname.replace(/\/+$/, '');
  const api = /^(.*)\/api\/profiles\/([^/]+)(?:\/ledger(?:\.ndjson)?)?$/.exec(path);
  const page = api ? null : /^(.*)\/([^/]+)$/.exec(path);
  const match = api ?? page;
  if (!match || (page && match[1]!.split('/').includes('api'))) return null;
  const out = new URL(url.origin);
  out.pathname = `${match[1]}/api/profiles/${match[2]}/ledger.ndjson`;
  return out;
}

/** What to print for a check: the lines, which stream, and the exit code. */
export function report(check: ChainCheck, since?: LedgerHead): { stdout: string[]; stderr: string[]; code: number } {
  if (!check.ok) return { stdout: [], stderr: [`FAILED at entry ${check.seq}: ${check.problem}`], code: EXIT.failed };
  const { head, count } = check;
  const stdout = [`OK: ${count} ${count === 1 ? 'entry' : 'entries'} verified; head ${head.seq}:${head.hash}`];
  if (since) {
    const appended = head.seq - since.seq;
    stdout.push(
      `the history up to ${since.seq}:${since.hash} is unchanged; ${appended} ${appended === 1 ? 'entry' : 'entries'} appended since`,
    );
  }
  return { stdout, stderr: [], code: EXIT.ok };
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Could not check (exit 2): a message for stderr. */
class Unusable extends Error {}

/** The ledger's bytes from a file or over HTTP. */
async function load(source: string): Promise<Uint8Array> {
  if (!isUrl(source)) {
    try {
      return await readFile(source);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new Unusable(
        code === 'ENOENT' ? `no such file: ${source}` : `cannot read ${source}: ${(err as Error).message}`,
      );
    }
  }
  const url = ledgerUrl(source);
  if (!url) throw new Unusable(`not a profile or ledger URL: ${source} (expected https://host/<username>)`);
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/x-ndjson' } });
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw new Unusable(`could not fetch ${url}: ${cause}`);
  }
  if (res.status !== 200) {
    const body = await res.text().catch(() => '');
    let said = '';
    try {
      said = String((JSON.parse(body) as { error?: unknown }).error ?? '');
    } catch {
      // not the API's JSON error
    }
    // A private profile is answered as a missing one (the server does not tell them apart).
    const why =
      res.status === 404
        ? 'no such profile, or it is private'
        : res.status === 429
          ? 'too many downloads from this network'
          : 'HTTP error';
    throw new Unusable(`${url} answered ${res.status} (${why})${said ? `: ${said}` : ''}`);
  }
  const type = res.headers.get('content-type') ?? '';
  if (!type.startsWith('application/x-ndjson')) {
    await res.body?.cancel();
    throw new Unusable(`${url} is not a betproof ledger (content-type ${type || 'none'})`);
  }
  return new Uint8Array(await res.arrayBuffer());
}

export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** The command: `argv` as after the program name. Answers the exit code. */
export async function run(argv: readonly string[], io: Io = consoleIo): Promise<number> {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (parsed.kind === 'usage') {
    io.err(`betproof: ${parsed.error}`);
    io.err(USAGE);
    return EXIT.unusable;
  }
  const { source, since } = parsed.args;
  let bytes: Uint8Array;
  try {
    bytes = await load(source);
  } catch (err) {
    if (!(err instanceof Unusable)) throw err;
    io.err(`betproof: ${err.message}`);
    return EXIT.unusable;
  }
  const result = report(verifyNdjson(bytes, sha256, { since }), since);
  result.stdout.forEach(io.out);
  result.stderr.forEach(io.err);
  if (result.code !== EXIT.ok) return result.code;
  if (parsed.args.pages) {
    const code = await runPagesCheck(ledgerUrl(source)!, bytes, io);
    if (code !== EXIT.ok) return code;
  }
  if (!parsed.args.log) return result.code;
  return runLogChecks(source, bytes, parsed.args.log, io);
}

/** The download's lines, without their "\n" (it verified: every line has one). */
const linesOf = (bytes: Uint8Array) => new TextDecoder().decode(bytes).split('\n').slice(0, -1);

/** `--pages` (verify-pages.ts): its line, and the exit code. */
async function runPagesCheck(url: URL, bytes: Uint8Array, io: Io): Promise<number> {
  try {
    const check = await comparePages(url, linesOf(bytes));
    if (!check.ok) {
      io.err(`FAILED pages: ${check.problem}`);
      return EXIT.failed;
    }
    io.out(`the JSON pages hold the same entries (${check.pages} ${check.pages === 1 ? 'page' : 'pages'} read)`);
    return EXIT.ok;
  } catch (err) {
    if (!(err instanceof PagesUnusable)) throw err;
    io.err(`betproof: ${err.message}`);
    return EXIT.unusable;
  }
}

/** The log's checks on a chain that verified (verify-log.ts): their lines, and the exit code. */
async function runLogChecks(source: string, bytes: Uint8Array, log: LogOptions, io: Io): Promise<number> {
  const lines = linesOf(bytes);
  const entries = lines.map((line) => JSON.parse(line) as LedgerEntry);
  try {
    const checked = await verifyLog(
      logBase(source, isUrl(source) ? ledgerUrl(source) : null, log),
      lines,
      entries,
      log,
    );
    checked.lines.forEach(io.out);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof LogMismatch) {
      io.err(`FAILED log: ${err.message}`);
      return EXIT.failed;
    }
    if (err instanceof LogUnusable) {
      io.err(`betproof: ${err.message}`);
      return EXIT.unusable;
    }
    throw err;
  }
}
