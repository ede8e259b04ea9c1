// First: zod must know it may not eval before any schema is built (see the module).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './lib/query-client.ts';
import { AuthProvider } from './features/auth/auth-provider.tsx';
import { router } from './router.tsx';
import './styles.css';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const reactRoot = createRoot(root);
// A transition renders the first screen in slices that yield to the browser every few ms, instead
// of one long task (Lighthouse's Total Blocking Time, and input on a slow phone).
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
