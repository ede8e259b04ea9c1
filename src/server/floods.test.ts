/**
 * One account flooding each heavy read and upload (docs/SECURITY.md, "Heavy reads" and "Imports
 * are bounded"): what bounds it, counted rather than timed (bench/noisy.ts measures the others'
 * latency). However many requests it sends at once, the flooder gets exactly its quota, one of its
 * requests at a time reaches the database, another account is served meanwhile, and nothing but
 * what was accepted changes.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rowsOf, snapshotTables } from './test/db-snapshot.ts';
import { createSiblingApp, describeEachDatabase, signUpAndSignIn, type TestEnv } from './test/harness.ts';
import { statementsDuring } from './test/statements.ts';
import { insertBets, usernameOf } from './modules/profiles/test-helpers.ts';
import { MINUTE_MS } from '../shared/time-units.ts';

const HEADER = 'date,description,sport,stake,odds,result\r\n';

/** `n` distinct valid rows, a minute apart from 2024-01-01 (`from` minutes on). */
const csvRows = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2024, 0, 1) + (from + i) * MINUTE_MS).toISOString();
    return `${at},Flood ${from + i},soccer,10,2.50,won\r\n`;
  }).join('');

const upload = (env: TestEnv, cookie: string, body: string | ReadableStream<Uint8Array>) =>
  env.request('/api/bets/import', { method: 'POST', cookie, rawBody: body, headers: { 'content-type': 'text/csv' } });

/**
 * An import whose body is still arriving: `csv` is sent when the server first reads, and the body
 * ends only at `end()`. `reading` settles once the server is reading it (so the request holds its
 * user's turn: the body is read after the quota's queue lets it in).
 */
function openUpload(env: TestEnv, cookie: string, csv: string) {
  let pulls = 0;
  let reading!: () => void;
  let end!: () => void;
  const started = new Promise<void>((resolve) => (reading = resolve));
  const ended = new Promise<void>((resolve) => (end = resolve));
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (++pulls === 1) {
          reading();
          controller.enqueue(new TextEncoder().encode(csv));
          return;
        }
        await ended;
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  return { answer: upload(env, cookie, body), reading: started, end };
}

const importedOf = async (env: TestEnv, userId: string) =>
  rowsOf<{ n: number }>(
    await env.db.execute(sql`select count(*)::int as n from imported_bets where user_id = ${userId}`),
  )[0]!.n;

/** Every table's snapshot but `except`'s (the rows a flood was allowed to add). */
const snapshotBut = async (env: TestEnv, ...except: string[]) => {
  const all = await snapshotTables(env);
  for (const table of except) delete all[table];
  return all;
};

describeEachDatabase(
  'one account flooding the import',
  (env) => {
    it("reads one of its files at a time, stores exactly its write quota's worth, and serves others meanwhile", async () => {
      const flooder = await signUpAndSignIn(env());
      const other = await signUpAndSignIn(env());
      const before = await snapshotBut(env(), 'imported_bets');

      // The first file's body is still arriving: it holds the flooder's turn.
      const first = openUpload(env(), flooder.cookie, HEADER + csvRows(1500));
      await first.reading;
      const rest = Array.from({ length: 11 }, (_, i) =>
        upload(env(), flooder.cookie, HEADER + csvRows(1500, (i + 1) * 2000)),
      );
      let answered = 0;
      for (const res of rest) void res.then(() => answered++);

      // Meanwhile another account imports and reads, and the flooder reads its own record.
      expect((await upload(env(), other.cookie, HEADER + csvRows(1))).status).toBe(200);
      expect((await env().request('/api/bets/imported', { cookie: other.cookie })).status).toBe(200);
      expect((await env().request('/api/bets', { cookie: flooder.cookie })).status).toBe(200);
      // ...while none of the flooder's other files has been read: they wait their turn.
      expect(answered).toBe(0);

      first.end();
      expect((await first.answer).status).toBe(200);
      const statuses = (await Promise.all(rest)).map((res) => res.status).sort();
      // 1,500 rows count two writes: the first file and two more fill the minute's six.
      expect(statuses).toEqual([200, 200, ...Array<number>(9).fill(429)]);
      expect(await importedOf(env(), flooder.userId)).toBe(4500);
      expect(await importedOf(env(), other.userId)).toBe(1);
      expect(await snapshotBut(env(), 'imported_bets')).toEqual(before);
    }, 120_000);
  },
  { WRITE_QUOTA_PER_MINUTE: '6' },
);

describeEachDatabase(
  "one account flooding a public ledger's NDJSON",
  (env) => {
    it('reads each chain once per change of its head: the owner’s write quota bounds the reads, other chains are served', async () => {
      const flooder = await signUpAndSignIn(env());
      const other = await signUpAndSignIn(env());
      await insertBets(env(), flooder.userId, [{ status: 'won' }, {}]);
      await insertBets(env(), other.userId, [{ status: 'lost' }]);
      const mine = await usernameOf(env(), flooder.userId);
      const theirs = await usernameOf(env(), other.userId);
      const download = (username: string) =>
        env().request(`/api/profiles/${username}/ledger.ndjson`, { cookie: flooder.cookie });
      const chainReads = /from "bet_ledger" /;
      const before = await snapshotTables(env());

      let theirBodies: string[] = [];
      const reads = await statementsDuring(env(), chainReads, async () => {
        const answers = await Promise.all([
          ...Array.from({ length: 8 }, () => download(mine)),
          ...Array.from({ length: 8 }, () => download(theirs)),
        ]);
        expect(answers.map((res) => res.status)).toEqual(Array<number>(16).fill(200));
        theirBodies = await Promise.all(answers.slice(8).map((res) => res.text()));
      });
      // Sixteen downloads of two chains: each chain read once.
      expect(reads).toBe(2);
      expect(new Set(theirBodies).size).toBe(1);
      expect(theirBodies[0]!.trim().split('\n')).toHaveLength(2);
      // Downloads change nothing.
      expect(await snapshotTables(env())).toEqual(before);

      // The owner moves the head as fast as its write quota lets it, downloading after each write.
      const bet = () => ({
        description: 'Flood: Lakers ML',
        amount: '10',
        odds: '+150',
        sport: 'basketball',
        eventDate: new Date(env().clock.now().getTime() + 24 * 60 * MINUTE_MS).toISOString(),
      });
      const writes: number[] = [];
      const afterWrites = await statementsDuring(env(), chainReads, async () => {
        for (let i = 0; i < 5; i++) {
          writes.push((await env().request('/api/bets', { cookie: flooder.cookie, body: bet() })).status);
          const answers = await Promise.all(Array.from({ length: 4 }, () => download(mine)));
          expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
          await Promise.all(answers.map((res) => res.arrayBuffer()));
        }
      });
      expect(writes).toEqual([201, 201, 201, 429, 429]);
      // One read per accepted write, none for the refused ones: twenty downloads, three reads.
      expect(afterWrites).toBe(3);
      // The kept chain, extended after each write, is the chain a server that kept nothing reads whole.
      const chain = await (await download(mine)).text();
      expect(chain.trim().split('\n')).toHaveLength(6);
      const fresh = createSiblingApp(env());
      expect(await (await fresh.request(`/api/profiles/${mine}/ledger.ndjson`)).text()).toBe(chain);
    }, 60_000);
  },
  { WRITE_QUOTA_PER_MINUTE: '3' },
);

describeEachDatabase(
  "one address flooding a public ledger's NDJSON",
  (env) => {
    it('gets its byte budget a minute, then a 429 that costs no query, while other addresses are served', async () => {
      const owner = await signUpAndSignIn(env());
      await insertBets(env(), owner.userId, [{ status: 'won' }, {}]);
      const username = await usernameOf(env(), owner.userId);
      const download = (ip: string) => env().request(`/api/profiles/${username}/ledger.ndjson`, { ip });
      const chain = await (await download('198.51.100.7')).text();
      // The budget (2,048 bytes here) is spent by whole downloads: while any is left, one goes through.
      const size = new TextEncoder().encode(chain).byteLength;
      const allowed = Math.ceil(2048 / size);
      for (let i = 1; i < allowed; i++) expect(await (await download('198.51.100.7')).text()).toBe(chain);

      const queries = await statementsDuring(env(), /./, async () => {
        const refused = await download('198.51.100.7');
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe('60');
        expect(await refused.json()).toEqual({
          error: "Your network has used this minute's 2 KB of ledger downloads. Try again in 60 seconds.",
        });
      });
      expect(queries).toBe(0);
      // Another address, and the same one once its minute has ended.
      expect(await (await download('198.51.100.8')).text()).toBe(chain);
      env().clock.advance(MINUTE_MS);
      expect(await (await download('198.51.100.7')).text()).toBe(chain);
    });
  },
  { LEDGER_DOWNLOAD_BYTES_PER_MINUTE: '2048' },
);

describeEachDatabase(
  'one account flooding a heavy read of its own record',
  (env) => {
    for (const path of ['/api/profile/export.csv', '/api/profile/analytics', '/api/bets/stats?includeImported=true']) {
      it(`${path}: twelve at once answer exactly the quota, one body, another account served`, async () => {
        const flooder = await signUpAndSignIn(env());
        const other = await signUpAndSignIn(env());
        await insertBets(env(), flooder.userId, [{ status: 'won' }, { status: 'lost' }, {}]);
        await insertBets(env(), other.userId, [{ status: 'won' }]);
        const before = await snapshotTables(env());

        const [theirs, ...answers] = await Promise.all([
          env().request(path, { cookie: other.cookie }),
          ...Array.from({ length: 12 }, () => env().request(path, { cookie: flooder.cookie })),
        ]);
        expect(theirs!.status).toBe(200);
        expect(answers.map((res) => res.status).sort()).toEqual([
          ...Array<number>(5).fill(200),
          ...Array<number>(7).fill(429),
        ]);
        const bodies = await Promise.all(answers.filter((res) => res.status === 200).map((res) => res.text()));
        expect(new Set(bodies).size).toBe(1);
        expect(await snapshotTables(env())).toEqual(before);
      }, 60_000);
    }
  },
  { HEAVY_READ_QUOTA_PER_MINUTE: '5' },
);
