/**
 * The database's functions and triggers as code (docs/decisions/016): each function has one file in
 * db/functions/, `<function name>.sql`, holding its current definition (`CREATE OR REPLACE
 * FUNCTION`) followed by the triggers that execute it (`CREATE TRIGGER`). Migrations change tables
 * and data only.
 *
 * After the migrations, under the same lock, the files are applied when any of them differs from
 * what was applied last (a SHA-256 per file, kept in drizzle.__database_functions, migration 0026,
 * as Flyway keeps its repeatable migrations), or when a migration has just run (it may have dropped or altered what
 * a trigger hangs on). Applying is one transaction: every trigger that executes one of the public
 * schema's functions is dropped, then those functions (those something else depends on, a default
 * or an index, are replaced in place instead), then every file runs. So the database holds exactly
 * the files' functions and triggers: a deleted file's function goes, a changed signature leaves no
 * old overload behind, and a file applied twice changes nothing.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where the files are: beside this module, in the source tree and in the build (dist/server). */
export const functionsFolder = fileURLToPath(new URL('./functions', import.meta.url));

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  sql: string;
  sha256: string;
}

export function readFunctionFiles(folder = functionsFolder): FunctionFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(`${folder}/${file}`, 'utf8');
      return {
        name: file.slice(0, -'.sql'.length),
        sql: text,
        sha256: createHash('sha256').update(text).digest('hex'),
      };
    });
}

/**
 * One connection, on which a text of several statements runs as one simple query (PGlite's exec,
 * node-postgres's query without parameters): a function's file is sent as it is written.
 */
export interface SqlSession {
  /** Runs the statements; answers the rows of the last one. */
  run<T = Record<string, unknown>>(text: string): Promise<T[]>;
}

const BOOKKEEPING = 'drizzle.__database_functions';

/** SQLSTATE of a missing function. */
const UNDEFINED_FUNCTION = '42883';

const sqlState = (err: unknown) => (err as { code?: unknown }).code;

/**
 * Applies the function files when they differ from what was applied last, or when `force` (a
 * migration ran). Answers whether it applied them. Call it under the migration lock.
 */
export async function applyFunctionsIfChanged(
  session: SqlSession,
  { folder = functionsFolder, force = false }: { folder?: string; force?: boolean } = {},
): Promise<boolean> {
  const files = readFunctionFiles(folder);
  if (!force && (await appliedChecksums(session)) === checksumsOf(files)) return false;
  await applyFunctions(session, files);
  return true;
}

const checksumsOf = (rows: readonly { name: string; sha256: string }[]) =>
  rows.map((r) => `${r.name} ${r.sha256}`).join('\n');

async function appliedChecksums(session: SqlSession): Promise<string> {
  return checksumsOf(
    await session.run<{ name: string; sha256: string }>(`select name, sha256 from ${BOOKKEEPING} order by name`),
  );
}

const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The public schema's own functions (not an extension's), as `name(argument types)`. */
const OWN_FUNCTIONS = `
  select p.oid, p.oid::regprocedure::text as signature
  from pg_proc p
  where p.pronamespace = 'public'::regnamespace
    and not exists (select 1 from pg_depend e where e.classid = 'pg_proc'::regclass and e.objid = p.oid and e.deptype = 'e')`;

async function applyFunctions(session: SqlSession, files: FunctionFile[]) {
  await session.run('begin');
  try {
    const triggers = await session.run<{ drop: string }>(`
      select format('drop trigger %I on %s', t.tgname, t.tgrelid::regclass) as drop
      from pg_trigger t join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.pronamespace = 'public'::regnamespace`);
    if (triggers.length) await session.run(triggers.map((t) => `${t.drop};`).join('\n'));
    // Kept (and replaced in place by their file): functions that something other than a trigger or
    // another of these functions depends on, which a drop would refuse.
    const droppable = await session.run<{ signature: string }>(`
      with own as (${OWN_FUNCTIONS})
      select own.signature from own
      where not exists (
        select 1 from pg_depend d
        where d.refclassid = 'pg_proc'::regclass and d.refobjid = own.oid
          and d.classid <> 'pg_trigger'::regclass
          and not (d.classid = 'pg_proc'::regclass and d.objid in (select oid from own)))`);
    if (droppable.length) await session.run(`drop function ${droppable.map((f) => f.signature).join(', ')}`);
    await runFiles(session, files);
    await session.run(`
      delete from ${BOOKKEEPING};
      ${files.length ? `insert into ${BOOKKEEPING} (name, sha256) values ${files.map((f) => `(${quoteLiteral(f.name)}, ${quoteLiteral(f.sha256)})`).join(', ')};` : ''}`);
    await session.run('commit');
  } catch (err) {
    await session.run('rollback').catch(() => {});
    throw err;
  }
}

/**
 * Runs every file. A SQL-language function's body is checked as it is created, so a file whose
 * function calls one not created yet fails with undefined_function: it is put back (its savepoint
 * undone) and run again after the others, so the files' names need not follow their dependencies.
 */
async function runFiles(session: SqlSession, files: FunctionFile[]) {
  let pending = files;
  while (pending.length) {
    const deferred: FunctionFile[] = [];
    let lastError: unknown;
    for (const file of pending) {
      await session.run('savepoint function_file');
      try {
        await session.run(file.sql);
        await session.run('release savepoint function_file');
      } catch (err) {
        await session.run('rollback to savepoint function_file');
        if (sqlState(err) !== UNDEFINED_FUNCTION) throw inFile(file, err);
        deferred.push(file);
        lastError = err;
      }
    }
    if (deferred.length === pending.length) throw inFile(deferred[0]!, lastError);
    pending = deferred;
  }
}

const inFile = (file: FunctionFile, err: unknown) =>
  new Error(`db/functions/${file.name}.sql: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
