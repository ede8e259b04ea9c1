import { Link } from 'react-router';
import { paths } from '../../../shared/routes.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { cn } from '../../lib/utils.ts';
import { Wordmark } from './wordmark.tsx';

const columns = [
  {
    title: 'Product',
    links: [
      { label: 'Dashboard', to: paths.dashboard },
      { label: 'Following', to: paths.following },
      { label: 'Bettor Spotlight', to: paths.spotlight },
      { label: 'Influencers', to: paths.influencers },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.about },
      { label: 'Contact', to: paths.contact },
      { label: 'Advertise', to: paths.advertise },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Use', to: paths.terms },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Cookie Policy', to: paths.cookies },
    ],
  },
] as const;

/** The day the build made the prerendered pages (vite.config.ts). */
const BUILD_DAY: string | undefined = import.meta.env.BUILD_DAY;

/**
 * The year now by the reader's clock. The HTML (prerendered at build time) carries the build's
 * year, which the first render in the browser repeats so hydration matches; then the clock's.
 */
function useCurrentYear(): number {
  const hydrated = useHydrated();
  return hydrated || !BUILD_DAY ? new Date().getFullYear() : Number(BUILD_DAY.slice(0, 4));
}

const linkClass = 'rounded-sm text-sm text-navy-muted transition-colors hover:text-white focus-visible:outline-brand';

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-slate-800 bg-navy text-navy-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="flex flex-col gap-3">
          <Link to={paths.home} className="w-fit rounded-sm focus-visible:outline-brand">
            <Wordmark />
          </Link>
          <p className="max-w-xs text-sm text-navy-muted">
            Track your betting performance with precision and make informed decisions.
          </p>
          <p className="max-w-xs text-xs text-navy-muted">
            A tracking tool only: we take no wagers. 18+ only. Please gamble responsibly.
          </p>
          <Link to={paths.help} className={cn(linkClass, 'w-fit font-medium text-white underline underline-offset-4')}>
            Need help?
          </Link>
          <Link to={paths.follow} className={cn(linkClass, 'w-fit font-medium text-brand hover:text-emerald-300')}>
            Follow Us
          </Link>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3 md:col-span-3">
          {columns.map((column) => (
            <div key={column.title} className="flex flex-col gap-3">
              <h2 className="text-sm font-semibold text-white">{column.title}</h2>
              <ul className="flex flex-col gap-2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-navy-muted sm:px-6">
          © {year} betproof. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
