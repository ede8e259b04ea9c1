/**
 * Fills the configured database (DATABASE_URL, else PGlite in DATA_DIR) with realistic bettors and
 * bets, so the community pages, profiles and dashboards have something to show locally; the
 * benchmark (bench/community.ts) seeds with it too.
 *
 *   npm run db:seed -- --users 200 --bets 20000 [--seed 42] [--password <pw>]
 *
 * Users: varied usernames and display names, join dates over the last two years, some verified
 * (about 8%), some pending (3%), some private (15%), some who never bet (10%); each can sign in
 * with the printed password (one argon2id hash shared by all seeded accounts).
 *
 * Bets are written in bulk SQL (INSERT ... SELECT over generate_series, ~50,000 per statement) and
 * back-dated the way the app would have recorded them: created_at in the past (after the user
 * joined), event_date more than 6 hours after created_at, settled ones with settled_at after the
 * event and no later than now, pending ones only for events that have not finished. How often a
 * bettor wins depends on the odds and on a per-bettor edge, so records look like real ones.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { rowsOf } from './sql.ts';
import { SPORTS, type Sport } from '../../shared/bets.ts';
import { decimalOddsString, parseOdds } from '../../shared/odds.ts';
import { GENERATED_USERNAME_PATTERN, RESERVED_USERNAMES, USERNAME_PATTERN } from '../../shared/usernames.ts';
import { asSeed, seedSampleCatalog } from './seed-catalog.ts';
import { DAY_MS } from '../../shared/time-units.ts';
import { seededRandom } from '../lib/seeded-random.ts';

export interface SeedOptions {
  users: number;
  bets: number;
  /** PRNG seed for names and per-user traits (bets' own draws use the database's random()). */
  seed?: number;
  /** The moment "now" for back-dating; default the wall clock. */
  now?: Date;
  /** Password of every seeded account. */
  password?: string;
  log?: (message: string) => void;
}

export interface SeedResult {
  users: number;
  /** Every bet written, self-reported and graded. */
  bets: number;
  /** Of them, on the sample catalog's events (graded from their results). */
  gradedBets: number;
  /** Sample events in the catalog. */
  events: number;
  password: string;
  usernames: string[];
  /** Sign-in addresses, in the order of `usernames`. */
  emails: string[];
  seconds: number;
}

export const DEFAULT_SEED_PASSWORD = 'betproof-seed-2026';
const BETS_PER_STATEMENT = 50_000;
const GRADED_SHARE = 0.1;
const MAX_GRADED = 1000;
const USERS_PER_STATEMENT = 2_000;

// --- deterministic randomness for names and traits -------------------------------------------

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** Whitespace-separated words of a template literal. */
const words = (text: string): readonly string[] => text.trim().split(/\s+/);

const FIRST_NAMES = words(`
  James Maria Sam Alex Jordan Chris Taylor Mike Sarah Dan Priya Luis Emma Noah Olivia Liam Ava Ethan
  Mia Lucas Zoe Marcus Aisha Kenji Sofia Tom Grace Omar Hannah Diego Chloe Ryan Nina Jake Leah Ben
  Isla Victor Rosa Kai Tariq Elena Owen Fatima Jack Lena Andre Maya Pete Yuki
`);
const LAST_NAMES = words(`
  Carter Nguyen Smith Garcia Okafor Miller Rossi Kim Johnson Silva Brown Patel Murphy Lopez Walker
  Schmidt Young Hughes Khan Dubois Fischer Costa Reyes Bennett Ward Tanaka Novak Price Ali Hart
`);
const HANDLE_WORDS = words(`
  sharp picks lock value edge parlay hoops gridiron pitch ace cage dinger underdog fade steam closer
  line spread total moneyline clutch bankroll units capper oracle tout ticket wager bettor grinder
`);

/** A username matching the product's rule (a-z 0-9 _ ., 3-30 characters), in one of several styles. */
function makeUsername(rng: Rng, first: string, last: string): string {
  const f = first.toLowerCase();
  const l = last.toLowerCase();
  const n = Math.floor(rng() * 100);
  switch (Math.floor(rng() * 7)) {
    case 0:
      return `${f}_${l}`;
    case 1:
      return `${f}.${l}${n}`;
    case 2:
      return `${pick(rng, HANDLE_WORDS)}_${f}`;
    case 3:
      return `${f}${pick(rng, HANDLE_WORDS)}${n}`;
    case 4:
      return `the${pick(rng, HANDLE_WORDS)}${pick(rng, HANDLE_WORDS)}`;
    case 5:
      return `${f[0]}${l}`;
    default:
      return `${l}_${pick(rng, HANDLE_WORDS)}_${n}`;
  }
}

// --- bets ------------------------------------------------------------------------------------

/** Odds people type, in all three formats, with the decimal odds the app stores for each. */
const ODDS_TEXTS = words(`
  -250 -200 -150 -120 -110 -105 +100 +110 +120 +150 +175 +200 +250 +300 1.40 1.55 1.70 1.83 1.91 2.00
  2.10 2.40 2.75 3.20 1/2 4/6 10/11 6/5 6/4 15/8 2/1 5/2 3/1 7/2
`);

const SPORT_TEAMS: Record<Sport, readonly string[]> = {
  football: 'Chiefs,Bills,Eagles,49ers,Cowboys,Ravens,Lions,Packers,Dolphins,Bengals,Jets,Steelers'.split(','),
  basketball: 'Lakers,Celtics,Warriors,Nuggets,Bucks,Heat,Suns,Knicks,Mavericks,76ers,Thunder,Kings'.split(','),
  baseball: 'Yankees,Red Sox,Dodgers,Astros,Braves,Mets,Cubs,Phillies,Padres,Mariners,Orioles'.split(','),
  soccer: 'Arsenal,Chelsea,Liverpool,Man City,Real Madrid,Barcelona,Bayern,PSG,Inter,Juventus,Napoli'.split(','),
  tennis: 'Djokovic,Alcaraz,Sinner,Medvedev,Zverev,Swiatek,Sabalenka,Gauff,Rybakina,Rune,Fritz'.split(','),
  mma: "Adesanya,Pereira,Makhachev,Volkanovski,Edwards,Jones,Aspinall,O'Malley,Pantoja,Holloway".split(','),
  other: 'Verstappen,Hamilton,Norris,Leclerc,McIlroy,Scheffler,Rahm,Oilers,Panthers,Rangers'.split(','),
};

/** %1$s is the pick, %2$s the opponent. */
const SPORT_MARKETS: Record<Sport, readonly string[]> = {
  football: [
    '%1$s ML vs %2$s',
    '%1$s -3.5 vs %2$s',
    '%1$s +6.5 vs %2$s',
    'Over 44.5 points: %1$s vs %2$s',
    'Under 41.5 points: %1$s vs %2$s',
  ],
  basketball: [
    '%1$s ML vs %2$s',
    '%1$s -4.5 vs %2$s',
    '%1$s +7.5 vs %2$s',
    'Over 221.5 points: %1$s vs %2$s',
    'Under 215.5 points: %1$s vs %2$s',
  ],
  baseball: [
    '%1$s ML vs %2$s',
    '%1$s -1.5 run line vs %2$s',
    'Over 8.5 runs: %1$s vs %2$s',
    'Under 7.5 runs: %1$s vs %2$s',
  ],
  soccer: [
    '%1$s to win vs %2$s',
    'Draw: %1$s vs %2$s',
    'Over 2.5 goals: %1$s vs %2$s',
    'Both teams to score: %1$s vs %2$s',
    '%1$s -1 handicap vs %2$s',
  ],
  tennis: [
    '%1$s to beat %2$s',
    '%1$s -3.5 games vs %2$s',
    'Over 22.5 games: %1$s vs %2$s',
    '%1$s in straight sets vs %2$s',
  ],
  mma: [
    '%1$s to beat %2$s',
    '%1$s by KO/TKO vs %2$s',
    '%1$s by decision vs %2$s',
    'Fight goes the distance: %1$s vs %2$s',
  ],
  other: ['%1$s to beat %2$s (head-to-head)', '%1$s top-3 finish ahead of %2$s', '%1$s ML vs %2$s'],
};

interface SeedUser {
  id: string;
  email: string;
  username: string;
  displayName: string | null;
  verification: 'verified' | 'pending' | 'unverified';
  public: boolean;
  joined: string;
  /** Bets to create. */
  n: number;
  /** Expected return per unit staked (1.0 = break even): win probability = edge / decimal odds. */
  edge: number;
  /** Typical stake in dollars. */
  stake: number;
  fav: Sport;
  second: Sport;
}

/** Splits `total` among users by weight, exactly (largest remainders). */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const raw = weights.map((w) => (w / sum) * total);
  const counts = raw.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) counts[order[k]![1]]! += 1;
  return counts;
}

// --- the seeder --------------------------------------------------------------------------------

export async function seedDatabase(db: Db, opts: SeedOptions): Promise<SeedResult> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const now = opts.now ?? new Date();
  const rng = seededRandom(opts.seed ?? 20261122);
  const password = opts.password ?? DEFAULT_SEED_PASSWORD;
  const tag = randomBytes(4).toString('hex');

  // Usernames: unique among themselves, not reserved, not of the new accounts' generated form
  // (which a chosen name may not take: 'bettor_' + 'sarah2'), not taken in this database.
  const reserved = new Set(RESERVED_USERNAMES);
  const refused = (name: string) => reserved.has(name) || GENERATED_USERNAME_PATTERN.test(name);
  const chosen = new Set<string>();
  const people: { first: string; last: string; username: string }[] = [];
  for (let i = 0; i < opts.users; i++) {
    const first = pick(rng, FIRST_NAMES);
    const last = pick(rng, LAST_NAMES);
    let username = makeUsername(rng, first, last).slice(0, 26);
    for (let k = 2; !USERNAME_PATTERN.test(username) || refused(username) || chosen.has(username); k++) {
      username = `${username.slice(0, 24)}${k}`;
    }
    chosen.add(username);
    people.push({ first, last, username });
  }
  if (people.length) {
    const taken = new Set(
      rowsOf<{ username: string }>(
        await db.execute(
          sql`select username from profiles where username in (select jsonb_array_elements_text(${JSON.stringify(people.map((p) => p.username))}::jsonb))`,
        ),
      ).map((r) => r.username),
    );
    for (const p of people) {
      if (!taken.has(p.username)) continue;
      let k = 2;
      while (taken.has(`${p.username.slice(0, 24)}_${k}`) || chosen.has(`${p.username.slice(0, 24)}_${k}`)) k++;
      p.username = `${p.username.slice(0, 24)}_${k}`;
      chosen.add(p.username);
    }
  }

  // Traits: a heavy-tailed activity (a few bettors record most bets), an edge around break-even.
  const weights: number[] = [];
  const users: SeedUser[] = people.map(({ first, last, username }, i) => {
    const active = rng() >= 0.1;
    // Pareto, alpha 1.6, capped so the busiest record ~25 times the typical bettor's bets.
    const activity = active ? Math.min(Math.pow(1 - rng(), -1 / 1.6), 60) : 0;
    weights.push(activity);
    // Earlier joiners are more active on average: join age grows with activity.
    const ageDays = Math.min(730, 5 + rng() * 365 + Math.min(activity, 20) * 18);
    const fav = pick(
      rng,
      SPORTS.filter((s) => s !== 'other'),
    );
    const roll = rng();
    const style = rng();
    return {
      id: `seed${tag}${i.toString(36).padStart(6, '0')}${randomBytes(6).toString('hex')}`,
      email: `seed_${tag}_${i}@example.test`,
      username,
      displayName:
        style < 0.12 ? null : style < 0.75 ? `${first} ${last}` : style < 0.9 ? first : `${first} ${last[0]}.`,
      verification: roll < 0.08 ? 'verified' : roll < 0.11 ? 'pending' : 'unverified',
      public: rng() >= 0.15,
      joined: new Date(now.getTime() - ageDays * DAY_MS - rng() * DAY_MS).toISOString(),
      n: 0,
      edge: 0.86 + rng() * 0.26 + (roll < 0.08 ? 0.03 : 0),
      stake: Math.round(5 + Math.pow(rng(), 2) * 245),
      fav,
      second: pick(rng, SPORTS),
    };
  });
  // A tenth of the bets (at most 1,000: grading writes each one's settlement) go on the sample
  // catalog's events, graded from their results (seed-catalog.ts); the rest are self-reported.
  const graded = users.some((_, i) => weights[i]! > 0) ? Math.min(Math.round(opts.bets * GRADED_SHARE), MAX_GRADED) : 0;
  apportion(opts.bets - graded, weights).forEach((n, i) => (users[i]!.n = n));

  const { hashPassword } = await import('../modules/auth/index.ts');
  const hash = await hashPassword(password);

  for (let start = 0; start < users.length; start += USERS_PER_STATEMENT) {
    const batch = users.slice(start, start + USERS_PER_STATEMENT);
    const rows = JSON.stringify(
      batch.map((u) => ({
        id: u.id,
        email: u.email,
        name: u.displayName ?? '',
        username: u.username,
        display_name: u.displayName,
        verification: u.verification,
        public: u.public,
        joined: u.joined,
      })),
    );
    // The sign-up trigger gives each account its profile and settings; then they get their own.
    await db.execute(sql`
      insert into users (id, name, email, email_verified, role, created_at, updated_at, age_confirmed_at)
      select id, name, email, true, 'user', joined, joined, joined
      from json_to_recordset(${rows}::json) as x(id text, name text, email text, joined timestamptz)`);
    await db.execute(sql`
      insert into accounts (id, account_id, provider_id, user_id, password, created_at, updated_at)
      select 'acct' || id, id, 'credential', id, ${hash}, joined, joined
      from json_to_recordset(${rows}::json) as x(id text, joined timestamptz)`);
    await db.execute(sql`
      update profiles p set username = x.username, display_name = x.display_name,
             verification_status = x.verification, created_at = x.joined
      from json_to_recordset(${rows}::json) as x(id text, username text, display_name text, verification text, joined timestamptz)
      where p.user_id = x.id`);
    await db.execute(sql`
      update user_settings s set privacy_settings = jsonb_set(s.privacy_settings, '{profile_public}', to_jsonb(x.public))
      from json_to_recordset(${rows}::json) as x(id text, public boolean)
      where s.user_id = x.id`);
  }
  log(`seeded ${users.length} users`);

  // Lookup tables for the bets' draws, as JSON parameters.
  const odds = ODDS_TEXTS.map((text) => {
    const parsed = parseOdds(text);
    if (!parsed.ok) throw new Error(`seed odds ${text} do not parse`);
    return {
      text,
      decimal: decimalOddsString(parsed.decimal),
      num: parsed.decimal.num.toString(),
      den: parsed.decimal.den.toString(),
    };
  });
  const teams = JSON.stringify(SPORT_TEAMS);
  const markets = JSON.stringify(SPORT_MARKETS);
  const oddsJson = JSON.stringify(odds);
  const sports = JSON.stringify(SPORTS);

  let written = 0;
  let batch: SeedUser[] = [];
  let batchBets = 0;
  const flush = async () => {
    if (batchBets === 0) return;
    const rows = JSON.stringify(
      batch.map((u) => ({
        id: u.id,
        n: u.n,
        joined: u.joined,
        edge: u.edge,
        stake: u.stake,
        fav: u.fav,
        second: u.second,
      })),
    );
    await asSeed(db, (tx) =>
      tx.execute(sql`
      with params as (
        select ${now.toISOString()}::timestamptz as now, ${teams}::jsonb as teams, ${markets}::jsonb as markets,
               ${oddsJson}::jsonb as odds, ${sports}::jsonb as sports
      ),
      draws as (
        select u.id, u.joined, u.edge, u.stake, params.*,
               case when r.r_sport < 0.55 then u.fav when r.r_sport < 0.8 then u.second
                    else params.sports ->> floor(r.r_sport2 * jsonb_array_length(params.sports))::int end as sport,
               params.odds -> floor(r.r_odds * jsonb_array_length(params.odds))::int as o,
               r.*
        from json_to_recordset(${rows}::json) as u(id text, n int, joined timestamptz, edge float8, stake float8, fav text, second text)
        cross join params
        cross join lateral generate_series(1, u.n) g(i)
        cross join lateral (
          select random() as r_time, random() as r_sport, random() as r_sport2, random() as r_odds,
                 random() as r_stake, random() as r_win, random() as r_lead, random() as r_settle,
                 random() as r_pending, random() as r_team, random() as r_team2, random() as r_market,
                 random() as r_void,
                 g.i as i
        ) r
      ),
      timed as (
        select d.*,
               -- Recorded between the later of joining and 400 days ago, and a minute ago.
               greatest(d.joined, d.now - interval '400 days')
                 + (d.now - interval '1 minute' - greatest(d.joined, d.now - interval '400 days')) * d.r_time as created_at,
               (d.o ->> 'decimal')::numeric as dec,
               greatest(1, round((d.stake * (0.4 + d.r_stake * d.r_stake * 2.6))::numeric, 0)) as amount,
               d.teams -> d.sport as names, d.markets -> d.sport as templates
        from draws d
      ),
      dated as (
        select t.*,
               -- More than 6 hours after it was recorded (the product's rule), up to 4 days.
               t.created_at + interval '6 hours 1 minute' + interval '4 days' * t.r_lead as event_date
        from timed t
      ),
      settled as (
        select x.*,
               -- Settled 2 to 24 hours after the event when that moment has passed; 3% of those
               -- whose event started in the last 72 hours wait a little longer (none left overdue:
               -- an overdue bet would keep its bettor out of the Spotlight and the ranking).
               x.event_date + interval '2 hours' + interval '22 hours' * x.r_settle as settles_at,
               (x.event_date + interval '2 hours' + interval '22 hours' * x.r_settle <= x.now
                 and (x.r_pending >= 0.03 or x.event_date <= x.now - interval '72 hours')) as is_settled,
               x.r_win < x.edge / x.dec::float8 as is_won,
               -- About 2% of settled bets are void (a cancelled event or a push): the stake back.
               x.r_void < 0.02 as is_void,
               round(x.amount * (x.o ->> 'num')::numeric / (x.o ->> 'den')::numeric, 2) as potential_win,
               floor(x.r_team * jsonb_array_length(x.names))::int as a,
               jsonb_array_length(x.names) as n_names
        from dated x
      )
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win,
                        profit_loss, settled_at, created_at)
      select s.id,
             format(s.templates ->> floor(s.r_market * jsonb_array_length(s.templates))::int,
                    s.names ->> s.a, s.names ->> ((s.a + 1 + floor(s.r_team2 * (s.n_names - 1))::int) % s.n_names)),
             s.amount, s.o ->> 'text', s.dec, s.sport, s.event_date,
             case when not s.is_settled then 'pending' when s.is_void then 'void' when s.is_won then 'won' else 'lost' end,
             s.potential_win,
             case when not s.is_settled then null when s.is_void then 0
                  when s.is_won then s.potential_win - s.amount else -s.amount end,
             case when s.is_settled then s.settles_at end,
             s.created_at
      from settled s`),
    );
    written += batchBets;
    log(`seeded ${written} of ${opts.bets} bets`);
    batch = [];
    batchBets = 0;
  };
  for (const u of users) {
    if (u.n === 0) continue;
    batch.push(u);
    batchBets += u.n;
    if (batchBets >= BETS_PER_STATEMENT) await flush();
  }
  await flush();
  const catalog = await seedSampleCatalog(db, {
    now,
    rng,
    tag,
    count: graded,
    bettors: users.map((u) => ({ id: u.id, joined: u.joined, stake: u.stake })),
    weights,
  });
  written += catalog.gradedBets;
  log(`seeded ${catalog.events} sample events and ${catalog.gradedBets} graded bets on them`);
  // The summaries' running totals were rewritten once per batch: reclaim that and refresh statistics.
  await db.execute(sql`vacuum analyze`);

  return {
    users: users.length,
    bets: written,
    gradedBets: catalog.gradedBets,
    events: catalog.events,
    password,
    usernames: users.map((u) => u.username),
    emails: users.map((u) => u.email),
    seconds: (Date.now() - started) / 1000,
  };
}

// --- command line ------------------------------------------------------------------------------

function parseArgs(argv: string[]) {
  const out: { users: number; bets: number; seed?: number; password?: string } = { users: 200, bets: 20_000 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split('=', 2);
    const value = inline ?? argv[++i];
    const int = () => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a whole number, got ${value}`);
      return n;
    };
    switch (flag) {
      case '--users':
        out.users = int();
        break;
      case '--bets':
        out.bets = int();
        break;
      case '--seed':
        out.seed = int();
        break;
      case '--password':
        if (!value || value.length < 8) throw new Error('--password needs at least 8 characters');
        out.password = value;
        break;
      default:
        throw new Error(`unknown option ${flag} (use --users N --bets N [--seed N] [--password PW])`);
    }
  }
  if (out.bets > 0 && out.users === 0) throw new Error('--bets needs at least one user');
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const { loadConfig } = await import('../env.ts');
  const { openDatabase } = await import('./client.ts');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const where = database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  console.log(`seeding ${args.users} users and ${args.bets} bets into ${where}`);
  try {
    const result = await seedDatabase(database.db, { ...args, log: (m) => console.log(`  ${m}`) });
    console.log(
      `done in ${result.seconds.toFixed(1)} s: ${result.users} users, ${result.bets} bets ` +
        `(${result.gradedBets} graded, on ${result.events} sample events).` +
        (result.emails[0]
          ? ` Sign in as any of them (e.g. ${result.emails[0]}, /${result.usernames[0]}) with password "${result.password}".`
          : ''),
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
