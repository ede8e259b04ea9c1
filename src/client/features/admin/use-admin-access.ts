import { useQuery } from '@tanstack/react-query';
import { api, toApiError } from '../../lib/api.ts';

/**
 * Asks the server whether the signed-in user is an admin: true (200), false (403).
 * Anything else (401 after the session expired, 5xx) is an error.
 */
export function useAdminAccess(userId: string) {
  return useQuery({
    queryKey: ['admin', 'access', userId],
    queryFn: async () => {
      const res = await api.api.admin.access.$get();
      if (res.status === 403) return false;
      if (!res.ok) throw await toApiError(res);
      return true;
    },
  });
}
