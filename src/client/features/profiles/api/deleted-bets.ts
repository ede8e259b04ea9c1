/** A profile's bets deleted before the start, read from its public ledger (docs/decisions/041). */
import { useQuery } from '@tanstack/react-query';
import type { DeletedBets } from '../../../../shared/disclosures.ts';
import { api, unwrap } from '../../../lib/api.ts';

const fetchDeletedBets = (username: string): Promise<DeletedBets> =>
  unwrap(api.api.profiles[':username'].deleted.$get({ param: { username: encodeURIComponent(username) } }));

export function useDeletedBets(username: string) {
  return useQuery({
    queryKey: ['profiles', username.toLowerCase(), 'deleted'],
    queryFn: () => fetchDeletedBets(username),
  });
}
