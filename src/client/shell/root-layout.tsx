import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useReportCommittedPath } from '../lib/committed-path.ts';
import { useNoteHydration } from '../lib/use-hydrated.ts';
import { SiteFooter } from '../components/layout/site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

/** The shared frame of every page: header, main content, footer. */
export function RootLayout() {
  const navigation = useNavigation();
  useReportCommittedPath();
  useNoteHydration();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-4 py-2 text-sm font-medium text-foreground shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' && (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand" />
      )}
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
