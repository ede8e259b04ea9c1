import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.ts';
import {
  ERROR_TITLE,
  LOAD_STATS_FAILED,
  LOAD_USERS_FAILED,
  ISSUES_PAGE_DEFAULT,
  ISSUE_UPDATED_TITLE,
  LOGS_PAGE_DEFAULT,
  UPDATE_VERIFICATION_FAILED,
  USERS_PAGE_DEFAULT,
  USER_UPDATED_TITLE,
  issueUpdatedDescription,
  userUpdatedDescription,
  type InboxKind,
  type InboxPriority,
  type InboxStatus,
  type UserStatusFilter,
  type VerificationStatus,
} from '../../../../shared/admin.ts';
import { api, unwrap } from '../../../lib/api.ts';

/**
 * Query keys under ['admin', viewerId] so another account signing in on this browser never sees
 * cached admin data (sign-out also clears the whole cache).
 */
export const adminKeys = {
  all: (viewerId: string) => ['admin', viewerId] as const,
  stats: (viewerId: string) => ['admin', viewerId, 'stats'] as const,
  users: (viewerId: string) => ['admin', viewerId, 'users'] as const,
  usersPage: (viewerId: string, q: UsersQuery) => ['admin', viewerId, 'users', q] as const,
  issues: (viewerId: string) => ['admin', viewerId, 'issues'] as const,
  issuesPage: (viewerId: string, q: IssuesQuery) => ['admin', viewerId, 'issues', 'page', q] as const,
  issue: (viewerId: string, id: string) => ['admin', viewerId, 'issues', 'one', id] as const,
  analytics: (viewerId: string) => ['admin', viewerId, 'analytics'] as const,
  logs: (viewerId: string) => ['admin', viewerId, 'logs'] as const,
  logsPage: (viewerId: string, offset: number) => ['admin', viewerId, 'logs', offset] as const,
};

export function useAdminStats(viewerId: string) {
  return useQuery({
    queryKey: adminKeys.stats(viewerId),
    meta: { errorTitle: ERROR_TITLE, errorDescription: () => LOAD_STATS_FAILED },
    queryFn: () => unwrap(api.api.admin.stats.$get()),
  });
}

export interface UsersQuery {
  search: string;
  status: UserStatusFilter;
  cursor: string | null;
}

/** One server page of users; the previous page stays on screen while the next loads. */
export function useAdminUsers(viewerId: string, q: UsersQuery) {
  return useQuery({
    queryKey: adminKeys.usersPage(viewerId, q),
    meta: { errorTitle: ERROR_TITLE, errorDescription: () => LOAD_USERS_FAILED },
    queryFn: () =>
      unwrap(
        api.api.admin.users.$get({
          query: {
            limit: String(USERS_PAGE_DEFAULT),
            status: q.status,
            ...(q.search.trim() ? { search: q.search.trim() } : {}),
            ...(q.cursor ? { cursor: q.cursor } : {}),
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/** PATCH /api/admin/users/:userId/verification, with its toasts. */
export function useSetVerification(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: ERROR_TITLE, errorDescription: () => UPDATE_VERIFICATION_FAILED },
    mutationFn: (input: { userId: string; status: VerificationStatus }) =>
      unwrap(
        api.api.admin.users[':userId'].verification.$patch({
          param: { userId: input.userId },
          json: { status: input.status },
        }),
      ),
    onSuccess: async (change) => {
      toast.success(USER_UPDATED_TITLE, { description: userUpdatedDescription(change.status) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users(viewerId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats(viewerId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.analytics(viewerId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.logs(viewerId) }),
      ]);
    },
  });
}

export interface IssuesQuery {
  status: InboxStatus | 'all';
  type: InboxKind | 'all';
  offset: number;
}

export function useAdminIssues(viewerId: string, q: IssuesQuery) {
  return useQuery({
    queryKey: adminKeys.issuesPage(viewerId, q),
    meta: { errorTitle: ERROR_TITLE, errorDescription: () => 'Failed to load issues' },
    queryFn: () =>
      unwrap(
        api.api.admin.issues.$get({
          query: { status: q.status, type: q.type, limit: String(ISSUES_PAGE_DEFAULT), offset: String(q.offset) },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminIssue(viewerId: string, id: string | null) {
  return useQuery({
    queryKey: adminKeys.issue(viewerId, id ?? ''),
    queryFn: () => unwrap(api.api.admin.issues[':id'].$get({ param: { id: id! } })),
    enabled: id !== null,
  });
}

/** PATCH /api/admin/issues/:id — a status ('Issue Updated' toast) or a priority. */
export function useUpdateIssue(viewerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: ERROR_TITLE, errorDescription: (error) => `Failed to update the issue: ${error.message}` },
    mutationFn: (input: { id: string; status?: InboxStatus; priority?: InboxPriority }) =>
      unwrap(
        api.api.admin.issues[':id'].$patch({
          param: { id: input.id },
          json: {
            ...(input.status ? { status: input.status } : {}),
            ...(input.priority ? { priority: input.priority } : {}),
          },
        }),
      ),
    onSuccess: async (issue, input) => {
      if (input.status) toast.success(ISSUE_UPDATED_TITLE, { description: issueUpdatedDescription(input.status) });
      else if (input.priority)
        toast.success(ISSUE_UPDATED_TITLE, { description: `Priority changed to ${input.priority}` });
      queryClient.setQueryData(adminKeys.issue(viewerId, issue.id), issue);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.issues(viewerId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.logs(viewerId) }),
      ]);
    },
  });
}

export function useAdminAnalytics(viewerId: string) {
  return useQuery({
    queryKey: adminKeys.analytics(viewerId),
    meta: { errorTitle: ERROR_TITLE, errorDescription: () => LOAD_STATS_FAILED },
    queryFn: () => unwrap(api.api.admin.analytics.$get()),
  });
}

export function useAdminLogs(viewerId: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.logsPage(viewerId, offset),
    queryFn: () =>
      unwrap(api.api.admin.logs.$get({ query: { limit: String(LOGS_PAGE_DEFAULT), offset: String(offset) } })),
    placeholderData: keepPreviousData,
  });
}
