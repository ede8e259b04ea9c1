import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast.ts';
import type { SettledStatus } from '../../../../shared/bets.ts';
import type { Bet, BetLeg } from '../../../../shared/bet-schemas.ts';
import { DASHBOARD_FIRST_DATA } from '../../../../shared/first-data.ts';
import { api, askFirst, toApiError, unwrap } from '../../../lib/api.ts';
import { useAuth } from '../../auth/index.ts';
import type { RecordInput } from '../record-bet-values.ts';

/**
 * Query keys, scoped to the signed-in user so another account never sees cached bets. The list's
 * and the figures' are the dashboard's first data (shared/first-data.ts), under `all`.
 */
export const betKeys = {
  all: (userId: string) => ['bets', userId] as const,
  list: DASHBOARD_FIRST_DATA.bets.key,
  stats: DASHBOARD_FIRST_DATA.stats.key,
};

export { isUnauthenticated } from '../../../lib/query-client.ts';

/** Statistics from GET /api/bets/stats (computed in SQL). */
export function useBetStats(userId: string) {
  return useQuery({
    queryKey: betKeys.stats(userId),
    meta: { errorTitle: 'Error', errorDescription: () => 'Failed to load bets' },
    queryFn: () => askFirst(DASHBOARD_FIRST_DATA.stats, userId),
  });
}

/** The bets, newest first, one cursor page at a time (never all at once; the first is in the dashboard's render). */
export function useBetPages(userId: string) {
  return useInfiniteQuery({
    queryKey: betKeys.list(userId),
    meta: { errorTitle: 'Error', errorDescription: () => 'Failed to load bets' },
    queryFn: ({ pageParam }) => askFirst(DASHBOARD_FIRST_DATA.bets, userId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/**
 * After a write the list and the cards refetch. Failures are the query client's to report
 * (lib/query-client.ts: a 401 ends the session there, other errors get the `errorTitle` toast).
 */
function useInvalidateBets() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return () => (user ? queryClient.invalidateQueries({ queryKey: betKeys.all(user.id) }) : Promise.resolve());
}

/** POST /api/bets. The caller shows the outcome (field errors belong next to the form's inputs). */
export function useRecordBet() {
  const invalidate = useInvalidateBets();
  return useMutation({
    mutationFn: (input: RecordInput) => unwrap(api.api.bets.$post({ json: input })),
    onSuccess: () => invalidate(),
  });
}

/** PATCH /api/bets/:id — mark a pending bet won or lost. */
export function useSettleBet(bet: Bet) {
  const invalidate = useInvalidateBets();
  return useMutation({
    meta: { errorTitle: 'Failed to update bet status' },
    mutationFn: (status: SettledStatus) =>
      unwrap(api.api.bets[':id'].$patch({ param: { id: bet.id }, json: { status } })),
    onSuccess: async (_bet, status) => {
      toast.success(`Bet marked as ${status}`, { description: 'Your bet has been updated successfully.' });
      await invalidate();
    },
    // Someone (another tab) may have settled or deleted it meanwhile: show what is true now.
    onError: () => invalidate(),
  });
}

/** PATCH /api/bets/:id/legs/:legId — settle one leg of a parlay (the parlay settles itself when its legs decide it). */
export function useSettleLeg(bet: Bet, leg: BetLeg) {
  const invalidate = useInvalidateBets();
  return useMutation({
    meta: { errorTitle: 'Failed to update leg status' },
    mutationFn: (status: SettledStatus) =>
      unwrap(api.api.bets[':id'].legs[':legId'].$patch({ param: { id: bet.id, legId: leg.id }, json: { status } })),
    onSuccess: async (parlay, status) => {
      const decided = parlay.status === 'pending' ? '' : ` The parlay is ${parlay.status}.`;
      toast.success(`Leg ${leg.position} marked as ${status}`, {
        description: `Your parlay has been updated.${decided}`,
      });
      await invalidate();
    },
    onError: () => invalidate(),
  });
}

/** DELETE /api/bets/:id. */
export function useDeleteBet(bet: Bet) {
  const invalidate = useInvalidateBets();
  return useMutation({
    meta: { errorTitle: 'Failed to delete bet' },
    mutationFn: async () => {
      const res = await api.api.bets[':id'].$delete({ param: { id: bet.id } });
      if (!res.ok) throw await toApiError(res as unknown as Response);
    },
    onSuccess: async () => {
      toast.success('Bet deleted', { description: 'Your bet has been deleted successfully.' });
      await invalidate();
    },
    onError: () => invalidate(),
  });
}
