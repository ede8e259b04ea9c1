import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingScreen } from '../components/ui/spinner.tsx';
import type { DemoBet } from '../features/demo/demo-bets.ts';
import {
  ClosingCta,
  CommunitySection,
  FeaturesSection,
  Hero,
  InfluencerSection,
  ResponsibleGambling,
  StatisticsSection,
  UpcomingEvents,
  type DemoLauncher,
} from '../features/marketing/landing-sections.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

/** The demo (with the shared validation it uses) is its own chunk, fetched when a visitor asks for it. */
const loadDemo = () => import('../features/demo/demo-page.tsx');
const DemoPage = lazy(loadDemo);

const DEMO_PARAM = 'demo';
/** The demo's address: the landing page with ?demo=1, a history entry of its own (Back leaves the demo). */
const DEMO_PATH = `/?${DEMO_PARAM}=1`;

export default function LandingPage() {
  const [params, setParams] = useSearchParams();
  const inDemo = params.has(DEMO_PARAM);
  // Demo bets live here, in memory: they survive a trip back to the landing page, not a reload.
  // Null until the demo changes them: it starts with its sample bets.
  const [demoBets, setDemoBets] = useState<DemoBet[] | null>(null);
  /** The launcher that opened the demo, to focus again on the way back. */
  const returnFocus = useRef<string | null>(null);

  const demo = useMemo<DemoLauncher>(
    () => ({
      path: DEMO_PATH,
      opened: (source) => {
        returnFocus.current = source;
      },
      preload: () => void loadDemo(),
    }),
    [],
  );
  const exitDemo = useCallback(() => setParams({}), [setParams]);

  // Back on the landing page: return focus to the button that opened the demo.
  useEffect(() => {
    if (inDemo || !returnFocus.current) return;
    const source = returnFocus.current;
    returnFocus.current = null;
    document.querySelector<HTMLElement>(`[data-demo-launcher="${source}"]`)?.focus();
  }, [inDemo]);

  return inDemo ? (
    <>
      <DemoMeta />
      <DemoFrame bets={demoBets} onBetsChange={setDemoBets} onExit={exitDemo} />
    </>
  ) : (
    <Landing demo={demo} />
  );
}

/**
 * The demo, once hydrated: its sample bets are dated from the time now, so the server renders its
 * frame only. Its own component, so the switch after hydration (a synchronous render: React
 * re-renders what read useHydrated at once) re-renders the demo alone, never the landing page.
 */
function DemoFrame(props: ComponentProps<typeof DemoPage>) {
  const hydrated = useHydrated();
  return hydrated ? (
    <Suspense fallback={<LoadingScreen label="Loading demo..." />}>
      <DemoPage {...props} />
    </Suspense>
  ) : (
    <LoadingScreen label="Loading demo..." />
  );
}

function DemoMeta() {
  usePageMeta(
    'Demo',
    'Try betproof without an account: record practice bets, settle them won, lost or void and watch your statistics update. Nothing is saved.',
  );
  return null;
}

function Landing({ demo }: { demo: DemoLauncher }) {
  usePageMeta(
    'Track Your Betting Performance',
    'betproof: track your betting performance with precision and make informed decisions. Record bets before the event, settle them, and keep an honest public record. Free, no wagers taken.',
  );
  return (
    <>
      <Hero />
      <UpcomingEvents />
      <InfluencerSection demo={demo} />
      <CommunitySection demo={demo} />
      <FeaturesSection />
      <StatisticsSection />
      <ClosingCta demo={demo} />
      <ResponsibleGambling />
    </>
  );
}
