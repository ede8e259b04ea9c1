/**
 * The committed schema dump, src/server/db/schema.sql: what the migrations and the database
 * functions make of an empty database, as pg_dump --schema-only prints the app's schema (public),
 * so a reader sees every table, index, constraint, function and trigger as they are now in one
 * file. `npm run db:schema` writes it; schema-dump.test.ts fails when it differs from what a
 * migrated database dumps. It needs PostgreSQL (TEST_DATABASE_URL or DATABASE_URL: a scratch
 * database is created there and dropped) and its pg_dump on the PATH.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openDatabase } from './client.ts';

const DUMP_HEADER = `-- The app's schema as the migrations and db/functions make it: written by \`npm run db:schema\`
-- (src/server/db/schema-dump.ts), checked by schema-dump.test.ts. Not applied: read it, never edit it.

`;

export const schemaDumpPath = fileURLToPath(new URL('./schema.sql', import.meta.url));

/**
 * pg_dump's text without what changes from one run to the next or says nothing about the schema:
 * comments (its header names its version), the settings it sets to restore, the random key of
 * its \restrict lines (pg_dump 15.14 and later); blank lines runs made one. A function's body is
 * replaced by the name of its file (docs/decisions/016: a body is written once, there); its
 * signature, language and attributes stay.
 */
export function normalizeDump(text: string): string {
  const kept = text
    .split('\n')
    .filter((line) => !/^(--|\\restrict |\\unrestrict |SET |SELECT pg_catalog\.set_config\()/.test(line))
    .join('\n')
    .replace(
      /^(CREATE FUNCTION public\.(\w+)\([\s\S]*?\n {4}AS )\$(\w*)\$[\s\S]*?\$\3\$;$/gm,
      (_, head: string, name: string) => `${head}$$ src/server/db/functions/${name}.sql $$;`,
    );
  return `${DUMP_HEADER}${kept.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** Migrates a scratch database on the server of `adminUrl` and answers its normalized dump. */
export async function dumpMigratedSchema(adminUrl: string): Promise<string> {
  const name = `betproof_schema_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://' });
    await database.close();
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--schema-only', '--schema=public', '--no-owner', '--no-privileges', url.toString()],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return normalizeDump(stdout);
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

async function main() {
  const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!url) throw new Error('npm run db:schema needs PostgreSQL: set TEST_DATABASE_URL or DATABASE_URL');
  writeFileSync(schemaDumpPath, await dumpMigratedSchema(url));
  console.log(`written: ${schemaDumpPath}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
