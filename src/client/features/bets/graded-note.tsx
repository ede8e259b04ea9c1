import { Scale } from 'lucide-react';
import { GRADED_FROM_RESULT_MESSAGE, GRADED_LEG_FROM_RESULT_MESSAGE } from '../../../shared/events.ts';

/**
 * Where a self-reported bet has Won / Lost / Void: a graded bet (or leg) has no such buttons, and
 * says why, in the words the server refuses a settlement with.
 */
export function GradedNote({ leg = false }: { leg?: boolean }) {
  return (
    <p className="flex items-start gap-1.5 text-xs text-muted-foreground">
      <Scale className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span>{leg ? GRADED_LEG_FROM_RESULT_MESSAGE : GRADED_FROM_RESULT_MESSAGE}</span>
    </p>
  );
}
