/**
 * The admin dashboard's data: every figure is computed in SQL (aggregates over the trigger-kept
 * user_bet_stats, index range scans for pages), never by loading every row. Writes change a row
 * and record the admin_logs entry in one transaction.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { encodeCursor, isUuid, jsonColumn, microsText, queryRows, type KeysetCursor } from '../../db/sql.ts';
import { adminLogs, inboxMessages, profiles } from '../../db/schema/index.ts';
import { settingIsPublicSql } from '../profiles/visibility.ts';
import { winRate } from '../../../shared/stats.ts';
import {
  ADMIN_ACTIONS,
  ANALYTICS_WEEKS,
  SEARCH_COUNT_CAP,
  type AdminAnalytics,
  type AdminIssue,
  type AdminIssueDetail,
  type AdminIssuePage,
  type AdminLog,
  type AdminLogPage,
  type AdminStats,
  type AdminUser,
  type AdminUserPage,
  type InboxKind,
  type InboxPriority,
  type InboxStatus,
  type UserStatusFilter,
  type VerificationChange,
  type VerificationStatus,
  type WeeklyCount,
} from '../../../shared/admin.ts';
import { WEEK_MS } from '../../../shared/time-units.ts';

const isoFromMicros = (text: string) => new Date(text).toISOString();

// ---------------------------------------------------------------------------------------------
// Statistics

/**
 * The four cards and the average win rate: counts of profiles and one pass over user_bet_stats.
 * The average is of each bettor's win rate as their profile shows it (shared/stats.ts winRate: won ÷
 * (won + lost)), over bettors with a won or lost bet.
 */
export async function getAdminStats(db: Db): Promise<AdminStats> {
  const [row] = await queryRows<{
    total_users: number;
    verified_users: number;
    pending_users: number;
    active_users: number;
    total_bets: number;
    avg_win_rate: number;
  }>(
    db,
    // The per-status counts are index-only range scans of the (verification_status, …) index.
    sql`select
          (select count(*)::int from profiles) as total_users,
          (select count(*)::int from profiles where verification_status = 'verified') as verified_users,
          (select count(*)::int from profiles where verification_status = 'pending') as pending_users,
          s.active_users, s.total_bets, s.avg_win_rate
        from (
          select (count(*) filter (where total_bets > 0))::int as active_users,
                 coalesce(sum(total_bets), 0)::float8 as total_bets,
                 coalesce(round(avg(won * 100.0 / (won + lost)) filter (where won + lost > 0), 1), 0)::float8 as avg_win_rate
          from user_bet_stats
        ) s`,
  );
  return {
    totalUsers: Number(row!.total_users),
    activeUsers: Number(row!.active_users),
    verifiedUsers: Number(row!.verified_users),
    pendingUsers: Number(row!.pending_users),
    totalBets: Number(row!.total_bets),
    avgWinRate: Number(row!.avg_win_rate),
  };
}

// ---------------------------------------------------------------------------------------------
// Users: keyset pages on (profiles.created_at desc, profiles.id desc), newest first

/** A LIKE pattern matching text that starts with `term` (its own % _ and \\ taken literally). */
export const prefixPattern = (term: string) => `${term.replace(/[\\%_]/g, '\\$&')}%`;

/** The search as typed → what it is matched against: trimmed, lowercased, a leading '@' dropped. */
export function normaliseSearch(search: string | undefined): string {
  const term = (search ?? '').trim().toLowerCase();
  return term.startsWith('@') ? term.slice(1).trim() : term;
}

/**
 * A search is 'narrow' when it matches at most this many users: they are found through the four
 * prefix indexes and counted exactly. A broader one (typing 'j') is answered by walking the
 * newest-first index until a page of matches is found, and counted up to this many ('1,000+').
 */
export const SEARCH_EXACT_LIMIT = SEARCH_COUNT_CAP;

/**
 * The four ways a user matches, each an index range scan of migration 0008_admin_user_search, cut
 * at SEARCH_EXACT_LIMIT + 1 rows. An expression index serves only a query that spells the
 * expression exactly as the index does, so these are the index definitions' own words. The
 * surname branch is the display name after its first word: 'John Smith' → 'smith'.
 */
const searchBranches = (pattern: string, cap: number): SQL[] => [
  sql`(select user_id from profiles where username like ${pattern} limit ${cap})`,
  sql`(select user_id from profiles where lower(display_name) like ${pattern} limit ${cap})`,
  sql`(select user_id from profiles where lower(substring(display_name from '\\s+(\\S.*)$')) like ${pattern} limit ${cap})`,
  sql`(select id as user_id from users where lower(email) like ${pattern} limit ${cap})`,
];

/** The same four tests as a row filter over `profiles p` (for the broad strategy). */
const searchPredicate = (pattern: string): SQL =>
  sql`(p.username like ${pattern}
    or lower(p.display_name) like ${pattern}
    or lower(substring(p.display_name from '\\s+(\\S.*)$')) like ${pattern}
    or exists (select 1 from users su where su.id = p.user_id and lower(su.email) like ${pattern}))`;

/**
 * How to find the search's users: the exact set of matching ids when there are at most
 * SEARCH_EXACT_LIMIT (any branch reaching its cap means more), else the pattern to filter by.
 */
async function planSearch(db: Db, term: string): Promise<{ ids: string[] } | { pattern: string }> {
  const pattern = prefixPattern(term);
  const cap = SEARCH_EXACT_LIMIT + 1;
  const branches = searchBranches(pattern, cap);
  const rows = await queryRows<{ branch: number; user_id: string }>(
    db,
    sql.join(
      branches.map((branch, i) => sql`select ${i}::int as branch, user_id from ${branch} b${sql.raw(String(i))}`),
      sql` union all `,
    ),
  );
  const perBranch = new Map<number, number>();
  for (const r of rows) perBranch.set(Number(r.branch), (perBranch.get(Number(r.branch)) ?? 0) + 1);
  const ids = new Set(rows.map((r) => r.user_id));
  if ([...perBranch.values()].some((n) => n >= cap) || ids.size > SEARCH_EXACT_LIMIT) return { pattern };
  return { ids: [...ids] };
}

type SearchPlan = Awaited<ReturnType<typeof planSearch>> | null;

export interface ListUsersOptions {
  search?: string;
  status: UserStatusFilter;
  limit: number;
  cursor?: KeysetCursor;
}

/** The WHERE conditions of a users page (search, status, position), over `profiles p`. */
function userConditions(opts: ListUsersOptions, plan: SearchPlan, withCursor: boolean): SQL {
  const conditions: SQL[] = [];
  if (plan && 'ids' in plan) {
    conditions.push(sql`p.user_id in (select jsonb_array_elements_text(${JSON.stringify(plan.ids)}::jsonb))`);
  } else if (plan) {
    conditions.push(searchPredicate(plan.pattern));
  }
  if (opts.status !== 'all') conditions.push(sql`p.verification_status = ${opts.status}`);
  if (withCursor && opts.cursor) {
    const at = sql`${opts.cursor.createdAt}::timestamptz`;
    // The first condition bounds the index scan; the second breaks ties on created_at.
    conditions.push(sql`p.created_at <= ${at} and (p.created_at < ${at} or p.id < ${opts.cursor.id}::uuid)`);
  }
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

interface UserRow {
  user_id: string;
  profile_id: string;
  display_name: string | null;
  email: string;
  username: string;
  created_at: string;
  total_bets: number;
  won: number;
  lost: number;
  verification_status: VerificationStatus;
  role: string;
  profile_public: boolean;
}

/**
 * The page query (one row more than the page, to know whether another follows). The page is chosen
 * from profiles alone (the matched ids, or a walk of a newest-first index), and only its rows are
 * joined to users, user_bet_stats and user_settings.
 */
export function selectUsersPage(opts: ListUsersOptions, plan: SearchPlan): SQL {
  return sql`
    select p.user_id, p.id as profile_id, p.display_name, u.email, p.username,
           ${microsText('p.created_at')} as created_at,
           coalesce(s.total_bets, 0)::int as total_bets,
           coalesce(s.won, 0)::int as won, coalesce(s.lost, 0)::int as lost,
           p.verification_status, u.role,
           ${settingIsPublicSql('st')} as profile_public
    from (
      select p.id, p.user_id, p.display_name, p.username, p.created_at, p.verification_status
      from profiles p
      ${userConditions(opts, plan, true)}
      order by p.created_at desc, p.id desc
      limit ${opts.limit + 1}
    ) p
    join users u on u.id = p.user_id
    left join user_bet_stats s on s.user_id = p.user_id
    left join user_settings st on st.user_id = p.user_id
    order by p.created_at desc, p.id desc`;
}

const toAdminUser = (r: UserRow): AdminUser => ({
  userId: r.user_id,
  displayName: r.display_name,
  email: r.email,
  username: r.username,
  joinDate: isoFromMicros(r.created_at),
  totalBets: Number(r.total_bets),
  // The profile's win rate (shared/stats.ts): won ÷ settled, not ÷ every bet recorded.
  winRate: Number(r.won) + Number(r.lost) === 0 ? null : winRate(Number(r.won), Number(r.lost)),
  verificationStatus: r.verification_status,
  role: r.role === 'admin' ? 'admin' : 'user',
  profilePublic: r.profile_public === true,
});

/** The search plan for `search` (null without one). */
export async function planUserSearch(db: Db, search: string | undefined): Promise<SearchPlan> {
  const term = normaliseSearch(search);
  return term ? planSearch(db, term) : null;
}

/**
 * One page of users, newest first, with how many match: exactly, except for a broad search,
 * which is counted up to SEARCH_EXACT_LIMIT and says so (`totalCapped`).
 */
export async function listUsers(db: Db, opts: ListUsersOptions): Promise<AdminUserPage> {
  const plan = await planUserSearch(db, opts.search);
  if (plan && 'ids' in plan && plan.ids.length === 0)
    return { users: [], total: 0, totalCapped: false, nextCursor: null };
  const rows = await queryRows<UserRow>(db, selectUsersPage(opts, plan));
  const broad = plan !== null && 'pattern' in plan;
  let total: number;
  if (broad && opts.status === 'all') {
    // The plan already found more than SEARCH_EXACT_LIMIT matches: nothing to count.
    total = SEARCH_EXACT_LIMIT + 1;
  } else {
    const [count] = await queryRows<{ total: number }>(
      db,
      broad
        ? sql`select count(*)::int as total from (select 1 from profiles p ${userConditions(opts, plan, false)} limit ${SEARCH_EXACT_LIMIT + 1}) t`
        : sql`select count(*)::int as total from profiles p ${userConditions(opts, plan, false)}`,
    );
    total = Number(count!.total);
  }
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    users: page.map(toAdminUser),
    total: Math.min(total, broad ? SEARCH_EXACT_LIMIT : total),
    totalCapped: broad && total > SEARCH_EXACT_LIMIT,
    nextCursor:
      rows.length > opts.limit && last ? encodeCursor({ createdAt: last.created_at, id: last.profile_id }) : null,
  };
}

/**
 * Sets a user's verification status and records it in admin_logs, in one transaction: if the log
 * row cannot be written, the status does not change. Null when no such user. Setting the status
 * the user already has writes and logs nothing.
 */
export async function setVerificationStatus(
  db: Db,
  opts: { adminUserId: string; targetUserId: string; status: VerificationStatus; now: Date },
): Promise<VerificationChange | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: profiles.verificationStatus })
      .from(profiles)
      .where(eq(profiles.userId, opts.targetUserId))
      .for('update');
    if (!row) return null;
    const change: VerificationChange = {
      userId: opts.targetUserId,
      status: opts.status,
      previous: row.status,
      changed: row.status !== opts.status,
    };
    if (!change.changed) return change;
    await tx.update(profiles).set({ verificationStatus: opts.status }).where(eq(profiles.userId, opts.targetUserId));
    await tx.insert(adminLogs).values({
      adminUserId: opts.adminUserId,
      actionType: ADMIN_ACTIONS.verification,
      targetUserId: opts.targetUserId,
      details: { status: opts.status, previous: row.status },
      createdAt: opts.now,
    });
    return change;
  });
}

// ---------------------------------------------------------------------------------------------
// Issues: the inbox of contact messages and advertiser inquiries

interface IssueRow {
  id: string;
  kind: InboxKind;
  name: string;
  email: string;
  subject: string | null;
  message?: string;
  details?: unknown;
  status: InboxStatus;
  priority: InboxPriority;
  user_id: string | null;
  username: string | null;
  created_at: string;
  updated_at: string;
}

/** The Issues table's title: the subject, else a summary of who wrote. */
export function issueTitle(row: { kind: InboxKind; name: string; subject: string | null }): string {
  if (row.subject) return row.subject;
  return row.kind === 'advertising' ? `Advertising inquiry from ${row.name}` : `Message from ${row.name}`;
}

const toIssue = (r: IssueRow): AdminIssue => ({
  id: r.id,
  type: r.kind,
  title: issueTitle(r),
  name: r.name,
  email: r.email,
  userId: r.user_id,
  username: r.username,
  priority: r.priority,
  status: r.status,
  createdAt: isoFromMicros(r.created_at),
  updatedAt: isoFromMicros(r.updated_at),
});

const issueColumns = sql`m.id, m.kind, m.name, m.email, m.subject, m.status, m.priority, m.user_id,
  p.username, ${microsText('m.created_at')} as created_at, ${microsText('m.updated_at')} as updated_at`;

export interface ListIssuesOptions {
  status: InboxStatus | 'all';
  type: InboxKind | 'all';
  limit: number;
  offset: number;
}

/** A page of issues, newest first (inbox_messages_created_at_idx / _status_created_at_idx). */
export async function listIssues(db: Db, opts: ListIssuesOptions): Promise<AdminIssuePage> {
  const conditions: SQL[] = [];
  if (opts.status !== 'all') conditions.push(sql`m.status = ${opts.status}`);
  if (opts.type !== 'all') conditions.push(sql`m.kind = ${opts.type}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await queryRows<IssueRow>(
    db,
    sql`select ${issueColumns}
        from inbox_messages m left join profiles p on p.user_id = m.user_id
        ${where}
        order by m.created_at desc, m.id desc
        limit ${opts.limit} offset ${opts.offset}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from inbox_messages m ${where}`,
  );
  return { issues: rows.map(toIssue), total: Number(count!.total) };
}

/** One issue with its whole message; null when there is none with that id. */
export async function getIssue(db: Db, id: string): Promise<AdminIssueDetail | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryRows<IssueRow>(
    db,
    sql`select ${issueColumns}, m.message, m.details
        from inbox_messages m left join profiles p on p.user_id = m.user_id
        where m.id = ${id}::uuid`,
  );
  if (!row) return null;
  const details = jsonColumn<{ budget?: string; adType?: string } | null>(row.details) ?? {};
  return {
    ...toIssue(row),
    subject: row.subject,
    message: row.message ?? '',
    budget: details.budget ?? null,
    adType: details.adType ?? null,
  };
}

/**
 * Changes an issue's status and/or priority and logs each change, in one transaction. Null when
 * there is no such issue. Values it already has are neither written nor logged.
 */
export async function updateIssue(
  db: Db,
  opts: {
    adminUserId: string;
    id: string;
    status?: InboxStatus;
    priority?: InboxPriority;
    now: Date;
  },
): Promise<AdminIssueDetail | null> {
  if (!isUuid(opts.id)) return null;
  const found = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: inboxMessages.status, priority: inboxMessages.priority, userId: inboxMessages.userId })
      .from(inboxMessages)
      .where(eq(inboxMessages.id, opts.id))
      .for('update');
    if (!row) return false;
    const set: Partial<typeof inboxMessages.$inferInsert> = {};
    const logs: (typeof adminLogs.$inferInsert)[] = [];
    const log = (actionType: string, details: Record<string, unknown>) =>
      logs.push({
        adminUserId: opts.adminUserId,
        actionType,
        targetUserId: row.userId,
        details: { issueId: opts.id, ...details },
        createdAt: opts.now,
      });
    if (opts.status !== undefined && opts.status !== row.status) {
      set.status = opts.status;
      log(ADMIN_ACTIONS.issueStatus, { status: opts.status, previous: row.status });
    }
    if (opts.priority !== undefined && opts.priority !== row.priority) {
      set.priority = opts.priority;
      log(ADMIN_ACTIONS.issuePriority, { priority: opts.priority, previous: row.priority });
    }
    if (logs.length === 0) return true;
    await tx
      .update(inboxMessages)
      .set({ ...set, updatedAt: opts.now })
      .where(eq(inboxMessages.id, opts.id));
    await tx.insert(adminLogs).values(logs);
    return true;
  });
  return found ? getIssue(db, opts.id) : null;
}

// ---------------------------------------------------------------------------------------------
// Analytics

/** Midnight UTC of the Monday starting the week (ISO weeks, as date_trunc('week') counts them). */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
}

/** The first day of each of the last `weeks` weeks (this one included), oldest first, 'YYYY-MM-DD'. */
export function lastWeeks(now: Date, weeks = ANALYTICS_WEEKS): string[] {
  const current = weekStart(now).getTime();
  return Array.from({ length: weeks }, (_, i) =>
    new Date(current - (weeks - 1 - i) * WEEK_MS).toISOString().slice(0, 10),
  );
}

/** Rows per UTC week of `table.created_at` since `from` (a range scan where an index leads with created_at). */
async function countPerWeek(db: Db, table: 'profiles' | 'bets', from: Date, weeks: string[]): Promise<WeeklyCount[]> {
  const rows = await queryRows<{ week: string; count: number }>(
    db,
    sql`select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as count
        from ${sql.raw(table)}
        where created_at >= ${from.toISOString()}::timestamptz
        group by 1`,
  );
  const byWeek = new Map(rows.map((r) => [r.week, Number(r.count)]));
  return weeks.map((week) => ({ week, count: byWeek.get(week) ?? 0 }));
}

/** The overview plus signups (profiles created) and bets recorded per week over the last 12 weeks. */
export async function getAnalytics(db: Db, now: Date): Promise<AdminAnalytics> {
  const weeks = lastWeeks(now);
  const from = new Date(`${weeks[0]}T00:00:00.000Z`);
  const overview = await getAdminStats(db);
  const signupsPerWeek = await countPerWeek(db, 'profiles', from, weeks);
  const betsPerWeek = await countPerWeek(db, 'bets', from, weeks);
  return { overview, signupsPerWeek, betsPerWeek };
}

// ---------------------------------------------------------------------------------------------
// Audit log

interface LogRow {
  id: string;
  action_type: string;
  details: unknown;
  created_at: string;
  admin_id: string | null;
  admin_email: string | null;
  admin_username: string | null;
  target_id: string | null;
  target_email: string | null;
  target_username: string | null;
}

const person = (id: string | null, email: string | null, username: string | null) =>
  id && email ? { userId: id, email, username } : null;

/** admin_logs newest first (admin_logs_created_at_idx), with who acted on whom. */
export async function listLogs(db: Db, opts: { limit: number; offset: number }): Promise<AdminLogPage> {
  const rows = await queryRows<LogRow>(
    db,
    sql`select l.id, l.action_type, l.details, ${microsText('l.created_at')} as created_at,
               a.id as admin_id, a.email as admin_email, ap.username as admin_username,
               t.id as target_id, t.email as target_email, tp.username as target_username
        from admin_logs l
        left join users a on a.id = l.admin_user_id
        left join profiles ap on ap.user_id = l.admin_user_id
        left join users t on t.id = l.target_user_id
        left join profiles tp on tp.user_id = l.target_user_id
        order by l.created_at desc, l.id desc
        limit ${opts.limit} offset ${opts.offset}`,
  );
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from admin_logs`);
  const logs: AdminLog[] = rows.map((r) => ({
    id: r.id,
    action: r.action_type,
    admin: person(r.admin_id, r.admin_email, r.admin_username),
    target: person(r.target_id, r.target_email, r.target_username),
    details: jsonColumn<Record<string, unknown> | null>(r.details) ?? {},
    createdAt: isoFromMicros(r.created_at),
  }));
  return { logs, total: Number(count!.total) };
}
