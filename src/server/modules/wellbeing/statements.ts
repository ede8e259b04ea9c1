/**
 * The monthly statement (opt-in, docs/decisions/034): for each bettor who asked for it, once per
 * calendar month (UTC), a mail of the month before: stakes, results and the days they recorded
 * bets on, read from the day summaries (user_stake_days, user_bet_days: a few dozen rows each).
 * Sent by a background step on every server (`startStatementSweep`), never in a request; a month is
 * claimed per user by one UPDATE, so servers running side by side send it once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/sql.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mail, Mailer } from '../../lib/mail.ts';
import { parseMoney } from '../../../shared/money.ts';
import { dollars, utcDay } from '../../../shared/wellbeing.ts';

/** At most this many statements per sweep: a big month's work spreads over several sweeps. */
const SWEEP_BATCH = 50;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The first day of the month before `at`'s and of `at`'s own (UTC). */
export function previousMonth(at: Date): { start: string; end: string; name: string } {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const start = new Date(Date.UTC(y, m - 1, 1));
  return {
    start: utcDay(start),
    end: utcDay(new Date(Date.UTC(y, m, 1))),
    name: `${MONTHS[start.getUTCMonth()]} ${start.getUTCFullYear()}`,
  };
}

interface Figures {
  staked: string;
  bets: number;
  betting_days: number;
  settled: number;
  won: number;
  profit: string;
}

/** The statement's words, plain: what was staked, what came of it, how many days. */
export function statementMail(to: string, month: string, f: Figures, baseUrl: string): Mail {
  const profit = parseMoney(f.profit) ?? 0n;
  const result =
    profit === 0n
      ? 'you came out even'
      : profit > 0n
        ? `you were up ${dollars(profit)}`
        : `you were down ${dollars(profit)}`;
  const lines = [
    `Your betproof statement for ${month}.`,
    '',
    `Staked: ${dollars(parseMoney(f.staked) ?? 0n)} on ${f.bets} ${f.bets === 1 ? 'bet' : 'bets'}, recorded on ${f.betting_days} ${f.betting_days === 1 ? 'day' : 'days'}.`,
    `Settled: ${f.settled} ${f.settled === 1 ? 'bet' : 'bets'}, ${f.won} won; overall ${result}.`,
    '',
    `Your budget and a break from recording are on your dashboard: ${baseUrl}/dashboard`,
    `Free, confidential help: ${baseUrl}/help`,
    '',
    'You get this because you asked for a monthly statement. To stop it, untick it under "Your budget" on your dashboard.',
  ];
  const text = `${lines.join('\n')}\n\n— betproof`;
  const escape = (s: string) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">${lines
    .filter((l) => l !== '')
    .map((l) => `<p>${escape(l)}</p>`)
    .join('')}<p>— betproof</p></body></html>`;
  return { to, subject: `Your betproof statement for ${month}`, text, html };
}

/** Sends the statements due at `at` (the month before), at most one batch; answers how many were sent. */
export async function sendDueStatements(deps: {
  db: Db;
  mailer: Mailer;
  now: () => Date;
  baseUrl: string;
  logger: Logger;
}): Promise<number> {
  const { db, mailer, baseUrl, logger } = deps;
  const month = previousMonth(deps.now());
  // Claimed before sending: another server's sweep skips them.
  const claimed = await queryRows<{ user_id: string; email: string }>(
    db,
    sql`UPDATE user_wellbeing w SET last_statement_month = ${month.start}::date
        FROM users u
        WHERE u.id = w.user_id AND w.user_id IN (
          SELECT user_id FROM user_wellbeing
          WHERE monthly_statement AND (last_statement_month IS NULL OR last_statement_month < ${month.start}::date)
          ORDER BY user_id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING w.user_id, u.email`,
  );
  let sent = 0;
  for (const { user_id: userId, email } of claimed) {
    try {
      const [figures] = await queryRows<Figures>(
        db,
        sql`SELECT
          (SELECT coalesce(sum(staked), 0)::text FROM user_stake_days
            WHERE user_id = ${userId} AND day >= ${month.start}::date AND day < ${month.end}::date) AS staked,
          (SELECT coalesce(sum(bets), 0)::int FROM user_stake_days
            WHERE user_id = ${userId} AND day >= ${month.start}::date AND day < ${month.end}::date) AS bets,
          (SELECT count(*)::int FROM user_stake_days
            WHERE user_id = ${userId} AND day >= ${month.start}::date AND day < ${month.end}::date AND bets > 0) AS betting_days,
          (SELECT coalesce(sum(settled), 0)::int FROM user_bet_days
            WHERE user_id = ${userId} AND day >= ${month.start}::date AND day < ${month.end}::date) AS settled,
          (SELECT coalesce(sum(won), 0)::int FROM user_bet_days
            WHERE user_id = ${userId} AND day >= ${month.start}::date AND day < ${month.end}::date) AS won,
          (SELECT coalesce(sum(profit), 0)::text FROM user_bet_days
            WHERE user_id = ${userId} AND day >= ${month.start}::date AND day < ${month.end}::date) AS profit`,
      );
      await mailer.send(statementMail(email, month.name, figures!, baseUrl));
      sent++;
    } catch (err) {
      // Unclaimed again: the next sweep tries once more.
      await db
        .execute(
          sql`UPDATE user_wellbeing SET last_statement_month = NULL
              WHERE user_id = ${userId} AND last_statement_month = ${month.start}::date`,
        )
        .catch(() => {});
      logger.error('monthly statement not sent', { userId, error: String(err) });
    }
  }
  return sent;
}

/** Runs `sendDueStatements` every `minutes` (0: never) in the background; answers a stop function. */
export function startStatementSweep(deps: Parameters<typeof sendDueStatements>[0], minutes: number): () => void {
  if (minutes <= 0) return () => {};
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await sendDueStatements(deps);
    } catch (err) {
      deps.logger.error('statement sweep failed', { error: String(err) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
