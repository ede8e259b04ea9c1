import { StrictMode, useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './features/auth/auth-provider.tsx';

/**
 * What wraps the router on the server (ssr/render.tsx) and in the browser (start.tsx) alike: one
 * tree, so the HTML the server sends is the HTML the browser's first render hydrates.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
        <HydratedMark />
      </QueryClientProvider>
    </StrictMode>
  );
}

/** On <html> once React has taken the page over (the e2e fixtures wait for it: tests/e2e/support/fixtures.ts). */
const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * Marks the page once React's first commit is done (an effect: never on the server). Until then a
 * prerendered button is only HTML, and a click on it does nothing; the end-to-end tests wait for
 * this mark after each page load, as a person waits for a page to respond.
 */
function HydratedMark() {
  useEffect(() => document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, ''), []);
  return null;
}
