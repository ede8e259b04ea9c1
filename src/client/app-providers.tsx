import { StrictMode, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AuthProvider } from './features/auth/auth-provider.tsx';

/**
 * What wraps the router on the server (ssr/render.tsx) and in the browser (main.tsx) alike: one
 * tree, so the HTML the server sends is the HTML the browser's first render hydrates.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
