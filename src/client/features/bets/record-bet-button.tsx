import { Suspense, lazy, useState } from 'react';
import { readDraft } from '../../lib/form-draft.ts';
import { useAuth } from '../auth/index.ts';
import { RECORD_BET_DRAFT, RecordBetTriggerButton } from './record-bet-trigger.tsx';

/*
 * The dashboard shows 'Record New Bet' at once, but the dialog behind it (the form, its validation
 * with zod, react-hook-form, the sport picker) loads when a visitor reaches for the button (hover,
 * focus) or presses it: about 65 KB gzipped the dashboard no longer waits for. Once loaded, the
 * dialog stays mounted, so closing it keeps what was typed.
 */

const loadDialog = () => import('./record-bet-dialog.tsx');
const RecordBetDialog = lazy(async () => ({ default: (await loadDialog()).RecordBetDialog }));

/** `offline`: the button waits for the network (a bet is recorded when the server stamps it). */
export function RecordBetButton({ offline = false }: { offline?: boolean }) {
  const { user } = useAuth();
  // A bet half-typed when the session ended: open the form with it at once.
  const [opened, setOpened] = useState(() => user !== null && readDraft(user.id, RECORD_BET_DRAFT) !== null);
  const preload = () => void loadDialog();
  if (!opened) {
    return (
      <RecordBetTriggerButton
        disabled={offline}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpened(true)}
      />
    );
  }
  return (
    <Suspense fallback={<RecordBetTriggerButton aria-busy="true" />}>
      <RecordBetDialog defaultOpen />
    </Suspense>
  );
}
