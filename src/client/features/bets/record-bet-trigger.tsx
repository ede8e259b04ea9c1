import type { ComponentProps } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/** The record-bet form's name in lib/form-draft.ts: RecordBetButton opens the dialog at once when it has a draft. */
export const RECORD_BET_DRAFT = 'record-bet';

/**
 * The 'Record New Bet' button itself: shown by RecordBetButton until the dialog has loaded, then
 * the dialog's trigger (its own module, so the lazily loaded dialog does not import its loader).
 */
export function RecordBetTriggerButton(props: ComponentProps<typeof Button>) {
  return (
    <Button size="lg" className="w-full sm:w-auto" {...props}>
      <Plus aria-hidden="true" />
      Record New Bet
    </Button>
  );
}
