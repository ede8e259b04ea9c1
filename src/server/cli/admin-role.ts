/**
 * Grants or revokes the admin role of an existing account:
 *
 *   npm run admin:grant -- someone@example.com
 *   npm run admin:revoke -- someone@example.com
 *
 * It uses the server's configuration (DATABASE_URL, else the embedded database in DATA_DIR).
 * With the embedded database, stop the server first: PGlite is not safe with two processes.
 */
import { pathToFileURL } from 'node:url';
import { emailSchema } from '../../shared/auth.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { ConfigError, loadConfig, type Config } from '../env.ts';
import { setUserRole } from '../modules/auth/index.ts';

export const USAGE = [
  'Usage: npm run admin:grant -- <email>    give the account with this email the admin role',
  '       npm run admin:revoke -- <email>   make it an ordinary user again',
].join('\n');

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

export interface CliDeps {
  env?: NodeJS.ProcessEnv;
  openDb?: (config: Config) => Promise<Database>;
}

/** Runs the command; answers the process exit code (0 done, 1 failed, 2 bad usage). */
export async function runAdminRoleCli(argv: string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  const [action, email, ...extra] = argv;
  if (action !== 'grant' && action !== 'revoke') {
    io.err(`Unknown command ${JSON.stringify(action ?? '')}: expected grant or revoke.\n${USAGE}`);
    return 2;
  }
  if (!email) {
    io.err(`Missing the email of the account to ${action}.\n${USAGE}`);
    return 2;
  }
  if (extra.length > 0) {
    io.err(`One email at a time; unexpected: ${extra.join(' ')}\n${USAGE}`);
    return 2;
  }
  if (!emailSchema.safeParse(email).success) {
    io.err(`"${email}" is not an email address.\n${USAGE}`);
    return 2;
  }

  let config: Config;
  try {
    config = loadConfig(deps.env ?? process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }

  const open = deps.openDb ?? ((c: Config) => openDatabase({ databaseUrl: c.DATABASE_URL, dataDir: c.DATA_DIR }));
  const database = await open(config);
  try {
    const role = action === 'grant' ? 'admin' : 'user';
    const change = await setUserRole(database.db, email, role, { source: 'cli' });
    if (!change) {
      io.err(
        `No account has the email ${email.trim()}. It must sign up first` +
          (action === 'grant' ? ' (or list it in ADMIN_EMAILS to make it an admin when it does).' : '.'),
      );
      return 1;
    }
    const where = `(${database.driver === 'postgres' ? 'PostgreSQL' : `embedded database in ${config.DATA_DIR}`})`;
    if (!change.changed) {
      io.out(`${change.email} already has the ${role} role; nothing changed ${where}.`);
    } else if (role === 'admin') {
      io.out(`Granted the admin role to ${change.email} ${where}.`);
    } else {
      io.out(`Revoked the admin role of ${change.email}; it is an ordinary user now ${where}.`);
    }
    if (role === 'user' && config.ADMIN_EMAILS.includes(change.email)) {
      io.err(
        `Warning: ${change.email} is listed in ADMIN_EMAILS, so it gets the admin role back at its next ` +
          'sign-in. Remove it from ADMIN_EMAILS too.',
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdminRoleCli(process.argv.slice(2), { out: (l) => console.log(l), err: (l) => console.error(l) }).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
