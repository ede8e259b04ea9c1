/**
 * The database functions' step (db/functions.ts, docs/decisions/016): a migrated database holds
 * exactly the functions and triggers of db/functions/, each as its file writes it; applying the
 * files again changes nothing; a start after a file changed (or was added or deleted) applies the
 * folder again, and a start after none did applies nothing. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, type Driver } from '../test/harness.ts';
import { migrateIfBehind, openDatabase, type Database } from './client.ts';
import { applyFunctionsIfChanged, functionsFolder, readFunctionFiles, type SqlSession } from './functions.ts';
import { queryRows } from './sql.ts';

/** One database that can be opened again (a start), with a folder of function files of its own. */
interface Place {
  folder: string;
  open(): Promise<Database>;
  /** A connection of its own on which to run the step directly. */
  session(database: Database): Promise<SqlSession & { end(): Promise<void> }>;
  remove(): Promise<void>;
}

async function placeFor(driver: Driver): Promise<Place> {
  const scratch = mkdtempSync(path.join(tmpdir(), 'betproof-functions-'));
  const folder = path.join(scratch, 'functions');
  cpSync(functionsFolder, folder, { recursive: true });
  if (driver === 'pglite') {
    const dataDir = path.join(scratch, 'data');
    return {
      folder,
      open: () => openDatabase({ dataDir, functionsFolder: folder }),
      session: async (database) => {
        const client = (database.db as unknown as { $client: PGlite }).$client;
        return {
          run: async <T>(text: string) => ((await client.exec(text)).at(-1)?.rows ?? []) as T[],
          end: async () => {},
        };
      },
      remove: async () => rmSync(scratch, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `betproof_test_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    folder,
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', functionsFolder: folder }),
    session: async () => {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      return {
        run: async <T>(text: string) => {
          const result = (await client.query(text)) as unknown as { rows: T[] } | { rows: T[] }[];
          return (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [];
        },
        end: () => client.end(),
      };
    },
    remove: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/** The public schema's own functions: name, body as stored, and the row's transaction (xmin). */
const functionsIn = (database: Database) =>
  queryRows<{ name: string; body: string; xmin: string; definition: string }>(
    database.db,
    sql`select p.proname as name, p.prosrc as body, p.xmin::text as xmin, pg_get_functiondef(p.oid) as definition
        from pg_proc p
        where p.pronamespace = 'public'::regnamespace
          and not exists (select 1 from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')
        order by p.proname, p.oid`,
  );

const triggersIn = (database: Database) =>
  queryRows<{ name: string; definition: string }>(
    database.db,
    sql`select t.tgname as name, pg_get_triggerdef(t.oid) as definition
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = 'public'::regnamespace
        order by t.tgname`,
  );

const appliedIn = (database: Database) =>
  queryRows<{ name: string; sha256: string }>(
    database.db,
    sql`select name, sha256 from drizzle.__database_functions order by name`,
  );

/** The body of the file's function: the text between its first pair of dollar quotes. */
const bodyOf = (text: string) =>
  /\$(\w*)\$([\s\S]*?)\$\1\$/.exec(text.slice(text.indexOf('CREATE OR REPLACE FUNCTION')))![2];

/**
 * A trigger's definition as PostgreSQL prints it (pg_get_triggerdef): one line, the table
 * schema-qualified. A WHEN condition is compared as present only: PostgreSQL prints it deparsed.
 */
const comparable = (definition: string) => definition.replace(/ WHEN \(.*\) EXECUTE /, ' WHEN (…) EXECUTE ');
const triggersOf = (text: string) =>
  [...text.matchAll(/^CREATE (?:CONSTRAINT )?TRIGGER (\w+)[\s\S]*?;/gm)].map((m) => ({
    name: m[1]!,
    definition: comparable(
      m[0]
        .replace(/\s+/g, ' ')
        .replace(/ ON (\w+)/, ' ON public.$1')
        .replace(/;$/, ''),
    ),
  }));

for (const driver of drivers) {
  // Each test opens the database afresh, as a start does (PGlite in a data directory: its initdb and
  // migrations the first time), so more than the default 30 s on a loaded machine.
  describe(`the database functions' step [${driver}]`, { timeout: 180_000 }, () => {
    let place: Place;
    beforeAll(async () => {
      place = await placeFor(driver);
    });
    afterAll(async () => {
      await place?.remove();
    });

    it('leaves the migrated database holding exactly the files’ functions and triggers, each as its file writes it', async () => {
      const files = readFunctionFiles(functionsFolder);
      expect(files.length).toBeGreaterThan(30);
      const database = await place.open();
      try {
        const functions = await functionsIn(database);
        // One function per file, named as the file, none besides.
        expect(functions.map((f) => f.name)).toEqual(files.map((f) => f.name));
        for (const file of files) {
          expect(functions.find((f) => f.name === file.name)!.body, file.name).toBe(bodyOf(file.sql));
          // Its header names the function it creates (and no other CREATE FUNCTION in the file).
          expect([...file.sql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map((m) => m[1])).toEqual([file.name]);
          // Its triggers execute its function.
          for (const trigger of triggersOf(file.sql))
            expect(trigger.definition, trigger.name).toContain(`EXECUTE FUNCTION ${file.name}(`);
        }
        const declared = files.flatMap((f) => triggersOf(f.sql)).sort((a, b) => (a.name < b.name ? -1 : 1));
        expect(declared.length).toBeGreaterThan(30);
        const triggers = await triggersIn(database);
        expect(triggers.map((t) => ({ ...t, definition: comparable(t.definition) }))).toEqual(declared);
        expect((await appliedIn(database)).map((a) => a.name)).toEqual(files.map((f) => f.name));
      } finally {
        await database.close();
      }
    });

    it('changes nothing when the files are applied again, and skips them when nothing changed', async () => {
      const database = await place.open();
      const session = await place.session(database);
      try {
        const before = { functions: await functionsIn(database), triggers: await triggersIn(database) };
        expect(await applyFunctionsIfChanged(session, { folder: place.folder })).toBe(false);
        expect(await functionsIn(database)).toEqual(before.functions);

        expect(await applyFunctionsIfChanged(session, { folder: place.folder, force: true })).toBe(true);
        const after = { functions: await functionsIn(database), triggers: await triggersIn(database) };
        // Created again (a new row version), the same definitions.
        expect(after.functions.map((f) => f.xmin)).not.toEqual(before.functions.map((f) => f.xmin));
        const definitions = (fs: typeof before.functions) => fs.map(({ name, definition }) => ({ name, definition }));
        expect(definitions(after.functions)).toEqual(definitions(before.functions));
        expect(after.triggers).toEqual(before.triggers);
      } finally {
        await session.end();
        await database.close();
      }
    });

    it('applies a changed, added or deleted file at the next start, and nothing at a start after that', async () => {
      const changed = path.join(place.folder, 'bet_decided.sql');
      writeFileSync(
        changed,
        readFileSync(changed, 'utf8').replace(
          "SELECT CASE WHEN status IN ('won', 'lost') THEN value END",
          "SELECT CASE WHEN status IN ('won', 'lost') THEN value END -- changed",
        ),
      );
      writeFileSync(
        path.join(place.folder, 'functions_test_added.sql'),
        `CREATE OR REPLACE FUNCTION functions_test_added() RETURNS int LANGUAGE sql AS $$ SELECT 7 $$;\n`,
      );
      rmSync(path.join(place.folder, 'profiles_record_old_username.sql'));

      const database = await place.open();
      try {
        const functions = await functionsIn(database);
        expect(functions.find((f) => f.name === 'bet_decided')!.body).toContain('THEN value END -- changed');
        expect(await queryRows(database.db, sql`select functions_test_added() as n`)).toEqual([{ n: 7 }]);
        // The deleted file's function is gone, and its trigger with it.
        expect(functions.map((f) => f.name)).not.toContain('profiles_record_old_username');
        expect((await triggersIn(database)).map((t) => t.name)).not.toContain('profiles_username_history');
        expect(await appliedIn(database)).toEqual(
          readFunctionFiles(place.folder).map(({ name, sha256 }) => ({ name, sha256 })),
        );
      } finally {
        await database.close();
      }

      const first = await place.open();
      const xmins = (await functionsIn(first)).map((f) => f.xmin);
      await first.close();
      const again = await place.open();
      try {
        expect((await functionsIn(again)).map((f) => f.xmin)).toEqual(xmins);
      } finally {
        await again.close();
      }
    });

    it('refuses a database part way through the migrations that still created functions (before 0025)', async () => {
      const database = await place.open();
      try {
        // Back to 0024: every migration from 0025 on forgotten, however many came after it.
        const journal = JSON.parse(
          readFileSync(new URL('./migrations/meta/_journal.json', import.meta.url), 'utf8'),
        ) as { entries: { tag: string; when: number }[] };
        const from0025 = journal.entries.find((e) => e.tag.startsWith('0025_'))!.when;
        await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at >= ${from0025}`);
        await expect(migrateIfBehind(database.db, async () => {})).rejects.toThrow(
          'the database is at migration 0024_bet_record_versions, before 0025',
        );
      } finally {
        await database.close();
      }
    });
  });
}
