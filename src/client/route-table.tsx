import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './shell/root-layout.tsx';
import { RouteError } from './components/layout/route-error.tsx';
import { LoadingScreen } from './components/ui/spinner.tsx';
import { RequireAuth } from './features/auth/require-auth.tsx';

/**
 * Every page is its own chunk, loaded when its route matches, so the landing page never
 * downloads dashboard or admin code. Page modules default-export their component.
 */
const page =
  (load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] =>
  async () => ({ Component: (await load()).default });

/**
 * The route table, apart from the router so tests can read it without a browser (the reserved
 * usernames cover every top-level path here: reserved-usernames.test.ts).
 */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Pathless: keeps header and footer on screen while the first page chunk loads or fails.
        HydrateFallback: () => <LoadingScreen />,
        ErrorBoundary: RouteError,
        children: [
          { index: true, lazy: page(() => import('./routes/landing.tsx')) },
          { path: 'auth', lazy: page(() => import('./routes/auth.tsx')) },
          { path: 'reset-password', lazy: page(() => import('./routes/reset-password.tsx')) },
          {
            Component: RequireAuth,
            children: [
              { path: 'dashboard', lazy: page(() => import('./routes/dashboard.tsx')) },
              { path: 'profile', lazy: page(() => import('./routes/profile.tsx')) },
              { path: 'following', lazy: page(() => import('./routes/following.tsx')) },
              { path: 'admin', lazy: page(() => import('./routes/admin.tsx')) },
            ],
          },
          { path: 'contact', lazy: page(() => import('./routes/contact.tsx')) },
          { path: 'about', lazy: page(() => import('./routes/about.tsx')) },
          { path: 'follow', lazy: page(() => import('./routes/follow.tsx')) },
          { path: 'terms', lazy: page(() => import('./routes/terms.tsx')) },
          { path: 'privacy', lazy: page(() => import('./routes/privacy.tsx')) },
          { path: 'cookies', lazy: page(() => import('./routes/cookies.tsx')) },
          { path: 'advertise', lazy: page(() => import('./routes/advertise.tsx')) },
          { path: 'influencers', lazy: page(() => import('./routes/influencers.tsx')) },
          { path: 'spotlight', lazy: page(() => import('./routes/spotlight.tsx')) },
          { path: 'help', lazy: page(() => import('./routes/help.tsx')) },
          // One segment that is none of the above: a public profile.
          { path: ':username', lazy: page(() => import('./routes/public-profile.tsx')) },
          { path: '*', lazy: page(() => import('./routes/not-found.tsx')) },
        ],
      },
    ],
  },
];
