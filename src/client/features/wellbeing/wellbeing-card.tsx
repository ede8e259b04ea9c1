import { useId, useState } from 'react';
import { Link } from 'react-router';
import { LifeBuoy, PauseCircle } from 'lucide-react';
import { paths } from '../../../shared/routes.ts';
import { budgetLines, LEVEL_WORDS, type BudgetLevel, type BudgetStanding } from '../../../shared/wellbeing.ts';
import type { Wellbeing } from '../../../shared/wellbeing-schemas.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { cn } from '../../lib/utils.ts';
import { useWellbeing } from './api/wellbeing.ts';
import { BudgetDialog } from './budget-dialog.tsx';
import { CoolOffDialog } from './cool-off-dialog.tsx';
import { useRealityCheck } from './reality-check.ts';

const LEVEL_BADGE: Record<BudgetLevel, 'success' | 'warning' | 'destructive'> = {
  ok: 'success',
  near: 'warning',
  over: 'destructive',
};

const LEVEL_BAR: Record<BudgetLevel, string> = {
  ok: 'bg-emerald-600',
  near: 'bg-amber-500',
  over: 'bg-red-600',
};

/** The dashboard's "Your budget" card: where the budget stands in a colour and in words, the cool-off, help. */
export function WellbeingCard({ userId }: { userId: string }) {
  const wellbeing = useWellbeing(userId);
  useRealityCheck(wellbeing.data);
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          Your budget
        </h2>
        <Link
          to={paths.help}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-brand"
        >
          <LifeBuoy aria-hidden="true" className="size-4" />
          Need help?
        </Link>
      </div>
      {wellbeing.data ? (
        <WellbeingBody userId={userId} wellbeing={wellbeing.data} />
      ) : (
        <Skeleton className="h-16 w-full" />
      )}
    </Card>
  );
}

function WellbeingBody({ userId, wellbeing }: { userId: string; wellbeing: Wellbeing }) {
  const [budgetOpen, setBudgetOpen] = useState(false);
  const [coolOffOpen, setCoolOffOpen] = useState(false);
  const { standing, coolOff } = wellbeing;
  return (
    <>
      {standing ? (
        <BudgetStandingView standing={standing} />
      ) : (
        <p className="text-sm text-muted-foreground">
          Set a budget for a week, a month or from pay day, on what you stake, what you lose, or both. It tracks itself
          as you record bets, and only you can see it.
        </p>
      )}
      {coolOff && (
        <p
          role="status"
          className="flex gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900"
        >
          <PauseCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            You&apos;re taking a break from recording bets until <strong>{formatDateTime(coolOff.until)}</strong>.
            Pending bets still settle as usual.
          </span>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <BudgetDialog userId={userId} wellbeing={wellbeing} open={budgetOpen} onOpenChange={setBudgetOpen} />
        <CoolOffDialog userId={userId} coolOff={coolOff} open={coolOffOpen} onOpenChange={setCoolOffOpen} />
      </div>
    </>
  );
}

/** The share of a limit used, 0-100, for the bar (the words carry the figures). */
const percentOf = (used: string, limit: string) => Math.min(100, Math.round((Number(used) / Number(limit)) * 100));

export function BudgetStandingView({ standing }: { standing: BudgetStanding }) {
  const lines = budgetLines(standing);
  const bars = [
    standing.stakeLimit !== null ? percentOf(standing.staked, standing.stakeLimit) : null,
    standing.lossLimit !== null ? percentOf(standing.netLoss, standing.lossLimit) : null,
  ].filter((p): p is number => p !== null);
  return (
    <div className="flex flex-col gap-3" data-testid="budget-standing">
      <Badge variant={LEVEL_BADGE[standing.level]}>{LEVEL_WORDS[standing.level]}</Badge>
      <ul className="flex flex-col gap-3">
        {lines.map((line, i) => (
          <li key={line} className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{line}</span>
            <span aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-muted">
              <span
                className={cn('block h-full rounded-full', LEVEL_BAR[standing.level])}
                style={{ width: `${bars[i] ?? 0}%` }}
              />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
