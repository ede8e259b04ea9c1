/**
 * The seed's sample events catalog and the graded bets on it, so a seeded database shows the
 * graded flow at once: clearly sample events (every team and competition says "Sample"; feed
 * `sample`) a day apart, from six weeks back to two weeks ahead. Bets are recorded on them as the
 * app records a bet on a listed event (its start and sport from the event, 6+ hours ahead, pending),
 * then each past event is made final with its score, in start order, and the database grades its
 * bets (events_grade) as a results file would, settled two hours after the start.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { gradedDescription, type Market, type Selection } from '../../shared/events.ts';
import { decimalOddsString, parseOdds } from '../../shared/odds.ts';
import { HOUR_MS, DAY_MS } from '../../shared/time-units.ts';

type Rng = () => number;

interface SampleCompetition {
  sport: 'soccer' | 'basketball';
  competition: string;
  teams: readonly string[];
  /** A final score, home then away. */
  score: (rng: Rng) => [number, number];
  /** The picks offered on it: market, selection, line. */
  picks: readonly [Market, Selection, number | null][];
}

/** Goals: 0–4 each side, weighted to the usual 0–2. */
const goals = (rng: Rng) => [0, 0, 1, 1, 1, 2, 2, 3, 4][Math.floor(rng() * 9)]!;

export const SAMPLE_COMPETITIONS: readonly SampleCompetition[] = [
  {
    sport: 'soccer',
    competition: 'Sample Football League',
    teams: ['Sample Rovers', 'Sample United', 'Sample City', 'Sample Athletic', 'Sample Wanderers', 'Sample Albion'],
    score: (rng) => [goals(rng), goals(rng)],
    picks: [
      ['1x2', 'home', null],
      ['1x2', 'draw', null],
      ['1x2', 'away', null],
      ['total', 'over', 2.5],
      ['total', 'under', 2.5],
    ],
  },
  {
    sport: 'basketball',
    competition: 'Sample Basketball League',
    teams: ['Sample Hawks', 'Sample Bears', 'Sample Comets', 'Sample Pilots'],
    score: (rng) => [95 + Math.floor(rng() * 30), 95 + Math.floor(rng() * 30)],
    picks: [
      ['moneyline', 'home', null],
      ['moneyline', 'away', null],
      ['spread', 'home', -4.5],
      ['spread', 'away', -4.5],
      ['total', 'over', 219.5],
      ['total', 'under', 219.5],
    ],
  },
];

/** The prices a sample bet takes (decimal, as a bookmaker shows them). */
const SAMPLE_ODDS = ['1.80', '1.91', '2.00', '2.10', '2.40', '3.20'];
/** Days of sample events before and after the seed's "now". */
const DAYS_BACK = 42;
const DAYS_AHEAD = 14;

export interface SampleBettor {
  id: string;
  joined: string;
  stake: number;
}

export interface SampleCatalogResult {
  events: number;
  gradedBets: number;
}

interface SampleEvent {
  sourceId: string;
  sport: string;
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  comp: SampleCompetition;
}

function sampleEvents(now: Date, rng: Rng, tag: string): SampleEvent[] {
  const day0 = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const out: SampleEvent[] = [];
  for (let d = -DAYS_BACK; d <= DAYS_AHEAD; d++) {
    SAMPLE_COMPETITIONS.forEach((comp, c) => {
      const home = Math.floor(rng() * comp.teams.length);
      const away = (home + 1 + Math.floor(rng() * (comp.teams.length - 1))) % comp.teams.length;
      out.push({
        sourceId: `seed-${tag}-${c}-${d + DAYS_BACK}`,
        sport: comp.sport,
        competition: comp.competition,
        home: comp.teams[home]!,
        away: comp.teams[away]!,
        // 19:00 UTC for football, 23:30 for basketball.
        startsAt: new Date(day0 + d * DAY_MS + (c === 0 ? 19 : 23.5) * HOUR_MS),
        comp,
      });
    });
  }
  return out;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs `write` in a transaction whose ledger entries are marked "origin":"seed" (docs/LEDGER.md):
 * the seeder's bets carry made-up, back-dated history, and a follower must be able to tell.
 */
export async function asSeed<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('betproof.ledger_origin', 'seed', true)`);
    return write(tx);
  });
}

/**
 * Writes the sample catalog and `count` graded bets on it among `bettors` (picked by `weights`),
 * then grades the events that have finished by `now`.
 */
export async function seedSampleCatalog(
  db: Db,
  opts: { now: Date; rng: Rng; tag: string; count: number; bettors: SampleBettor[]; weights: number[] },
): Promise<SampleCatalogResult> {
  const { now, rng } = opts;
  const events = sampleEvents(now, rng, opts.tag);
  const ids = new Map<string, string>();
  const eventRows = JSON.stringify(
    events.map((e) => ({
      source_id: e.sourceId,
      sport: e.sport,
      competition: e.competition,
      home: e.home,
      away: e.away,
      starts_at: e.startsAt.toISOString(),
    })),
  );
  const inserted = await db.execute(sql`
    insert into events (source_feed, source_id, sport, competition, home, away, starts_at)
    select 'sample', source_id, sport, competition, home, away, starts_at
    from json_to_recordset(${eventRows}::json) as x(source_id text, sport text, competition text, home text, away text, starts_at timestamptz)
    returning id, source_id`);
  for (const row of (inserted as unknown as { rows: { id: string; source_id: string }[] }).rows)
    ids.set(row.source_id, row.id);

  const total = opts.weights.reduce((a, b) => a + b, 0);
  const pickBettor = () => {
    let r = rng() * total;
    for (let i = 0; i < opts.bettors.length; i++) {
      r -= opts.weights[i]!;
      if (r < 0) return opts.bettors[i]!;
    }
    return opts.bettors[opts.bettors.length - 1]!;
  };
  const bets: Record<string, unknown>[] = [];
  // One side per market and account (bet_positions_apply): a bettor's later draw on a market they
  // already hold adds to that position, as a real bettor's second bet on the same pick would.
  const held = new Map<string, (typeof events)[number]['comp']['picks'][number]>();
  // A draw that would be recorded before its bettor joined, or after `now`, is drawn again.
  for (let attempt = 0; bets.length < opts.count && total > 0 && attempt < opts.count * 20; attempt++) {
    const event = events[Math.floor(rng() * events.length)]!;
    const bettor = pickBettor();
    // Recorded 6 hours and a minute to 3 days before the start, as the app allows.
    const createdAt = new Date(event.startsAt.getTime() - 6 * HOUR_MS - 60_000 - rng() * 3 * DAY_MS);
    if (createdAt < new Date(bettor.joined) || createdAt > now) continue;
    const drawn = event.comp.picks[Math.floor(rng() * event.comp.picks.length)]!;
    const position = `${bettor.id}|${event.sourceId}|${drawn[0]}`;
    const [market, selection, line] = held.get(position) ?? drawn;
    held.set(position, [market, selection, line]);
    const odds = SAMPLE_ODDS[Math.floor(rng() * SAMPLE_ODDS.length)]!;
    const parsed = parseOdds(odds);
    if (!parsed.ok) throw new Error(`sample odds ${odds} do not parse`);
    const amount = Math.max(1, Math.round(bettor.stake * (0.5 + rng())));
    bets.push({
      user_id: bettor.id,
      description: gradedDescription(event, market, selection, line),
      amount,
      odds,
      decimal_odds: decimalOddsString(parsed.decimal),
      sport: event.sport,
      event_date: event.startsAt.toISOString(),
      potential_win: (Math.round(amount * Number(odds) * 100) / 100).toFixed(2),
      created_at: createdAt.toISOString(),
      event_id: ids.get(event.sourceId),
      market,
      selection,
      line,
    });
  }
  if (bets.length) {
    await asSeed(db, (tx) =>
      tx.execute(sql`
      insert into bets (user_id, description, amount, odds, decimal_odds, bet_type, event_date, status, potential_win,
                        created_at, event_id, market, selection, line, graded)
      select user_id, description, amount, odds, decimal_odds, sport, event_date, 'pending', potential_win,
             created_at, event_id, market, selection, line, true
      from json_to_recordset(${JSON.stringify(bets)}::json) as x(user_id text, description text, amount numeric,
        odds text, decimal_odds numeric, sport text, event_date timestamptz, potential_win numeric,
        created_at timestamptz, event_id uuid, market text, selection text, line numeric)`),
    );
  }

  // The results, in start order, each at two hours after its start (what settled_at will say).
  for (const event of events) {
    const gradedAt = new Date(event.startsAt.getTime() + 2 * HOUR_MS);
    if (gradedAt > now) continue;
    const [home, away] = event.comp.score(rng);
    await asSeed(db, async (tx) => {
      await tx.execute(sql`select set_config('betproof.grading_at', ${gradedAt.toISOString()}, true)`);
      await tx.execute(
        sql`update events set status = 'final', home_score = ${home}, away_score = ${away} where id = ${ids.get(event.sourceId)!}`,
      );
    });
  }
  return { events: events.length, gradedBets: bets.length };
}
