import { useQuery } from '@tanstack/react-query';
import { Stamp } from 'lucide-react';
import type { Seal, Seals } from '../../../shared/log/api.ts';
import { api, unwrap } from '../../lib/api.ts';
import { formatLeadTime } from './format.ts';
import { profileKeys } from './api.ts';

/** How long a bet's seal is kept before it is asked again: a seal only ever appears, once. */
const SEAL_STALE_MS = 60_000;

const utc = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});
/** The same text on the server and in every browser: the time-stamp authority's clock is UTC. */
export const utcTime = (iso: string) => `${utc.format(new Date(iso))} UTC`;

const fetchSeals = (username: string, betId: string): Promise<Seals> =>
  unwrap(api.api.profiles[':username'].seals.$get({ param: { username }, query: { bets: betId } }));

/** The line a bet's seal reads as; null when there is nothing to say yet. */
export function sealText(seal: Seal, logCreatedAt: string, eventDate: string): string | null {
  const witnessed = seal.witnesses ? `, witnessed by ${seal.witnesses}` : '';
  if (seal.backfilled) {
    // Appended by the migration that created the log: the seal dates the log, not the bet.
    const when = seal.sealedAt ? `${utcTime(seal.sealedAt)} by ${seal.authority}` : utcTime(logCreatedAt);
    return `Sealed ${when}, when the log was created (recorded before it)${witnessed}`;
  }
  if (!seal.sealedAt) return null;
  const lead = Date.parse(eventDate) - Date.parse(seal.sealedAt);
  const relation = lead >= 0 ? `${formatLeadTime(seal.sealedAt, eventDate)} before the start` : 'after the start';
  return `Sealed ${utcTime(seal.sealedAt)} by ${seal.authority}, ${relation}${witnessed}`;
}

/**
 * A bet's seal (docs/LOG.md, "Time-stamps"): the earliest independent time-stamp over a checkpoint
 * of the public log that holds the bet's record, and how many witnesses cosigned one. Shown once
 * the log has one; nothing before.
 */
export function BetSeal({ username, betId, eventDate }: { username: string; betId: string; eventDate: string }) {
  const { data } = useQuery({
    queryKey: [...profileKeys.publicBets(username), 'seal', betId],
    queryFn: () => fetchSeals(username, betId),
    staleTime: SEAL_STALE_MS,
  });
  const seal = data?.seals[0];
  const text = seal && sealText(seal, data.logCreatedAt, eventDate);
  if (!text) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Stamp className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
