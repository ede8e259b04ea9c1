/**
 * The log's signing key (docs/LOG.md): LOG_SIGNING_KEY when set (a signed-note signer key,
 * `PRIVATE+KEY+<origin>+<key ID>+<key>`), else one generated on first start into DATA_DIR
 * (`log-signing-key`, mode 0600) and kept there. Its name is the log's origin: the host and path
 * of BASE_URL, then `/log` (e.g. `betproof.example/log`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../env.ts';
import { generateSignerKey, parseSignerKey, type Signer } from '../../../shared/log/note.ts';

export const LOG_KEY_FILE = 'log-signing-key';

/** The origin a generated key is named after: BASE_URL without its scheme, then /log. */
export const logOriginFor = (baseUrl: string): string => {
  const url = new URL(baseUrl);
  return `${url.host}${url.pathname.replace(/\/+$/, '')}/log`;
};

export function loadLogSigner(config: Pick<Config, 'LOG_SIGNING_KEY' | 'DATA_DIR' | 'BASE_URL'>): Signer {
  if (config.LOG_SIGNING_KEY) return parseSignerKey(config.LOG_SIGNING_KEY);
  // An in-memory database (tests) keeps nothing on disk; neither does its log key.
  if (config.DATA_DIR === 'memory://') return parseSignerKey(generateSignerKey(logOriginFor(config.BASE_URL)));
  const file = path.join(config.DATA_DIR, LOG_KEY_FILE);
  if (existsSync(file)) return parseSignerKey(readFileSync(file, 'utf8'));
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = generateSignerKey(logOriginFor(config.BASE_URL));
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return parseSignerKey(key);
}
