/**
 * Generators of hostile input for the fuzz suite (src/server/fuzz/*.test.ts): strings that break
 * naive code, JSON values of every wrong type, bodies with keys missing, added or mistyped,
 * prototype-pollution keys, malformed and deeply nested raw JSON. `hostileBody` mixes these with
 * valid bodies carrying nasty text, so a good share of requests is accepted and the text stored
 * can be read back and compared.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { API_BODY_LIMIT_BYTES } from '../edge/http.ts';
import type { RequestOptions } from './harness.ts';

// --- strings ------------------------------------------------------------------------------------

/** Characters that trip up escaping, trimming, encoding or storage, one UTF-16 string each. */
export const NASTY_CHARS: readonly string[] = [
  // Markup, quotes, templates and paths.
  ...'<>"\'&`\\/$%{};=',
  // Whitespace and control characters, NUL included.
  ...'\n\r\t \u0000\u0001\u001b\u007f\u0085\u00a0\u2028\u2029\ufeff\ufffd\uffff',
  // Zero-width characters, right-to-left letters and bidi overrides.
  ...'\u200b\u200c\u200d\u2060\u202e\u202d\u2066\u200fםع',
  // Combining marks, case-mapping oddities, astral letters, emoji and ZWJ sequences.
  ...['é', 'e\u0301', 'ß', 'İ', 'ﬃ', 'Ω', '𝔘', '😀', '👨‍👩‍👧‍👦', '🏳️‍🌈'],
  // Unpaired surrogates.
  ...['\ud800', '\udbff', '\udc00', '\udfff'],
];

/** Payloads aimed at SQL, HTML, templates, paths and formats. */
export const PAYLOADS = [
  "'; DROP TABLE bets; --",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(10); --',
  "admin'--",
  "\\x00\\'",
  '$1 $$ $body$',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror="window.__pwned=1">',
  '"><svg onload=alert(1)>',
  "'><iframe srcdoc='<script>parent.__pwned=1</script>'>",
  '</title><script>alert(1)</script>',
  '<!--',
  ']]>',
  'javascript:alert(1)',
  '&lt;b&gt;&amp;&quot;&#39;&#x3C;',
  '{{7*7}}',
  '${7*7}',
  '%s%n%x%d',
  '../../../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1F',
  '$&',
  '$`',
] as const;

/** A string from `chars`, up to `maxLength` of them. */
const stringOf = (chars: readonly string[], maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...chars), maxLength });

/** Any string a client could send: often nasty, sometimes huge; may hold NUL and unpaired surrogates. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: stringOf(NASTY_CHARS, 40), weight: 4 },
  { arbitrary: fc.constantFrom(...PAYLOADS), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...PAYLOADS), stringOf(NASTY_CHARS, 10), fc.constantFrom(...PAYLOADS))
      .map((parts) => parts.join('')),
    weight: 2,
  },
  // Just over a limit, far over it, and big enough to test body handling.
  {
    arbitrary: fc
      .tuple(fc.constantFrom('a', '😀', '<', '\u200b', ' '), fc.constantFrom(61, 101, 201, 501, 5001, 70_000))
      .map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
);

/** True when `text` can be stored exactly: no NUL, no unpaired surrogate (shared/text.ts's rule, restated). */
const wellFormed = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text);
const STORABLE_CHARS = NASTY_CHARS.filter(wellFormed);
const STORABLE_PAYLOADS = PAYLOADS.filter(wellFormed);

/** Cuts `text` to at most `max` UTF-16 units without splitting a surrogate pair. */
function cutToLength(text: string, max: number): string {
  let out = '';
  for (const codePoint of text) {
    if (out.length + codePoint.length > max) break;
    out += codePoint;
  }
  return out;
}

/**
 * Text a valid body may carry: nasty but storable, not blank, and at most `max` units once
 * trimmed (the schemas trim before checking the length). It may have spaces around it: the server
 * is expected to store `text.trim()`.
 */
export const storableText = (max: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.constantFrom('', ' ', '\n\t ', '\u00a0', '\ufeff'),
      fc.oneof(
        stringOf(STORABLE_CHARS, 30),
        fc.constantFrom(...STORABLE_PAYLOADS),
        fc.string({ unit: 'grapheme', maxLength: 30 }),
        fc.tuple(fc.constantFrom(...STORABLE_PAYLOADS), stringOf(STORABLE_CHARS, 8)).map(([a, b]) => a + b),
        fc.constantFrom('x', '😀', '\u200b', 'ם').map((c) => c.repeat(max)),
      ),
      fc.constantFrom('', ' ', '\n', '\u2028'),
    )
    .map(([before, core, after]) => {
      const trimmed = cutToLength(core.trim() || '\u200b', max).trim() || 'x';
      return `${before}${trimmed}${after}`;
    });

// --- JSON values --------------------------------------------------------------------------------

/** Keys that reach Object.prototype in code that copies objects carelessly. */
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** An object with exactly these own keys, even "__proto__" (a literal would set the prototype). */
export function objectWith(entries: Iterable<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return object;
}

const hostileKey = fc.oneof(
  fc.constantFrom(...POLLUTION_KEYS),
  hostileString,
  fc.constantFrom('id', 'userId', 'role', 'emailVerified', 'createdAt', 'status'),
);

/** Numbers JSON can carry, and the strings people write instead of them. */
const hostileNumber = fc.oneof(
  fc.double(), // JSON.stringify sends NaN and ±Infinity as null
  fc.integer(),
  fc.constantFrom(0, -0, -1, 0.1, 0.005, 1e21, 1e308, -1e308, 5e-324, Number.MAX_SAFE_INTEGER + 2),
);
const numberAsString = fc.oneof(
  hostileNumber.map(String),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '0x10', ' 10 ', '10.001', '1,000', '١٠', '10e2', '+5', ''),
);

/** Any JSON value, of any type, holding hostile strings and keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 4 },
    fc.constant(null),
    fc.boolean(),
    hostileNumber,
    numberAsString,
    hostileString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map(objectWith),
  ),
})).value;

// --- raw bodies ---------------------------------------------------------------------------------

/** `{"a":{"a":…}}` or `[[…]]`, `depth` deep: far past any schema, maybe past a recursive parser. */
export const deeplyNested = (depth: number, kind: 'object' | 'array') =>
  kind === 'object' ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;

const MALFORMED_JSON = [
  '',
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  'undefined',
  'nul',
  '\u0000',
  '{"a":"\\u0000"}garbage',
  '{"a":1}{"b":2}',
  '"\\ud800"',
  '{"a":"\\x41"}',
  '{"a":01}',
  '{"a":1e999999}',
  '\ufeff{}',
  '<xml/>',
  'a=1&b=2',
] as const;

/**
 * How a body goes over the wire: JSON of a value, or raw text with a content type. With `latin1`,
 * each character of `raw` is one byte, so the bytes need not be UTF-8.
 */
export type HostileBody =
  { kind: string; json: unknown } | { kind: string; raw: string; contentType?: string; latin1?: true };

/** The bytes of a `latin1` raw body. */
const latin1Bytes = (raw: string) => Uint8Array.from(Buffer.from(raw, 'latin1'));

/** The request options that send `body`. */
export const sendOptions = (body: HostileBody): RequestOptions =>
  'json' in body
    ? { body: body.json }
    : {
        rawBody: body.latin1 ? latin1Bytes(body.raw) : body.raw,
        headers: body.contentType ? { 'content-type': body.contentType } : {},
      };

/**
 * Byte sequences UTF-8 does not allow: lone continuation bytes, truncated sequences, overlong
 * forms (of "/" and NUL), UTF-16 surrogates, code points past U+10FFFF, five-byte forms, and
 * Latin-1 and Windows-1252 text sent as if it were UTF-8.
 */
export const INVALID_UTF8_SEQUENCES: readonly (readonly number[])[] = [
  [0x80],
  [0xbf],
  [0xc3],
  [0xe2, 0x82],
  [0xf0, 0x9f, 0x98],
  [0xc0, 0xaf],
  [0xc0, 0x80],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe9],
  [0x93],
  [0xfe],
  [0xff],
];

/** The kind of body invalidUtf8Body makes: the API answers it 400, whatever the endpoint. */
export const INVALID_UTF8_KIND = 'invalid UTF-8';

/**
 * A body of `valid`'s shape whose JSON is well formed except for bytes that are not UTF-8, put in
 * one of its string values (or a new one): decoded leniently it would pass with U+FFFD in it.
 */
export const invalidUtf8Body = (valid: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<HostileBody> =>
  fc
    .tuple(
      valid,
      fc.constantFrom(...INVALID_UTF8_SEQUENCES),
      fc.nat(),
      fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain;charset=UTF-8'),
    )
    .map(([body, bad, n, contentType]) => {
      const keys = Object.keys(body).filter((key) => typeof body[key] === 'string');
      const key = keys.length > 0 ? keys[n % keys.length]! : 'note';
      const value = typeof body[key] === 'string' ? (body[key] as string) : '';
      const at = n % (value.length + 1);
      const marker = '@@NOT-UTF-8@@';
      const text = JSON.stringify(
        objectWith([...Object.entries(body), [key, value.slice(0, at) + marker + value.slice(at)]]),
      );
      const raw = Buffer.from(text, 'utf8')
        .toString('latin1')
        .replace(marker, String.fromCharCode(...bad));
      return { kind: INVALID_UTF8_KIND, raw, contentType, latin1: true };
    });

const rawBody = (kind: string, raw: fc.Arbitrary<string>, contentType = 'application/json') =>
  raw.map((text): HostileBody => ({ kind, raw: text, contentType }));

/**
 * Bodies for an endpoint whose valid bodies `valid` generates (objects with nasty text inside):
 * about a third go out as generated (`validWeight` 12 of 38), the rest broken one way or another;
 * with `invalidUtf8`, some also carry bytes that are not UTF-8 (invalidUtf8Body).
 */
export function hostileBody(
  valid: fc.Arbitrary<Record<string, unknown>>,
  { validWeight = 12, invalidUtf8 = false }: { validWeight?: number; invalidUtf8?: boolean } = {},
): fc.Arbitrary<HostileBody> {
  const json = (kind: string, arb: fc.Arbitrary<unknown>) => arb.map((value): HostileBody => ({ kind, json: value }));
  const entriesOf = (body: Record<string, unknown>) => Object.entries(body);
  return fc.oneof(
    { weight: validWeight, arbitrary: json('valid', valid) },
    {
      weight: 3,
      arbitrary: json(
        'missing key',
        fc.tuple(valid, fc.nat()).map(([body, i]) => {
          const entries = entriesOf(body);
          entries.splice(i % Math.max(1, entries.length), 1);
          return objectWith(entries);
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: json(
        'extra keys',
        fc
          .tuple(valid, fc.array(fc.tuple(hostileKey, hostileValue), { minLength: 1, maxLength: 3 }))
          .map(([body, extra]) => objectWith([...entriesOf(body), ...extra])),
      ),
    },
    {
      weight: 3,
      arbitrary: json(
        'pollution keys',
        fc
          .tuple(valid, fc.constantFrom(...POLLUTION_KEYS), fc.constantFrom(true, 'yes', 1))
          .map(([body, key, value]) => objectWith([...entriesOf(body), [key, { polluted: value, isAdmin: value }]])),
      ),
    },
    {
      weight: 5,
      arbitrary: json(
        'wrong type',
        fc.tuple(valid, fc.nat(), hostileValue).map(([body, i, value]) => {
          const entries = entriesOf(body);
          if (entries.length) entries[i % entries.length]![1] = value;
          return objectWith(entries);
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: json(
        'hostile text',
        fc.tuple(valid, fc.nat(), hostileString).map(([body, i, text]) => {
          const entries = entriesOf(body);
          if (entries.length) entries[i % entries.length]![1] = text;
          return objectWith(entries);
        }),
      ),
    },
    { weight: 2, arbitrary: json('not an object', hostileValue) },
    { weight: 1, arbitrary: json('array of bodies', fc.array(valid, { minLength: 1, maxLength: 2 })) },
    { weight: 2, arbitrary: rawBody('malformed JSON', fc.constantFrom(...MALFORMED_JSON)) },
    {
      weight: 1,
      arbitrary: rawBody(
        'truncated JSON',
        fc.tuple(valid, fc.nat()).map(([body, n]) => {
          const text = JSON.stringify(body);
          return text.slice(0, n % text.length);
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: rawBody(
        'duplicate keys',
        valid.map((body) => {
          const text = JSON.stringify(body);
          const [first] = Object.keys(body);
          return first === undefined ? text : `${text.slice(0, -1)},${JSON.stringify(first)}:{"a":[1]}}`;
        }),
      ),
    },
    {
      weight: 1,
      arbitrary: rawBody(
        'deeply nested',
        fc
          .tuple(fc.constantFrom(10, 1_000, 20_000), fc.constantFrom('object' as const, 'array' as const), valid)
          .map(([depth, kind, body]) =>
            kind === 'array' && depth > 10
              ? deeplyNested(depth, kind)
              : `${JSON.stringify(body).slice(0, -1)},"nested":${deeplyNested(depth, kind)}}`,
          ),
      ),
    },
    // Refused with 400 by every endpoint, even one that ignores its body (a DELETE): opt-in.
    ...(invalidUtf8 ? [{ weight: 1, arbitrary: invalidUtf8Body(valid) }] : []),
    {
      weight: 1,
      arbitrary: valid.chain((body) =>
        fc.constantFrom<HostileBody>(
          { kind: 'content type', raw: JSON.stringify(body), contentType: 'text/plain' },
          { kind: 'content type', raw: JSON.stringify(body) },
          { kind: 'content type', raw: JSON.stringify(body), contentType: 'application/json; charset=utf-16' },
          { kind: 'content type', raw: JSON.stringify(body), contentType: 'application/x-www-form-urlencoded' },
          { kind: 'content type', raw: JSON.stringify(body), contentType: 'application/merge-patch+json' },
        ),
      ),
    },
  );
}

// --- paths --------------------------------------------------------------------------------------

/** Percent-encodes every UTF-16 unit's UTF-8 bytes, unpaired surrogates included (as CESU bytes). */
export function percentEncodeAnything(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (/[A-Za-z0-9_.~-]/.test(text[i]!)) {
      out += text[i];
      continue;
    }
    const bytes =
      unit < 0x80
        ? [unit]
        : unit < 0x800
          ? [0xc0 | (unit >> 6), 0x80 | (unit & 63)]
          : [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** A path segment standing for an id: `known` ones, random UUIDs, and hostile text. */
export const hostileIdSegment = (known: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: known },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: hostileString.map(percentEncodeAnything).filter((s) => s.length > 0) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%00',
        '%ZZ',
        '%',
        '..',
        '%2e%2e',
        '%2F',
        'null',
        'undefined',
        '00000000-0000-0000-0000-000000000000',
        'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
        "1'%20OR%20'1'='1",
        'a'.repeat(5000),
      ),
    },
  );

// --- callback URLs -----------------------------------------------------------------------------

/**
 * Where a client might ask to be sent after a mailed link (`callbackURL`, `redirectTo`): other
 * hosts spelled every way a browser or a router may read as one, script and data schemes,
 * non-ASCII and control characters, and lengths past any sensible path.
 */
export const ODD_CALLBACK_URLS = [
  'https://evil.example/phish',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\r\n/evil.example',
  ' /dashboard',
  '/.//evil.example',
  '/%2F%2Fevil.example',
  '/%5C%5Cevil.example',
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'mailto:someone@example.com',
  'http://localhost:3000@evil.example/',
  'http://localhost:3000.evil.example/',
  'http://user:pass@localhost:3000/',
  'https://localhost:3000/',
  'http://[::1]:3000/',
  '/é',
  '/dashboard?team=ü#ß',
  '/\u2028',
  '/\ud800',
  '/😀',
  '/%E9',
  '/%',
  '/%00',
  '/\u0000',
  '😀',
  'dashboard',
  '',
  '/',
  '/' + 'a'.repeat(600),
  '/' + 'é'.repeat(300),
  '/' + 'a'.repeat(60_000),
] as const;

/** Any callback a client could send: the odd ones, hostile text, and paths and URLs built from it. */
export const hostileCallbackURL: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_CALLBACK_URLS) },
  { weight: 2, arbitrary: hostileString },
  {
    weight: 3,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          '/',
          '//',
          '/\\',
          '\\',
          'http://localhost:3000/',
          'https://evil.example/',
          'javascript:',
          '/..',
          '/%2e%2e/',
        ),
        hostileString,
      )
      .map(([prefix, rest]) => prefix + rest),
  },
  { weight: 1, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  { weight: 1, arbitrary: fc.webPath().map((path) => `/${path.replace(/^\/+/, '')}`) },
);

// --- checks -------------------------------------------------------------------------------------

/**
 * A response to hostile input: never a 5xx, and an error body that says nothing of the server's
 * insides (no stack trace, no SQL).
 */
export async function expectCalmAnswer(res: Response, what: string): Promise<string> {
  const text = await res.text();
  expect(res.status, `${what} → ${res.status} ${text.slice(0, 300)}`).toBeLessThan(500);
  expect(text, what).not.toMatch(
    /\bat \S+\.(ts|js):\d+|node_modules|syntax error at or near|violates check constraint/,
  );
  return text;
}

/** The bytes `body` puts on the wire (as sendOptions sends it): what the API's size limit counts. */
export const wireBytes = (body: HostileBody): number =>
  'json' in body
    ? Buffer.byteLength(JSON.stringify(body.json) ?? '')
    : body.latin1
      ? body.raw.length
      : Buffer.byteLength(body.raw);

/**
 * The API's body-size limit, to the byte: a body over API_BODY_LIMIT_BYTES answers 413 (before
 * anything reads it), and one within it never does. Huge hostile strings make some bodies go over.
 */
export function expectBodyLimitKept(res: Response, body: HostileBody, text: string) {
  const bytes = wireBytes(body);
  expect(res.status === 413, `${bytes} bytes → ${res.status} ${text.slice(0, 200)}`).toBe(bytes > API_BODY_LIMIT_BYTES);
}

/** Own property names of the prototypes pollution would reach; equal before and after a run. */
export function prototypeFingerprint(): string {
  const probe = {} as Record<string, unknown>;
  const names = [Object.prototype, Array.prototype, Function.prototype].map((p) =>
    Object.getOwnPropertyNames(p).sort(),
  );
  return JSON.stringify({ names, polluted: probe.polluted, isAdmin: probe.isAdmin });
}
