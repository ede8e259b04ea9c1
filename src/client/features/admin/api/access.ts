import { useQuery } from '@tanstack/react-query';
import { ADMIN_TWO_FACTOR_REQUIRED_MESSAGE } from '../../../../shared/two-factor.ts';
import { api, toApiError } from '../../../lib/api.ts';

/**
 * Asks the server whether the signed-in user is an admin: true (200), false (403), or
 * 'two-factor-required' (403 while ADMIN_REQUIRE_2FA is on and the admin has not turned on
 * two-factor sign-in). Anything else (401 after the session expired, 5xx) is an error.
 */
export function useAdminAccess(userId: string) {
  return useQuery({
    queryKey: ['admin', 'access', userId],
    queryFn: async () => {
      const res = await api.api.admin.access.$get();
      if (res.status === 403) {
        const refusal = await toApiError(res);
        return refusal.message === ADMIN_TWO_FACTOR_REQUIRED_MESSAGE ? ('two-factor-required' as const) : false;
      }
      if (!res.ok) throw await toApiError(res);
      return true;
    },
  });
}
