import { useEffect } from 'react';
import { budgetLines } from '../../../shared/wellbeing.ts';
import type { Wellbeing } from '../../../shared/wellbeing-schemas.ts';
import { toast } from '../../components/ui/toast.ts';

/** When this tab's visit began (sessionStorage: a new tab or a closed browser starts again). */
const VISIT_START_KEY = 'betproof.visit-start';

function visitStart(): number {
  const kept = Number(sessionStorage.getItem(VISIT_START_KEY));
  if (Number.isFinite(kept) && kept > 0) return kept;
  const now = Date.now();
  sessionStorage.setItem(VISIT_START_KEY, String(now));
  return now;
}

/**
 * The optional reality check (UK Gambling Commission's remote technical standards call it that):
 * every N minutes while the dashboard is open, a plain note of how long this visit has lasted and
 * where the budget stands. It interrupts nothing and asks nothing.
 */
export function useRealityCheck(wellbeing: Wellbeing | undefined) {
  const minutes = wellbeing?.realityCheckMinutes ?? null;
  const lines = wellbeing?.standing ? budgetLines(wellbeing.standing) : [];
  const summary = lines.join('. ');
  useEffect(() => {
    if (!minutes) return;
    const start = visitStart();
    const every = minutes * 60_000;
    const elapsed = Date.now() - start;
    let interval: ReturnType<typeof setInterval> | undefined;
    const remind = () => {
      const spent = Math.round((Date.now() - start) / 60_000);
      toast(`You've been on betproof for ${spent} minutes.`, {
        description: summary ? `${summary}.` : 'Take a break whenever you like.',
      });
    };
    const first = setTimeout(
      () => {
        remind();
        interval = setInterval(remind, every);
      },
      every - (elapsed % every),
    );
    return () => {
      clearTimeout(first);
      if (interval) clearInterval(interval);
    };
  }, [minutes, summary]);
}
