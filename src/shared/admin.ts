/**
 * The admin API contract: statistics, users and their verification, the issues inbox,
 * analytics and the audit log. Every /api/admin/* endpoint answers 401 to anonymous callers and
 * 403 to signed-in non-admins, whatever the method. The server validates with these schemas and
 * answers in these shapes; the client uses the types and the verbatim messages.
 */
import { z } from 'zod';
import { cursorParamSchema, pageLimitParam } from './paging.ts';
import { INBOX_KINDS, INBOX_PRIORITIES, INBOX_STATUSES } from './inbox.ts';
import { VERIFICATION_STATUSES } from './profiles.ts';

export { INBOX_KINDS, INBOX_PRIORITIES, INBOX_STATUSES, VERIFICATION_STATUSES };
export type { InboxKind, InboxPriority, InboxStatus } from './inbox.ts';
export type { VerificationStatus } from './profiles.ts';

// --- verbatim strings (the product's quoted texts) ---------------------------------------------------------

export const ADMIN_LOADING_LABEL = 'Loading admin dashboard...';
export const ERROR_TITLE = 'Error';
export const LOAD_USERS_FAILED = 'Failed to load users';
export const LOAD_STATS_FAILED = 'Failed to load betting statistics';
export const UPDATE_VERIFICATION_FAILED = 'Failed to update user verification status';
export const USER_UPDATED_TITLE = 'User Updated';
export const userUpdatedDescription = (status: string) => `User verification status changed to ${status}`;
export const ISSUE_UPDATED_TITLE = 'Issue Updated';
export const issueUpdatedDescription = (status: string) => `Issue status changed to ${status}`;
export const NO_USERS_TITLE = 'No users found';
export const NO_USERS_DESCRIPTION = 'Try adjusting your search or filter criteria';

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const ISSUE_NOT_FOUND_MESSAGE = 'Issue not found';

/** admin_logs.action_type values written by the admin API (roles.ts writes admin_role_granted/revoked). */
export const ADMIN_ACTIONS = {
  verification: 'user_verification_update',
  issueStatus: 'issue_status_update',
  issuePriority: 'issue_priority_update',
} as const;

// --- shared pieces -----------------------------------------------------------------------------

const isoString = z.iso.datetime({ offset: true });

const pageOffset = z.coerce
  .number({ error: 'Offset must be a whole number from 0' })
  .int('Offset must be a whole number from 0')
  .min(0, 'Offset must be a whole number from 0')
  .max(1_000_000, 'Offset must be at most 1,000,000')
  .default(0);

const strictQuery = <T extends z.core.$ZodLooseShape>(shape: T) => z.strictObject(shape);

// --- statistics --------------------------------------------------------------------------------

/** GET /api/admin/stats — every figure is one SQL aggregate. */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  /** Users with at least one bet. */
  activeUsers: z.number().int(),
  verifiedUsers: z.number().int(),
  /** Applications waiting for an admin. */
  pendingUsers: z.number().int(),
  totalBets: z.number().int(),
  /** The mean over users with bets of won / total × 100, one decimal. */
  avgWinRate: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

// --- users -------------------------------------------------------------------------------------

export const USER_STATUS_FILTERS = ['all', ...VERIFICATION_STATUSES] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export const USERS_PAGE_DEFAULT = 20;
export const USERS_PAGE_MAX = 100;
export const SEARCH_MAX_LENGTH = 100;
/** A search matching more users than this is counted only this far (shown as '1,000+'). */
export const SEARCH_COUNT_CAP = 1000;

/**
 * GET /api/admin/users. `search` matches, case-insensitively, the start of the username, of the
 * account's email, of the display name or of the display name's second word (a surname): prefix
 * matches are index range scans, so a search stays fast at 100,000 users. Newest accounts first;
 * `cursor` is the previous page's `nextCursor`.
 */
export const adminUsersQuerySchema = strictQuery({
  search: z
    .string({ error: 'Search must be text' })
    .trim()
    .max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`)
    .optional(),
  status: z
    .enum(USER_STATUS_FILTERS, { error: `Status must be one of ${USER_STATUS_FILTERS.join(', ')}` })
    .default('all'),
  limit: pageLimitParam(USERS_PAGE_MAX, USERS_PAGE_DEFAULT),
  cursor: cursorParamSchema,
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  userId: z.string(),
  displayName: z.string().nullable(),
  /** The account's real email address. */
  email: z.string(),
  username: z.string(),
  /** When the account (and its profile) was created. */
  joinDate: isoString,
  totalBets: z.number().int(),
  /** won ÷ (won + lost) × 100, one decimal, as the profile shows it; null with no won or lost bet (nothing measured yet). */
  winRate: z.number().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  role: z.enum(['user', 'admin']),
  profilePublic: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  /** How many users match the search and filter (at most SEARCH_COUNT_CAP when `totalCapped`). */
  total: z.number().int(),
  /** True when a broad search matched more than SEARCH_COUNT_CAP users: show '1,000+'. */
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

/** PATCH /api/admin/users/:userId/verification. Decline = back to 'unverified'. */
export const setVerificationSchema = z.strictObject({
  status: z.enum(VERIFICATION_STATUSES, {
    error: `Status must be one of ${VERIFICATION_STATUSES.join(', ')}`,
  }),
});
export type SetVerificationInput = z.input<typeof setVerificationSchema>;

export const verificationChangeSchema = z.object({
  userId: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  previous: z.enum(VERIFICATION_STATUSES),
  /** False when the user already had that status (nothing was written or logged). */
  changed: z.boolean(),
});
export type VerificationChange = z.infer<typeof verificationChangeSchema>;

// --- issues (the inbox: contact messages and advertiser inquiries) -----------------------------

export const ISSUE_STATUS_FILTERS = ['all', ...INBOX_STATUSES] as const;
export const ISSUE_TYPE_FILTERS = ['all', ...INBOX_KINDS] as const;
export const ISSUES_PAGE_DEFAULT = 20;
export const ISSUES_PAGE_MAX = 100;

/** The Issues tab's action selector (In Progress, Resolved, Closed), then 'open' to reopen. */
export const ISSUE_STATUS_LABELS = {
  open: 'Open',
  'in-progress': 'In Progress',
  resolved: 'Resolved',
  closed: 'Closed',
} as const satisfies Record<(typeof INBOX_STATUSES)[number], string>;

/** GET /api/admin/issues — newest first. */
export const adminIssuesQuerySchema = strictQuery({
  status: z
    .enum(ISSUE_STATUS_FILTERS, { error: `Status must be one of ${ISSUE_STATUS_FILTERS.join(', ')}` })
    .default('all'),
  type: z.enum(ISSUE_TYPE_FILTERS, { error: `Type must be one of ${ISSUE_TYPE_FILTERS.join(', ')}` }).default('all'),
  limit: pageLimitParam(ISSUES_PAGE_MAX, ISSUES_PAGE_DEFAULT),
  offset: pageOffset,
});
export type AdminIssuesQuery = z.input<typeof adminIssuesQuerySchema>;

export const adminIssueSchema = z.object({
  id: z.string(),
  type: z.enum(INBOX_KINDS),
  /** The subject; else 'Advertising inquiry from {company}' or 'Message from {name}'. */
  title: z.string(),
  /** The sender as they wrote it (the company for an inquiry) and the reply address. */
  name: z.string(),
  email: z.string(),
  /** The signed-in account that sent it, if any. */
  userId: z.string().nullable(),
  username: z.string().nullable(),
  priority: z.enum(INBOX_PRIORITIES),
  status: z.enum(INBOX_STATUSES),
  createdAt: isoString,
  updatedAt: isoString,
});
export type AdminIssue = z.infer<typeof adminIssueSchema>;

export const adminIssuePageSchema = z.object({ issues: z.array(adminIssueSchema), total: z.number().int() });
export type AdminIssuePage = z.infer<typeof adminIssuePageSchema>;

/** GET /api/admin/issues/:id — the whole message. */
export const adminIssueDetailSchema = adminIssueSchema.extend({
  subject: z.string().nullable(),
  message: z.string(),
  /** An inquiry's budget and ad type, when chosen. */
  budget: z.string().nullable(),
  adType: z.string().nullable(),
});
export type AdminIssueDetail = z.infer<typeof adminIssueDetailSchema>;

/** PATCH /api/admin/issues/:id — status, priority or both; each change is logged. */
export const updateIssueSchema = z
  .strictObject({
    status: z.enum(INBOX_STATUSES, { error: `Status must be one of ${INBOX_STATUSES.join(', ')}` }).optional(),
    priority: z.enum(INBOX_PRIORITIES, { error: `Priority must be one of ${INBOX_PRIORITIES.join(', ')}` }).optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined, 'Nothing to update: send a status or a priority');
export type UpdateIssueInput = z.input<typeof updateIssueSchema>;

// --- analytics ---------------------------------------------------------------------------------

export const ANALYTICS_WEEKS = 12;

const weeklyCountSchema = z.object({
  /** The Monday (UTC) the week starts on, 'YYYY-MM-DD'. */
  week: z.string(),
  count: z.number().int(),
});
export type WeeklyCount = z.infer<typeof weeklyCountSchema>;

/** GET /api/admin/analytics — the overview plus the last 12 weeks, oldest first, empty weeks as 0. */
export const adminAnalyticsSchema = z.object({
  overview: adminStatsSchema,
  signupsPerWeek: z.array(weeklyCountSchema),
  betsPerWeek: z.array(weeklyCountSchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

// --- audit log ---------------------------------------------------------------------------------

export const LOGS_PAGE_DEFAULT = 25;
export const LOGS_PAGE_MAX = 100;

export const adminLogsQuerySchema = strictQuery({
  limit: pageLimitParam(LOGS_PAGE_MAX, LOGS_PAGE_DEFAULT),
  offset: pageOffset,
});
export type AdminLogsQuery = z.input<typeof adminLogsQuerySchema>;

const logPersonSchema = z.object({
  userId: z.string(),
  email: z.string(),
  username: z.string().nullable(),
});

export const adminLogSchema = z.object({
  id: z.string(),
  action: z.string(),
  /** Null when the action came from the CLI or ADMIN_EMAILS, or the admin's account was deleted. */
  admin: logPersonSchema.nullable(),
  /** Null when the action had no user target (an anonymous message) or the account was deleted. */
  target: logPersonSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: isoString,
});
export type AdminLog = z.infer<typeof adminLogSchema>;

export const adminLogPageSchema = z.object({ logs: z.array(adminLogSchema), total: z.number().int() });
export type AdminLogPage = z.infer<typeof adminLogPageSchema>;

/** How the audit log names each action. */
export const ADMIN_ACTION_LABELS: Record<string, string> = {
  [ADMIN_ACTIONS.verification]: 'Verification changed',
  [ADMIN_ACTIONS.issueStatus]: 'Issue status changed',
  [ADMIN_ACTIONS.issuePriority]: 'Issue priority changed',
  admin_role_granted: 'Admin role granted',
  admin_role_revoked: 'Admin role revoked',
};

/** Words for a verification status in the toast ('verified', 'unverified', 'pending'). */
export const VERIFICATION_STATUS_LABELS = {
  verified: 'Verified',
  unverified: 'Unverified',
  pending: 'Pending',
} as const;
