import { useQueries } from '@tanstack/react-query';
import type { Seal, Seals } from '../../../../shared/log/api.ts';
import { api, unwrap } from '../../../lib/api.ts';
import { profileKeys } from './profiles.ts';

/** How long a bet's seal is kept before it is asked again: a seal only ever appears, once. */
const SEAL_STALE_MS = 60_000;

const fetchSeals = (username: string, betIds: readonly string[]): Promise<Seals> =>
  unwrap(api.api.profiles[':username'].seals.$get({ param: { username }, query: { bets: betIds.join(',') } }));

/** The seals of the bets shown, by bet id: one request per page of the record, not one per bet. */
export interface ShownSeals {
  logCreatedAt: string;
  byBet: ReadonlyMap<string, Seal>;
}

/** One query per loaded page of bets (each page's ids), merged. Undefined until the first answers. */
export function useShownSeals(
  username: string | undefined,
  pages: readonly (readonly string[])[],
): ShownSeals | undefined {
  const results = useQueries({
    queries: pages.map((betIds) => ({
      queryKey: [...profileKeys.publicBets(username ?? ''), 'seals', betIds.join(',')],
      queryFn: () => fetchSeals(username ?? '', betIds),
      staleTime: SEAL_STALE_MS,
      enabled: username !== undefined && betIds.length > 0,
    })),
  });
  const answered = results.flatMap((r) => (r.data ? [r.data] : []));
  if (answered.length === 0) return undefined;
  return {
    logCreatedAt: answered[0]!.logCreatedAt,
    byBet: new Map(answered.flatMap((a) => a.seals.map((seal) => [seal.betId, seal] as const))),
  };
}
