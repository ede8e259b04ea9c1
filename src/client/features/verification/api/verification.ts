import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerificationState, VerificationStatus } from '../../../../shared/verification.ts';
import { ApiError, api, unwrap } from '../../../lib/api.ts';

/** Keyed by the signed-in user's id, so another account on this browser never sees this status. */
export const verificationKeys = {
  own: (userId: string) => ['verification', userId] as const,
};

/**
 * The signed-in user's own verification status (GET /api/verification). Pass the user's id, or
 * null when nobody is signed in (then nothing is fetched).
 */
export function useOwnVerification(userId: string | null) {
  return useQuery({
    queryKey: verificationKeys.own(userId ?? ''),
    queryFn: () => unwrap(api.api.verification.$get()),
    enabled: userId !== null,
  });
}

/**
 * POST /api/verification/apply: unverified → pending. A 409 means the status already moved on
 * (pending or verified, e.g. from another tab): the cached status is refreshed either way.
 */
export function useApplyForVerification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation<VerificationState, Error, void>({
    mutationFn: () => unwrap(api.api.verification.apply.$post()),
    onSuccess: (state) => {
      queryClient.setQueryData(verificationKeys.own(userId), state);
      // Profile views show the status too.
      void queryClient.invalidateQueries({ queryKey: ['profile', userId] });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: verificationKeys.own(userId) });
    },
  });
}

export type { VerificationStatus };
