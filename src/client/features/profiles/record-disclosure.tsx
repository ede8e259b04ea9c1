/**
 * What every public row of a bettor says beside their figures (docs/decisions/041): graded,
 * self-reported, void and deleted bets, and, when there are any, overdue ones, marked.
 */
import { AlertTriangle } from 'lucide-react';
import { OVERDUE_AFTER_HOURS } from '../../../shared/bets.ts';
import { disclosureParts, type RecordDisclosure } from '../../../shared/disclosures.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/utils.ts';

export const OVERDUE_ACCOUNT_LABEL = 'Overdue';

export function RecordDisclosureLine({
  disclosure,
  className,
}: {
  disclosure: RecordDisclosure | undefined;
  className?: string;
}) {
  if (!disclosure) return null;
  const counts = disclosureParts({ ...disclosure, overdue: 0 }).join(' · ');
  return (
    <p
      className={cn('flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground', className)}
      data-testid="record-disclosure"
    >
      <span>{counts}</span>
      {disclosure.overdue > 0 && (
        <Badge
          variant="destructive"
          title={`Self-reported bets or parlay legs still pending ${OVERDUE_AFTER_HOURS}+ hours after their start`}
        >
          <AlertTriangle aria-hidden="true" />
          {OVERDUE_ACCOUNT_LABEL}: {disclosure.overdue}
        </Badge>
      )}
    </p>
  );
}
