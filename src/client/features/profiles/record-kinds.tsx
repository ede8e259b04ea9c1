/**
 * A record's two kinds, apart: bets graded from listed events' published results (the facts the
 * bettor can't choose) first, then the self-reported ones (events the catalog does not list,
 * settled by the bettor). The counts are the profile API's `stats.graded` and `stats.selfReported`.
 */
import { Scale, UserPen } from 'lucide-react';
import { formatWholeNumber } from '../../../shared/number-format.ts';
import { Card } from '../../components/ui/card.tsx';

const bets = (n: number) => `${formatWholeNumber(n)} ${n === 1 ? 'bet' : 'bets'}`;

/** What "graded" and "self-reported" mean, in the words of a profile (and its Verify section). */
export const GRADED_MEANING =
  "Graded bets are on events listed in betproof's catalog: their start comes from the catalog and each is settled from the event's published result, never by the bettor.";
export const SELF_REPORTED_MEANING =
  'Self-reported bets are on events the catalog does not list: the bettor typed the event and its start, and settled the bet.';

export function RecordKinds({ graded, selfReported }: { graded: number; selfReported: number }) {
  const total = graded + selfReported;
  return (
    <Card role="region" aria-label="Graded and self-reported" className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex items-start gap-3">
          <Scale className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <div className="flex flex-col">
            <p className="font-semibold tabular-nums" data-testid="graded-count">
              {bets(graded)} graded from results
            </p>
            <p className="text-xs text-muted-foreground">{GRADED_MEANING}</p>
          </div>
        </div>
        <div className="flex items-start gap-3 sm:border-l sm:pl-4">
          <UserPen className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="flex flex-col">
            <p className="font-medium tabular-nums text-muted-foreground" data-testid="self-reported-count">
              {bets(selfReported)} self-reported
            </p>
            <p className="text-xs text-muted-foreground">{SELF_REPORTED_MEANING}</p>
          </div>
        </div>
      </div>
      {total > 0 && (
        <p className="text-xs text-muted-foreground">Every row of the record below says which kind it is.</p>
      )}
    </Card>
  );
}

/** The Verify section's words on what the ledger's entries are: graded or self-reported. */
export function VerifyKindsNote() {
  return (
    <p className="max-w-3xl text-sm text-muted-foreground">
      {GRADED_MEANING} Their ledger entries name the listed event and the pick. {SELF_REPORTED_MEANING} The ledger
      proves when each was recorded and settled, not that its result is true.
    </p>
  );
}
