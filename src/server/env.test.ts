import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, siteContactOf } from './env.ts';

const SECRET = 's'.repeat(32);
const tmp = mkdtempSync(path.join(tmpdir(), 'betproof-env-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The ConfigError `env` raises (fails the test if it loads). */
function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('takes the VAPID key pair both or neither, each in its base64url shape', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'A'.repeat(43);
    expect(
      loadConfig({ AUTH_SECRET: SECRET, VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }),
    ).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'mailto:admin@betproof.local',
    });
    expect(() => loadConfig({ AUTH_SECRET: SECRET, VAPID_PUBLIC_KEY: publicKey })).toThrow(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
    expect(() => loadConfig({ AUTH_SECRET: SECRET, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ AUTH_SECRET: SECRET, VAPID_SUBJECT: 'admin@example.com' })).toThrow(
      'VAPID_SUBJECT: must be a mailto: or https: URL',
    );
  });

  it('has defaults for everything outside production', () => {
    const config = loadConfig({ AUTH_SECRET: SECRET });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      BASE_URL: 'http://localhost:3000',
      AUTH_SECRET: SECRET,
      ADMIN_EMAILS: [],
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      MAIL_FROM: 'betproof <no-reply@betproof.local>',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('derives BASE_URL from PORT', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET, PORT: '8080' })).toMatchObject({
      PORT: 8080,
      BASE_URL: 'http://localhost:8080',
    });
  });

  it('treats empty and blank variables as unset', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      PORT: '',
      DATA_DIR: ' ',
      BASE_URL: '',
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAILS: '',
      MAIL_FROM: '',
      TRUST_PROXY: '',
    });
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: './data', BASE_URL: 'http://localhost:3000' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('normalises BASE_URL to an origin', () => {
    for (const [given, expected] of [
      ['https://betproof.example', 'https://betproof.example'],
      ['https://betproof.example/', 'https://betproof.example'],
      ['https://BetProof.Example:443', 'https://betproof.example'],
      ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ]) {
      expect(loadConfig({ AUTH_SECRET: SECRET, BASE_URL: given }).BASE_URL).toBe(expected);
    }
  });

  it('parses ADMIN_EMAILS: comma-separated, trimmed, lowercased, blanks skipped', () => {
    const config = loadConfig({ AUTH_SECRET: SECRET, ADMIN_EMAILS: ' Boss@Example.com ,second@x.org,, ' });
    expect(config.ADMIN_EMAILS).toEqual(['boss@example.com', 'second@x.org']);
    expect(loadConfig({ AUTH_SECRET: SECRET, ADMIN_EMAILS: 'one@x.org' }).ADMIN_EMAILS).toEqual(['one@x.org']);
  });

  it('accepts the other variables', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/betproof',
      SMTP_URL: 'smtps://user:pw@smtp.example:465',
      MAIL_FROM: 'betproof <hello@betproof.example>',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://app:pw@db.internal:5432/betproof',
      SMTP_URL: 'smtps://user:pw@smtp.example:465',
      TRUST_PROXY: true,
      LOG_LEVEL: 'warn',
    });
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ AUTH_SECRET: SECRET, TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
  });

  it('reads ADMIN_REQUIRE_2FA: off by default, on for true or 1, anything else refused naming it', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).ADMIN_REQUIRE_2FA).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET, ADMIN_REQUIRE_2FA: '' }).ADMIN_REQUIRE_2FA).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET, ADMIN_REQUIRE_2FA: 'false' }).ADMIN_REQUIRE_2FA).toBe(false);
    expect(loadConfig({ AUTH_SECRET: SECRET, ADMIN_REQUIRE_2FA: 'true' }).ADMIN_REQUIRE_2FA).toBe(true);
    expect(loadConfig({ AUTH_SECRET: SECRET, ADMIN_REQUIRE_2FA: '1' }).ADMIN_REQUIRE_2FA).toBe(true);
    for (const value of ['yes', 'TRUE', 'on']) {
      expect(configError({ AUTH_SECRET: SECRET, ADMIN_REQUIRE_2FA: value }).message).toBe(
        'Invalid configuration:\n  ADMIN_REQUIRE_2FA: must be true or false',
      );
    }
  });

  it.each(['abc', '0', '-1', '70000', '80.5'])('rejects PORT=%j naming the variable', (port) => {
    const err = configError({ AUTH_SECRET: SECRET, PORT: port });
    expect(err.message).toMatch(/^Invalid configuration:\n {2}PORT: must be a whole number from 1 to 65535$/);
  });

  it.each([
    'not a url',
    'localhost:3000',
    'ftp://betproof.example',
    'javascript:alert(1)',
    'https://betproof.example/app',
    'https://betproof.example?x=1',
    'https://betproof.example#top',
    'https://user:pw@betproof.example',
  ])('rejects BASE_URL=%j naming the variable', (baseUrl) => {
    const err = configError({ AUTH_SECRET: SECRET, BASE_URL: baseUrl });
    expect(err.message).toContain('BASE_URL: must be an http:// or https:// origin');
  });

  it('rejects a malformed ADMIN_EMAILS entry, naming the variable and the entry', () => {
    const err = configError({ AUTH_SECRET: SECRET, ADMIN_EMAILS: 'ok@example.com, not-an-email' });
    expect(err.message).toContain('ADMIN_EMAILS');
    expect(err.message).toContain('"not-an-email" is not a valid email address');
  });

  it.each([
    ['DATABASE_URL', 'mysql://db/betproof', 'postgres://'],
    ['SMTP_URL', 'http://mail.example', 'smtp://'],
    ['NODE_ENV', 'staging', 'production'],
    ['LOG_LEVEL', 'verbose', 'silent'],
    ['TRUST_PROXY', 'yes', 'true'],
    ['AUTH_SECRET', 'too-short', '32 characters'],
  ])('rejects a bad %s naming it', (name, value, hint) => {
    const err = configError({ AUTH_SECRET: SECRET, [name]: value });
    expect(err.message).toContain(`${name}: `);
    expect(err.message).toContain(hint);
  });

  it('reads the contact details the pages show, and leaves out the ones not set', () => {
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      SUPPORT_EMAIL: 'help@betproof.io',
      SUPPORT_PHONE: '+1 (212) 555-0100',
      OFFICE_ADDRESS: ' betproof Inc. | 1 Main St |  | New York, NY 10001 ',
      LEGAL_EMAIL: 'legal@betproof.io',
    });
    expect(siteContactOf(config)).toEqual({
      supportEmail: 'help@betproof.io',
      supportPhone: '+1 (212) 555-0100',
      officeAddress: ['betproof Inc.', '1 Main St', 'New York, NY 10001'],
      legalEmail: 'legal@betproof.io',
    });
    expect(siteContactOf(loadConfig({ AUTH_SECRET: SECRET }))).toEqual({});
  });

  it.each([
    ['SUPPORT_EMAIL', 'support-at-betproof', 'email'],
    ['PRIVACY_EMAIL', 'privacy@', 'email'],
    ['SUPPORT_PHONE', 'call us', 'must be a phone number'],
    ['OFFICE_ADDRESS', ' | | ', 'OFFICE_ADDRESS'],
  ])('rejects a bad contact detail %s naming it', (name, value, hint) => {
    const err = configError({ AUTH_SECRET: SECRET, [name]: value });
    expect(err.message).toContain(`${name}: `);
    expect(err.message.toLowerCase()).toContain(hint.toLowerCase());
  });

  it('lists every bad variable at once', () => {
    const err = configError({ AUTH_SECRET: SECRET, PORT: 'x', BASE_URL: 'nope', ADMIN_EMAILS: 'bad' });
    expect(
      err.message
        .split('\n')
        .slice(1)
        .map((l) => l.trim().split(':')[0]),
    ).toEqual(['PORT', 'BASE_URL', 'ADMIN_EMAILS']);
  });

  it('requires AUTH_SECRET in production, naming it', () => {
    const dataDir = path.join(tmp, 'prod');
    for (const secret of [undefined, '']) {
      const env: Record<string, string> = { NODE_ENV: 'production', DATA_DIR: dataDir };
      if (secret !== undefined) env.AUTH_SECRET = secret;
      expect(configError(env).message).toMatch(/AUTH_SECRET: required in production/);
    }
    // Nothing was generated or written for it.
    expect(existsSync(dataDir)).toBe(false);
  });

  it('refuses the end-to-end test clock header in production, naming it, and leaves it off by default', () => {
    const secret = 'a'.repeat(40);
    expect(configError({ NODE_ENV: 'production', AUTH_SECRET: secret, TEST_CLOCK_HEADER: 'true' }).message).toMatch(
      /TEST_CLOCK_HEADER: a test-only setting, never allowed in production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret }).TEST_CLOCK_HEADER).toBe(false);
    expect(loadConfig({ DATA_DIR: 'memory://', TEST_CLOCK_HEADER: 'true' }).TEST_CLOCK_HEADER).toBe(true);
  });

  it('generates a secret once outside production, keeps it in DATA_DIR and reuses it', () => {
    const dataDir = path.join(tmp, 'dev', 'nested');
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, 'auth-secret');
    expect(readFileSync(file, 'utf8')).toBe(first.AUTH_SECRET);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);

    expect(loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(first.AUTH_SECRET);
    expect(loadConfig({ DATA_DIR: path.join(tmp, 'other') }).AUTH_SECRET).not.toBe(first.AUTH_SECRET);
    // A configured secret wins and leaves the stored one alone.
    expect(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }).AUTH_SECRET).toBe(SECRET);
    expect(readFileSync(file, 'utf8')).toBe(first.AUTH_SECRET);
  });

  it('replaces a stored secret that is too short to be safe', () => {
    const dataDir = path.join(tmp, 'short');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(dataDir, 'auth-secret'), 'abc\n');
    const { AUTH_SECRET } = loadConfig({ DATA_DIR: dataDir });
    expect(AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).AUTH_SECRET).toBe(AUTH_SECRET);
  });

  it('keeps no secret on disk for an in-memory DATA_DIR', () => {
    const before = process.cwd();
    const config = loadConfig({ DATA_DIR: 'memory://' });
    expect(config.AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(path.join(before, 'memory:'))).toBe(false);
  });
});

describe('EVENT_FEEDS', () => {
  it('is no feeds when unset, and reads each feed: format, URL, options', () => {
    expect(loadConfig({ AUTH_SECRET: SECRET }).EVENT_FEEDS).toEqual([]);
    const config = loadConfig({
      AUTH_SECRET: SECRET,
      EVENT_FEEDS: [
        'the-odds-api https://api.the-odds-api.com/v4/sports/basketball_nba/scores/?daysFrom=3 key=abc123 every=30m',
        'football-json https://example.org/2025-26/en.1.json timezone=Europe/London competition=Premier%20League every=6h',
      ].join('\n'),
    });
    expect(config.EVENT_FEEDS).toEqual([
      {
        format: 'the-odds-api',
        url: 'https://api.the-odds-api.com/v4/sports/basketball_nba/scores/?daysFrom=3',
        options: {},
        key: 'abc123',
        everyMinutes: 30,
      },
      {
        format: 'football-json',
        url: 'https://example.org/2025-26/en.1.json',
        options: { timezone: 'Europe/London', competition: 'Premier League' },
        everyMinutes: 360,
      },
    ]);
  });

  it('refuses a wrong feed at boot, naming the variable, the feed and what is wrong', () => {
    const err = configError({
      AUTH_SECRET: SECRET,
      EVENT_FEEDS:
        'espn https://x.example; football-data ftp://x.example; football-json https://x.example/a.json; ' +
        'football-data https://x.example/E0.csv key=k every=7m timezone=BST colour=red',
    });
    expect(err.message.split('\n').slice(1)).toEqual([
      '  EVENT_FEEDS: feed 1: "espn" is not a feed format (football-json, football-data, the-odds-api)',
      '  EVENT_FEEDS: feed 2: "ftp://x.example" is not an http:// or https:// URL',
      '  EVENT_FEEDS: feed 3: football-json times are local: name their zone (timezone=Europe/London)',
      '  EVENT_FEEDS: feed 4: only the-odds-api feeds take a key',
      '  EVENT_FEEDS: feed 4: every "7m" is not minutes dividing an hour (15m), hours dividing a day (6h) or 1d',
      '  EVENT_FEEDS: feed 4: timezone "BST" is not an IANA time zone, like Europe/London',
      '  EVENT_FEEDS: feed 4: "colour=red" is not an option (timezone=, competition=, key=, every=)',
    ]);
  });
});

describe('the transparency log key (LOG_SIGNING_KEY, modules/log/signer.ts)', () => {
  it('accepts an Ed25519 signer key and refuses anything else, naming the variable', async () => {
    const { generateSignerKey, ALG_COSIGNATURE_V1 } = await import('../shared/log/note.ts');
    const key = generateSignerKey('betproof.example/log');
    expect(loadConfig({ DATA_DIR: 'memory://', LOG_SIGNING_KEY: key }).LOG_SIGNING_KEY).toBe(key);
    const message =
      'LOG_SIGNING_KEY: must be an Ed25519 signed-note signer key, PRIVATE+KEY+<origin>+<key ID>+<key> (see docs/LOG.md)';
    expect(configError({ LOG_SIGNING_KEY: 'betproof.example/log+0000+AAAA' }).message).toContain(message);
    expect(configError({ LOG_SIGNING_KEY: key.slice(0, -2) }).message).toContain(message);
    // A witness's cosigning key is not a log key.
    expect(configError({ LOG_SIGNING_KEY: generateSignerKey('w.example', ALG_COSIGNATURE_V1) }).message).toContain(
      message,
    );
  });

  it('generates the key once into DATA_DIR, named after BASE_URL, and reuses it', async () => {
    const { loadLogSigner, LOG_KEY_FILE } = await import('./modules/log/signer.ts');
    const dataDir = path.join(tmp, 'log-key');
    const config = loadConfig({ DATA_DIR: dataDir, BASE_URL: 'https://betproof.example' });
    const first = loadLogSigner(config);
    expect(first.name).toBe('betproof.example/log');
    expect(statSync(path.join(dataDir, LOG_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadLogSigner(config).verifierKey).toBe(first.verifierKey);
    const given = loadLogSigner({ ...config, LOG_SIGNING_KEY: readFileSync(path.join(dataDir, LOG_KEY_FILE), 'utf8') });
    expect(given.verifierKey).toBe(first.verifierKey);
  });
});
