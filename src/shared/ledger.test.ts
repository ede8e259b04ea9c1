import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BET_SPORTS } from './bets.ts';
import {
  canonicalJson,
  GENESIS_HASH,
  hashedText,
  ledgerLine,
  parseLedgerLine,
  verifyChain,
  verifyNdjson,
  type LedgerEntry,
  type LedgerHead,
  type LedgerKind,
} from './ledger.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const utf8 = (text: string) => new TextEncoder().encode(text);

type Bet = LedgerEntry['bet'];
type Change = { kind: LedgerKind; at: string; bet: Bet };

/** A chain built as the database builds it (src/server/db/functions/bet_ledger_append.sql): seq from 1, each hash over prevHash + JCS. */
function chainOf(changes: readonly Change[], from: LedgerHead = { seq: 0, hash: GENESIS_HASH }): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  let head = from;
  for (const change of changes) {
    const unhashed = { seq: head.seq + 1, at: change.at, kind: change.kind, bet: change.bet, prevHash: head.hash };
    const entry = { ...unhashed, hash: sha256(hashedText(unhashed)) };
    entries.push(entry);
    head = { seq: entry.seq, hash: entry.hash };
  }
  return entries;
}

/** The NDJSON download of `entries`, as the server writes it. */
const ndjson = (entries: readonly LedgerEntry[]) => entries.map((e) => `${ledgerLine(e)}\n`).join('');

const headOf = (entries: readonly LedgerEntry[], seq: number): LedgerHead =>
  seq === 0 ? { seq: 0, hash: GENESIS_HASH } : { seq, hash: entries[seq - 1]!.hash };

// The worked example of docs/LEDGER.md, hashed by PostgreSQL (bet_ledger_append) and by sha256sum.
const EXAMPLE_BET: Bet = {
  id: '6f1c2a9e-4b7d-4e2a-9c1b-2d3e4f5a6b7c',
  description: 'Lakers ML vs "Celtics" 🏀',
  sport: 'basketball',
  stake: 2500,
  odds: '+150',
  eventStart: '2025-03-01T01:30:00.000Z',
  status: 'pending',
  profit: null,
};
const EXAMPLE: Change[] = [
  { kind: 'recorded', at: '2025-02-28T18:04:05.123Z', bet: EXAMPLE_BET },
  { kind: 'settled', at: '2025-03-01T04:12:00.000Z', bet: { ...EXAMPLE_BET, status: 'won', profit: 3750 } },
];
const EXAMPLE_HASHES = [
  '06832d294a23922f7354e6818f0248c6cde8ef00b921b6c535f7f3ea23a50656',
  '6eb1c4dff19a83a710b9187f8bca2941e013faf4bb70508a26c8d67722b56a52',
];

describe('canonicalJson (RFC 8785)', () => {
  it("serializes RFC 8785's own example (section 3.2.2) as the RFC does", () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/",' +
        ' "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts keys by UTF-16 code units, non-ASCII keys included (the RFC example of section 3.2.3)', () => {
    const input = {
      '\u20ac': 'Euro Sign',
      '\r': 'Carriage Return',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '1': 'One',
      '\ud83d\ude00': 'Emoji: Grinning Face',
      '\u0080': 'Control',
      '\u00f6': 'Latin Small Letter O With Diaeresis',
    };
    // The emoji (U+1F600, units D83D DE00) sorts before U+FB33: by code point it would come after.
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it('sorts nested keys, case-sensitively (uppercase first), and leaves out undefined members', () => {
    expect(canonicalJson({ b: { z: 1, Z: 2, a: [3, { y: null, x: true }] }, a: undefined, A: 'x' })).toBe(
      '{"A":"x","b":{"Z":2,"a":[3,{"x":true,"y":null}],"z":1}}',
    );
  });

  it('escapes ", \\ and every control character U+0000-U+001F as JSON.stringify does, nothing else', () => {
    const short: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };
    for (let code = 0; code < 0x20; code++) {
      const expected = short[code] ?? `\\u${code.toString(16).padStart(4, '0')}`;
      expect(canonicalJson(String.fromCharCode(code))).toBe(`"${expected}"`);
    }
    expect(canonicalJson('say "hi" \\ back/slash')).toBe('"say \\"hi\\" \\\\ back/slash"');
    // DEL, U+2028/U+2029 (line and paragraph separators), non-ASCII and astral characters: as themselves.
    for (const s of ['\u007f', '\u2028', '\u2029', 'é', 'Ω', '€', '😀', '\ufeff'])
      expect(canonicalJson(s)).toBe(`"${s}"`);
    expect(canonicalJson('\u001f')).toBe('"\\u001f"'); // lowercase hex
  });

  it('writes integers in plain decimal, -0 as 0, and refuses what JSON cannot hold', () => {
    expect(canonicalJson(0)).toBe('0');
    expect(canonicalJson(-0)).toBe('0');
    expect(canonicalJson(2500)).toBe('2500');
    expect(canonicalJson(-750)).toBe('-750');
    expect(canonicalJson(Number.MAX_SAFE_INTEGER)).toBe('9007199254740991');
    expect(canonicalJson(-Number.MAX_SAFE_INTEGER)).toBe('-9007199254740991');
    expect(canonicalJson(1e21)).toBe('1e+21');
    for (const bad of [NaN, Infinity, -Infinity]) expect(() => canonicalJson(bad)).toThrow(/NaN|Infinity/);
    expect(() => canonicalJson('\ud83d')).toThrow(/surrogate/i);
    expect(() => canonicalJson({ '\ude00': 1 })).toThrow(/surrogate/i);
    expect(() => canonicalJson(undefined)).toThrow(/cannot encode undefined/);
    expect(() => canonicalJson(10n)).toThrow(/BigInt/);
  });

  it("writes an entry's keys in the order the database concatenates them", () => {
    const [entry] = chainOf(EXAMPLE);
    const { hash: _hash, ...unhashed } = entry!;
    expect(canonicalJson(unhashed)).toBe(
      '{"at":"2025-02-28T18:04:05.123Z","bet":{"description":"Lakers ML vs \\"Celtics\\" 🏀",' +
        '"eventStart":"2025-03-01T01:30:00.000Z","id":"6f1c2a9e-4b7d-4e2a-9c1b-2d3e4f5a6b7c","odds":"+150",' +
        '"profit":null,"sport":"basketball","stake":2500,"status":"pending"},"kind":"recorded",' +
        `"prevHash":"${GENESIS_HASH}","seq":1}`,
    );
  });
});

describe('hashes', () => {
  it('match the worked example of docs/LEDGER.md (hashed by PostgreSQL and by sha256sum)', () => {
    const entries = chainOf(EXAMPLE);
    expect(entries.map((e) => e.hash)).toEqual(EXAMPLE_HASHES);
    expect(entries[1]!.prevHash).toBe(EXAMPLE_HASHES[0]);
    expect(hashedText(entries[0]!)).toBe(
      `${GENESIS_HASH}{"at":"2025-02-28T18:04:05.123Z","bet":{"description":"Lakers ML vs \\"Celtics\\" 🏀",` +
        '"eventStart":"2025-03-01T01:30:00.000Z","id":"6f1c2a9e-4b7d-4e2a-9c1b-2d3e4f5a6b7c","odds":"+150",' +
        '"profit":null,"sport":"basketball","stake":2500,"status":"pending"},"kind":"recorded",' +
        `"prevHash":"${GENESIS_HASH}","seq":1}`,
    );
    expect(verifyNdjson(utf8(ndjson(entries)), sha256)).toEqual({
      ok: true,
      head: { seq: 2, hash: EXAMPLE_HASHES[1] },
      count: 2,
    });
  });

  it("match the database's for a description with a quote, a BEL, U+2028 and an emoji", () => {
    // Body and hash as bet_ledger_append wrote them on PGlite.
    const bet = { ...EXAMPLE_BET, description: 'Lakers ML "home" — Curry\u2028out 🏀\u0007' };
    const [entry] = chainOf([{ kind: 'recorded', at: '2025-02-28T18:04:05.123Z', bet }]);
    expect(ledgerLine(entry!)).toContain('"description":"Lakers ML \\"home\\" — Curry\u2028out 🏀\\u0007"');
    expect(entry!.hash).toBe('3df18dbc0c53926d5b7e19de1f888f087ec51a2bd0f09db67fd5557c221d7c1e');
  });
});

describe('parseLedgerLine', () => {
  const [entry] = chainOf(EXAMPLE);
  const line = ledgerLine(entry!);

  it('puts hash last, after the canonical body, and reads it back', () => {
    expect(line.endsWith(`,"seq":1,"hash":"${EXAMPLE_HASHES[0]}"}`)).toBe(true);
    expect(parseLedgerLine(line)).toEqual({ ok: true, entry });
  });

  it('refuses a line that is not exactly the canonical form of its values', () => {
    const respaced = JSON.stringify(JSON.parse(line), null, 1).replace(/\n/g, '');
    expect(parseLedgerLine(respaced)).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical form/) });
    const bel = chainOf([{ kind: 'recorded', at: EXAMPLE[0]!.at, bet: { ...EXAMPLE_BET, description: 'a\u001fb' } }]);
    const upper = ledgerLine(bel[0]!).replace('\\u001f', '\\u001F'); // the same value, other bytes
    expect(JSON.parse(upper)).toEqual(bel[0]);
    expect(parseLedgerLine(upper)).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical form/) });
    expect(parseLedgerLine(`${line}\r`)).toMatchObject({ ok: false, problem: expect.stringMatching(/canonical/) });
  });

  it('names what is wrong with a line that is not an entry', () => {
    expect(parseLedgerLine('')).toEqual({ ok: false, problem: 'the line is empty' });
    expect(parseLedgerLine('{"seq":')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^the line is not JSON/),
    });
    expect(parseLedgerLine(line.replace('"stake":2500', '"stake":25.5'))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^not a ledger entry: bet\.stake: /),
    });
    expect(parseLedgerLine(line.replace('"kind":"recorded"', '"kind":"edited"'))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^not a ledger entry: kind: /),
    });
    expect(parseLedgerLine(line.replace('"seq":1,', '"seq":1,"extra":1,'))).toMatchObject({ ok: false });
    // What docs/LEDGER.md lists, and only that: sports, lowercase UUIDs, the two origins.
    expect(parseLedgerLine(line.replace('"sport":"basketball"', '"sport":"curling"'))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^not a ledger entry: bet\.sport: /),
    });
    expect(parseLedgerLine(line.replace('6f1c2a9e-4b7d', '6F1C2A9E-4b7d'))).toEqual({
      ok: false,
      problem: 'not a ledger entry: bet.id: must be a lowercase UUID',
    });
    expect(parseLedgerLine(line.replace('"kind":"recorded",', '"kind":"recorded","origin":"import",'))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^not a ledger entry: origin: /),
    });
    expect(parseLedgerLine(line.replace('Celtics', '\\ud83d'))).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/surrogate/),
    });
  });
});

describe('verifyChain and verifyNdjson', () => {
  const bet = (n: number): Bet => ({ ...EXAMPLE_BET, description: `bet ${n}`, stake: 100 * n });
  const changes: Change[] = Array.from({ length: 6 }, (_, i) => ({
    kind: 'recorded',
    at: new Date(Date.UTC(2025, 0, 1 + i)).toISOString(),
    bet: bet(i + 1),
  }));
  const entries = chainOf(changes);
  const lines = entries.map(ledgerLine);
  const file = (ls: readonly string[]) => utf8(ls.map((l) => `${l}\n`).join(''));

  it('verifies the whole chain and the empty chain; a file whose last line has no newline was cut short', () => {
    const ok = { ok: true, head: headOf(entries, 6), count: 6 };
    expect(verifyChain(entries, sha256)).toEqual(ok);
    expect(verifyNdjson(file(lines), sha256)).toEqual(ok);
    expect(verifyNdjson(utf8(lines.join('\n')), sha256)).toEqual({
      ok: false,
      seq: 6,
      problem: 'the last line does not end in a newline: the file was cut short, or is not the download',
    });
    expect(verifyNdjson(new Uint8Array(), sha256)).toEqual({ ok: true, head: headOf(entries, 0), count: 0 });
    expect(verifyChain([], sha256)).toEqual({ ok: true, head: headOf(entries, 0), count: 0 });
  });

  it('reports a gap, a repeated entry, a broken link, a changed entry and a malformed line where they are', () => {
    const without3 = [...lines.slice(0, 2), ...lines.slice(3)];
    expect(verifyNdjson(file(without3), sha256)).toEqual({
      ok: false,
      seq: 3,
      problem: 'expected seq 3, found 4: an entry is missing (a gap)',
    });
    expect(verifyNdjson(file([...lines.slice(0, 3), lines[2]!, ...lines.slice(3)]), sha256)).toEqual({
      ok: false,
      seq: 4,
      problem: 'expected seq 4, found 3: seq 3 appears again (a fork or a repeated entry)',
    });
    const relinked = { ...entries[3]!, prevHash: entries[1]!.hash };
    expect(verifyChain([...entries.slice(0, 3), relinked], sha256)).toEqual({
      ok: false,
      seq: 4,
      problem: 'prevHash does not match the hash of entry 3 (the chain is broken or forked there)',
    });
    const changed = { ...entries[4]!, bet: { ...entries[4]!.bet, stake: 1 } };
    expect(verifyChain([...entries.slice(0, 4), changed], sha256)).toMatchObject({
      ok: false,
      seq: 5,
      problem: expect.stringMatching(/^hash mismatch: the entry hashes to [0-9a-f]{64}, but its hash field says /),
    });
    expect(verifyNdjson(file([lines[0]!, '', lines[1]!]), sha256)).toEqual({
      ok: false,
      seq: 2,
      problem: 'the line is empty',
    });
    expect(verifyNdjson(file([lines[0]!, 'not json']), sha256)).toMatchObject({ ok: false, seq: 2 });
    const badUtf8 = new Uint8Array([...file(lines.slice(0, 1)), 0xff, 0x0a]);
    expect(verifyNdjson(badUtf8, sha256)).toEqual({ ok: false, seq: 2, problem: 'the line is not valid UTF-8' });
    expect(verifyChain(entries.slice(1), sha256)).toMatchObject({
      ok: false,
      seq: 1,
      problem: 'expected seq 1, found 2: an entry is missing (a gap)',
    });
    expect(verifyChain([null], sha256)).toMatchObject({ ok: false, seq: 1 });
  });

  it('with --since: an appended chain verifies; a rewritten, truncated or foreign one fails at the saved head', () => {
    const saved = headOf(entries, 3);
    expect(verifyChain(entries, sha256, { since: saved })).toEqual({ ok: true, head: headOf(entries, 6), count: 6 });
    // Only what came after the saved head (?after=3): linked to it by the first prevHash.
    expect(verifyChain(entries.slice(3), sha256, { since: saved })).toEqual({
      ok: true,
      head: headOf(entries, 6),
      count: 3,
    });
    expect(verifyNdjson(file(lines.slice(3)), sha256, { since: saved })).toMatchObject({ ok: true, count: 3 });
    expect(verifyChain(entries, sha256, { since: headOf(entries, 6) })).toMatchObject({ ok: true });
    expect(verifyChain(entries, sha256, { since: headOf(entries, 0) })).toMatchObject({ ok: true });
    expect(verifyChain([], sha256, { since: headOf(entries, 0) })).toMatchObject({ ok: true });

    // Entry 2 rewritten and everything after it re-hashed: a valid chain on its own, not the saved one.
    const rewritten = chainOf([changes[0]!, { ...changes[1]!, bet: bet(99) }, ...changes.slice(2)]);
    expect(verifyChain(rewritten, sha256)).toMatchObject({ ok: true });
    expect(verifyChain(rewritten, sha256, { since: saved })).toEqual({
      ok: false,
      seq: 3,
      problem: `entry 3 no longer has the saved hash ${saved.hash}: the history up to it was rewritten, not only appended to`,
    });
    expect(verifyChain(rewritten.slice(3), sha256, { since: saved })).toEqual({
      ok: false,
      seq: 4,
      problem: `prevHash is not the saved head's hash ${saved.hash}: the history up to entry 3 was rewritten`,
    });
    expect(verifyChain(entries.slice(0, 2), sha256, { since: saved })).toEqual({
      ok: false,
      seq: 3,
      problem:
        'the chain is shorter than your saved head: it ends at entry 2, your head is entry 3 (entries were removed, or the head is from another chain)',
    });
    expect(verifyChain(entries, sha256, { since: { seq: 0, hash: 'a'.repeat(64) } })).toMatchObject({
      ok: false,
      seq: 0,
    });
    expect(verifyChain(entries.slice(4), sha256, { since: saved })).toEqual({
      ok: false,
      seq: 1,
      problem: 'expected seq 1, found 5: the run starts neither at seq 1 nor right after the saved head 3',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random histories

/** Text with what is hard to get right: quotes, backslashes, control characters, U+2028, emoji, any code point. */
const nastyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom('"', '\\', '/', '\n', '\r', '\t', '\b', '\f', '\u0000', '\u0007', '\u001f', '\u007f'),
    fc.constantFrom('\u2028', '\u2029', 'é', '€', '😀', '🏀', '\ufeff', '\u0301'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});
const isoTime = fc
  .date({ min: new Date('2000-01-01T00:00:00.000Z'), max: new Date('2099-12-31T23:59:59.999Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const change: fc.Arbitrary<Change> = fc
  .record({
    kind: fc.constantFrom<LedgerKind>('recorded', 'settled', 'deleted'),
    at: isoTime,
    id: fc.uuid(),
    description: nastyText,
    sport: fc.constantFrom(...BET_SPORTS),
    stake: fc.integer({ min: 1, max: 99_999_999_999 }),
    odds: fc.oneof(fc.constantFrom('+150', '-110', '2.50', '5/2', '1.01', '+10000'), nastyText),
    eventStart: isoTime,
    won: fc.boolean(),
    profit: fc.integer({ min: -99_999_999_999, max: 999_999_999_999 }),
  })
  .map(({ kind, at, won, profit, ...bet }) => ({
    kind,
    at,
    bet: {
      ...bet,
      status: kind === 'settled' ? (won ? 'won' : 'lost') : 'pending',
      profit: kind === 'settled' ? profit : null,
    },
  }));
const history = fc.array(change, { minLength: 1, maxLength: 8 });

describe('random histories', () => {
  it('verify, as entries and as NDJSON', () => {
    fc.assert(
      fc.property(history, (changes) => {
        const entries = chainOf(changes);
        const expected = { ok: true, head: headOf(entries, entries.length), count: entries.length };
        expect(verifyChain(entries, sha256)).toEqual(expected);
        expect(verifyChain(JSON.parse(JSON.stringify(entries)) as unknown[], sha256)).toEqual(expected);
        expect(verifyNdjson(utf8(ndjson(entries)), sha256)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('fail at the changed entry when any single byte of any line changes (or the line stops parsing)', () => {
    fc.assert(
      fc.property(history, fc.nat(), fc.nat(), fc.integer({ min: 1, max: 255 }), (changes, lineAt, byteAt, delta) => {
        const entries = chainOf(changes);
        const lines = entries.map((e) => utf8(ledgerLine(e)));
        const i = lineAt % lines.length;
        const line = Uint8Array.from(lines[i]!);
        const at = byteAt % line.length;
        line[at] = (line[at]! + delta) % 256;
        lines[i] = line;
        const file = new Uint8Array(lines.flatMap((l) => [...l, 0x0a]));
        expect(verifyNdjson(file, sha256)).toMatchObject({ ok: false, seq: i + 1 });
      }),
      { numRuns: 500 },
    );
  });

  it('fail for every single-byte change of every line of one chain (exhaustively)', () => {
    const nasty = { ...EXAMPLE_BET, description: 'a"b\\c\u0007\u001f\u2028é😀\n' };
    const entries = chainOf([
      { kind: 'recorded', at: '2025-02-28T18:04:05.123Z', bet: nasty },
      { kind: 'settled', at: '2025-03-01T04:12:00.000Z', bet: { ...nasty, status: 'lost', profit: -2500 } },
    ]);
    const original = utf8(ndjson(entries));
    let tried = 0;
    for (let at = 0; at < original.length; at++) {
      if (original[at] === 0x0a) continue; // the line breaks themselves: see the next test
      for (const replacement of new Set([original[at]! ^ 0x01, original[at]! ^ 0x20, 0x0a, 0x20, 0x22, 0x80])) {
        if (replacement === original[at]) continue;
        const file = Uint8Array.from(original);
        file[at] = replacement;
        const check = verifyNdjson(file, sha256);
        if (check.ok) throw new Error(`byte ${at} changed to ${replacement} still verifies`);
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(original.length * 4);
  });

  it('fail when a line break is removed or added between entries', () => {
    const entries = chainOf(EXAMPLE);
    const text = ndjson(entries);
    expect(verifyNdjson(utf8(text.replace('\n', '')), sha256)).toMatchObject({ ok: false, seq: 1 });
    expect(verifyNdjson(utf8(text.replace('\n', ' ')), sha256)).toMatchObject({ ok: false, seq: 1 });
    expect(verifyNdjson(utf8(text.replace('\n', '\n\n')), sha256)).toMatchObject({ ok: false, seq: 2 });
    expect(verifyNdjson(utf8(text.replace('\n', '\r\n')), sha256)).toMatchObject({ ok: false, seq: 1 });
  });

  it('--since: an appended chain verifies against any earlier head; a rewritten one fails', () => {
    fc.assert(
      fc.property(history, history, fc.nat(), fc.nat(), change, (before, after, cutAt, rewriteAt, replacement) => {
        const entries = chainOf([...before, ...after]);
        const k = cutAt % (before.length + 1); // the saved head: 0 (genesis) to before.length
        const saved = headOf(entries, k);
        const appended = { ok: true, head: headOf(entries, entries.length), count: entries.length };
        expect(verifyNdjson(utf8(ndjson(entries)), sha256, { since: saved })).toEqual(appended);
        if (k > 0) {
          // Only the entries after the saved head.
          expect(verifyChain(entries.slice(k), sha256, { since: saved })).toMatchObject({ ok: true });
          // The saved head itself, rewritten in the file: refused.
          const forged = { ...saved, hash: entries[0]!.hash === saved.hash ? GENESIS_HASH : entries[0]!.hash };
          expect(verifyChain(entries, sha256, { since: forged })).toMatchObject({ ok: false, seq: k });

          // Any entry up to the saved head replaced, and the chain re-hashed from there: a chain
          // that verifies on its own, but not against the head saved before the rewrite.
          const j = rewriteAt % k;
          const rewrittenChanges = [...before, ...after];
          rewrittenChanges[j] = replacement;
          const rewritten = chainOf(rewrittenChanges);
          fc.pre(rewritten[j]!.hash !== entries[j]!.hash);
          expect(verifyChain(rewritten, sha256)).toMatchObject({ ok: true });
          expect(verifyNdjson(utf8(ndjson(rewritten)), sha256, { since: saved })).toMatchObject({
            ok: false,
            seq: k,
          });
          expect(verifyChain(rewritten.slice(k), sha256, { since: saved })).toMatchObject({ ok: false, seq: k + 1 });
          // Truncated below the saved head.
          expect(verifyChain(entries.slice(0, k - 1), sha256, { since: saved })).toMatchObject({ ok: false, seq: k });
        }
      }),
      { numRuns: 200 },
    );
  });
});
