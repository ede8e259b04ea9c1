import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoolOffDays } from '../../../../shared/wellbeing.ts';
import type { PutWellbeingInput } from '../../../../shared/wellbeing-schemas.ts';
import { DASHBOARD_FIRST_DATA } from '../../../../shared/first-data.ts';
import { api, askFirst, unwrap } from '../../../lib/api.ts';

/**
 * The dashboard's first data (shared/first-data.ts), under the owner's bets key
 * (features/bets/api/bets.ts betKeys.all: ['bets', userId]): recording, settling or deleting a bet
 * invalidates the bets and so the budget's standing with them.
 */
export const wellbeingKey = DASHBOARD_FIRST_DATA.wellbeing.key;

/** GET /api/me/wellbeing: the owner's budget and where it stands, the cool-off, the reminders. */
export function useWellbeing(userId: string) {
  return useQuery({
    queryKey: wellbeingKey(userId),
    meta: { errorTitle: 'Error', errorDescription: () => 'Failed to load your budget' },
    queryFn: () => askFirst(DASHBOARD_FIRST_DATA.wellbeing, userId),
  });
}

/** PUT /api/me/wellbeing. The caller shows field errors next to its inputs. */
export function usePutWellbeing(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PutWellbeingInput) => unwrap(api.api.me.wellbeing.$put({ json: input })),
    onSuccess: (wellbeing) => queryClient.setQueryData(wellbeingKey(userId), wellbeing),
  });
}

/** POST /api/me/cool-off. */
export function useStartCoolOff(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: CoolOffDays) => unwrap(api.api.me['cool-off'].$post({ json: { days } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: wellbeingKey(userId) }),
  });
}

/** POST /api/me/wellbeing/check: asked by the record-bet dialog before it records. */
export const checkBeforeRecording = (amount: string) => unwrap(api.api.me.wellbeing.check.$post({ json: { amount } }));
