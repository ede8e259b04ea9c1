import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';

/*
 * The dashboard shows 'Record New Bet' at once, but the dialog behind it (the form, its validation
 * with zod, react-hook-form, the sport picker) loads when a visitor reaches for the button (hover,
 * focus) or presses it: about 65 KB gzipped the dashboard no longer waits for. Once loaded, the
 * dialog stays mounted, so closing it keeps what was typed.
 */

const loadDialog = () => import('./record-bet-dialog.tsx');
const RecordBetDialog = lazy(async () => ({ default: (await loadDialog()).RecordBetDialog }));

/** The 'Record New Bet' button itself (the dialog's trigger, once the dialog has loaded). */
export function RecordBetTriggerButton(props: ComponentProps<typeof Button>) {
  return (
    <Button size="lg" className="w-full sm:w-auto" {...props}>
      <Plus aria-hidden="true" />
      Record New Bet
    </Button>
  );
}

export function RecordBetButton() {
  const [opened, setOpened] = useState(false);
  const preload = () => void loadDialog();
  if (!opened) {
    return <RecordBetTriggerButton onPointerEnter={preload} onFocus={preload} onClick={() => setOpened(true)} />;
  }
  return (
    <Suspense fallback={<RecordBetTriggerButton aria-busy="true" />}>
      <RecordBetDialog defaultOpen />
    </Suspense>
  );
}
