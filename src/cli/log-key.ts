/**
 * `betproof log-key`: the transparency log's verifier key, the line followers pin and a deployment
 * prints in its README (docs/LOG.md, "The verifier key"), read from the signing key the server
 * uses — LOG_SIGNING_KEY, else `--key-file`, else `<DATA_DIR or ./data>/log-signing-key` — without
 * a running server. `--new <origin>` makes a new signing key instead (for LOG_SIGNING_KEY) and
 * prints it with its verifier key.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ALG_ED25519, generateSignerKey, NoteError, parseSignerKey } from '../shared/log/note.ts';
import { LOG_KEY_FILE } from '../server/modules/log/signer.ts';

export const LOG_KEY_USAGE = `Usage: betproof log-key [--key-file <file>]
       betproof log-key --new <origin, e.g. betproof.example/log>

Prints the transparency log's verifier key (<origin>+<key ID>+<key>): publish it in the
deployment's README; followers pass it to betproof verify --log-key. The signing key is read from
LOG_SIGNING_KEY, else --key-file, else <DATA_DIR or ./data>/${LOG_KEY_FILE}.
--new makes a signing key (give it to every server as LOG_SIGNING_KEY; keep it secret; never change it).`;

export function runLogKey(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: { out: (s: string) => void; err: (s: string) => void },
): number {
  const [flag, value, ...rest] = argv;
  if (flag === '--help' || flag === '-h') {
    io.out(LOG_KEY_USAGE);
    return 0;
  }
  const problem =
    rest.length || (flag !== undefined && !['--new', '--key-file'].includes(flag))
      ? 'unexpected arguments'
      : flag && !value
        ? `${flag} needs a value`
        : null;
  if (problem) {
    io.err(`betproof log-key: ${problem}\n${LOG_KEY_USAGE}`);
    return 2;
  }
  try {
    if (flag === '--new') {
      const key = generateSignerKey(value!);
      io.out(`signing key (LOG_SIGNING_KEY, secret): ${key}`);
      io.out(`verifier key (publish it): ${parseSignerKey(key).verifierKey}`);
      return 0;
    }
    const file = flag === '--key-file' ? value! : path.join(env.DATA_DIR || './data', LOG_KEY_FILE);
    const source = flag !== '--key-file' && env.LOG_SIGNING_KEY ? env.LOG_SIGNING_KEY : readFileSync(file, 'utf8');
    const signer = parseSignerKey(source);
    if (signer.alg !== ALG_ED25519) throw new NoteError('not a log (Ed25519 note) signing key');
    io.out(signer.verifierKey);
    return 0;
  } catch (err) {
    const message =
      (err as NodeJS.ErrnoException).code === 'ENOENT'
        ? `no signing key: ${(err as Error).message}`
        : (err as Error).message;
    io.err(`betproof log-key: ${message}`);
    return 2;
  }
}
