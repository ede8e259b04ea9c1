import { Suspense, lazy, useState } from 'react';
import { RecordBetTriggerButton } from './record-bet-trigger.tsx';

/*
 * The dashboard shows 'Record New Bet' at once, but the dialog behind it (the form, its validation
 * with zod, react-hook-form, the sport picker) loads when a visitor reaches for the button (hover,
 * focus) or presses it: about 65 KB gzipped the dashboard no longer waits for. Once loaded, the
 * dialog stays mounted, so closing it keeps what was typed.
 */

const loadDialog = () => import('./record-bet-dialog.tsx');
const RecordBetDialog = lazy(async () => ({ default: (await loadDialog()).RecordBetDialog }));

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
