/**
 * A parlay's legs in its row: each leg's description, sport, odds, start and result, and for the
 * owner of a pending parlay Won / Lost / Void per leg, open once that leg's event has started and
 * confirmed through the same dialog as a bet. The parlay's own status is the legs' doing.
 */
import { useId, useRef, useState, type RefObject } from 'react';
import type { SettledStatus } from '../../../shared/bets.ts';
import type { Bet, BetLeg } from '../../../shared/bet-schemas.ts';
import { SettleAfterHint, SettleButtons } from './bet-row.tsx';
import { LegSummary } from './parlay-parts.tsx';
import { GradedNote } from './graded-note.tsx';
import { useBetTiming } from './record-rules.tsx';
import { SettleConfirmDialog } from './settle-confirm.tsx';
import { useSettleLeg } from './api/bets.ts';

const RESULT_NAME: Record<SettledStatus, string> = { won: 'won', lost: 'lost', void: 'void / push' };

/** What settling a leg does, before it is final. */
const legConfirmText = (leg: Pick<BetLeg, 'position'>, status: SettledStatus) =>
  `Mark leg ${leg.position} as ${RESULT_NAME[status]}. A settled leg can't be changed; the parlay settles itself ` +
  `when its legs decide it (lost at a lost leg, won when every leg is won or void, a void leg counting 1.00).`;

export function ParlayLegs({ bet, settleable = false }: { bet: Bet; settleable?: boolean }) {
  return (
    <ol
      className="flex flex-col divide-y rounded-md border bg-muted/30 px-3 py-1"
      aria-label={`Legs of "${bet.description}"`}
    >
      {bet.legs?.map((leg) =>
        settleable && bet.status === 'pending' && leg.status === 'pending' && leg.kind !== 'graded' ? (
          <SettleableLeg key={leg.id} bet={bet} leg={leg} />
        ) : (
          <li key={leg.id} className="flex flex-col gap-2 py-2">
            <LegSummary leg={leg} />
            {settleable && leg.status === 'pending' && leg.kind === 'graded' && <GradedNote leg />}
          </li>
        ),
      )}
    </ol>
  );
}

/** The owner's pending leg of a pending parlay: Won / Lost / Void / push once its event has started. */
function SettleableLeg({ bet, leg }: { bet: Bet; leg: BetLeg }) {
  const settle = useSettleLeg(bet, leg);
  const timing = useBetTiming(leg);
  const item = useRef<HTMLLIElement>(null);
  return (
    <li
      ref={item}
      tabIndex={-1}
      className="flex flex-col gap-2 rounded-sm py-2 outline-offset-2"
      aria-busy={settle.isPending || undefined}
    >
      <LegSummary leg={leg} />
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <LegSettleControls
          bet={bet}
          leg={leg}
          disabled={settle.isPending || !timing.started}
          settleAfter={timing.settleAfter}
          onSettle={(status) => settle.mutate(status)}
          returnFocusTo={item}
        />
      </div>
    </li>
  );
}

/**
 * Won / Lost / Void for one pending leg, the hint of when they open, and the confirming dialog.
 * A parlay's leg in the app and in the demo is settled through these same controls; only what
 * settling does (`onSettle`) differs.
 */
export function LegSettleControls({
  bet,
  leg,
  disabled,
  settleAfter,
  onSettle,
  returnFocusTo,
}: {
  bet: Pick<Bet, 'description' | 'amount' | 'potentialWin'>;
  leg: Pick<BetLeg, 'position' | 'description'>;
  disabled: boolean;
  settleAfter: string | null;
  onSettle: (status: SettledStatus) => void;
  returnFocusTo: RefObject<HTMLLIElement | null>;
}) {
  const hintId = useId();
  const [confirming, setConfirming] = useState<SettledStatus | null>(null);
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <SettleButtons
          onSettle={setConfirming}
          disabled={disabled}
          name={(status) => `Mark leg ${leg.position} "${leg.description}" as ${status}`}
          describedBy={settleAfter ? hintId : undefined}
        />
      </div>
      <SettleAfterHint id={hintId} text={settleAfter} />
      <SettleConfirmDialog
        bet={{ ...bet, description: `Leg ${leg.position}: ${leg.description}` }}
        status={confirming}
        text={(status) => legConfirmText(leg, status)}
        onConfirm={onSettle}
        onClose={() => setConfirming(null)}
        returnFocusTo={returnFocusTo}
      />
    </>
  );
}
