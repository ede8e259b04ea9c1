import { HelpPage } from '../features/wellbeing/help-page.tsx';
import { usePageMeta } from '../lib/use-page-meta.ts';

export default function HelpRoute() {
  usePageMeta(
    'Need help?',
    'Free, confidential help with gambling where you are: helplines, chat, self-exclusion and blocking tools such as GAMSTOP, BetStop, Gamban and BetBlocker.',
  );
  return <HelpPage />;
}
