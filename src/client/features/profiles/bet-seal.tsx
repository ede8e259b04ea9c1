import { Stamp } from 'lucide-react';
import type { Seal } from '../../../shared/log/api.ts';
import { formatDuration } from '../../../shared/time-units.ts';
import { formatDateTime } from '../../lib/format.ts';

/** The same text on the server and in every browser: the time-stamp authority's clock is UTC. */
export const utcTime = (iso: string) => `${formatDateTime(iso, 'utc')} UTC`;

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
  const relation = lead >= 0 ? `${formatDuration(lead)} before the start` : 'after the start';
  return `Sealed ${utcTime(seal.sealedAt)} by ${seal.authority}, ${relation}${witnessed}`;
}

/**
 * A bet's seal (docs/LOG.md, "Time-stamps"): the earliest independent time-stamp over a checkpoint
 * of the public log that holds the bet's record, and how many witnesses cosigned one. Shown once
 * the log has one; nothing before.
 */
export function BetSeal({ seal, logCreatedAt, eventDate }: { seal: Seal; logCreatedAt: string; eventDate: string }) {
  const text = sealText(seal, logCreatedAt, eventDate);
  if (!text) return null;
  return (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
      <Stamp className="size-3.5 shrink-0" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
