/**
 * What bench/community.ts and bench/feed.ts stand on: their command line (`--users 10000`,
 * `--reuse NAME`), a scratch PostgreSQL database seeded with users and bets by the app's own seed
 * (src/server/db/seed.ts), and the app in process over it.
 */
import type { Db } from '../src/server/db/client.ts';
import { createApp } from '../src/server/app.ts';
import { seedDatabase } from '../src/server/db/seed.ts';
import { loadConfig } from '../src/server/env.ts';
import { createLogger } from '../src/server/lib/logger.ts';

/** The server whose scratch databases the benches create and drop. */
export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** `--name N` on the command line, else `fallback`. */
export function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

/** `--reuse NAME`: a database seeded and left by an earlier `bench/community.ts --keep`. */
export const REUSE = process.argv.includes('--reuse') ? process.argv[process.argv.indexOf('--reuse') + 1] : undefined;

/** Seeds `users` users and `bets` bets into the scratch database `name`, its progress on one line. */
export async function seedScratch(
  db: Db,
  name: string,
  { users, bets, now }: { users: number; bets: number; now: Date },
) {
  console.log(`seeding ${users} users and ${bets} bets into ${name}...`);
  const seeded = await seedDatabase(db, { users, bets, now, log: (m) => process.stdout.write(`\r  ${m}          `) });
  console.log(`\nseeded in ${seeded.seconds.toFixed(1)} s`);
  return seeded;
}

/** The app in process over `db`, as the tests make it: silent, its mails dropped. */
export function benchApp(db: Db) {
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: 'http://localhost:3000',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
  });
  return createApp({ config, db, mailer: { send: async () => {} }, logger: createLogger('silent') }).app;
}
