import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutDashboard, LogOut, Menu, Shield, Star, Trophy, UserRound, Users } from 'lucide-react';
import { paths, signUpPath } from '../../shared/routes.ts';
import { useAuth } from '../features/auth/auth-provider.tsx';
import { useSignOut } from '../features/auth/api/sign-out.ts';
import { Button, buttonVariants } from '../components/ui/button.tsx';
import { cn } from '../lib/utils.ts';
import { Wordmark } from '../components/layout/wordmark.tsx';

const navButton = 'px-2 sm:px-3';
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost-dark', size: 'sm' }), navButton, isActive && 'bg-navy-soft text-white');
/** Shown in the header from this width; below it they are in the "More pages" menu. */
const wide = 'hidden lg:inline-flex';

interface SitePage {
  to: string;
  label: string;
  icon: typeof Trophy;
  /** Where the header itself has room for it; the menu has it below that width. */
  inlineFrom: 'sm' | 'lg';
}

/**
 * The community's pages for everyone, and for a signed-in person the feed of those they follow
 * and (an admin's) the admin dashboard. The session's role only decides whether the link shows:
 * the server checks admin powers on every admin request.
 */
function sitePages(signedIn: boolean, admin: boolean): { site: SitePage[]; account: SitePage[] } {
  return {
    site: [
      { to: paths.spotlight, label: 'Spotlight', icon: Trophy, inlineFrom: 'lg' },
      { to: paths.influencers, label: 'Influencers', icon: Star, inlineFrom: 'lg' },
    ],
    account: [
      ...(signedIn ? [{ to: paths.following, label: 'Following', icon: Users, inlineFrom: 'sm' as const }] : []),
      ...(admin ? [{ to: paths.admin, label: 'Admin', icon: Shield, inlineFrom: 'lg' as const }] : []),
    ],
  };
}

export function SiteHeader() {
  const { user, isPending } = useAuth();
  const { signOut, pending } = useSignOut();
  const { site, account } = sitePages(Boolean(user), user?.role === 'admin');
  const inline = (page: SitePage) => (
    <NavLink
      key={page.to}
      to={page.to}
      className={(state) => cn(navLinkClass(state), page.inlineFrom === 'lg' ? wide : 'hidden sm:inline-flex')}
    >
      <page.icon className="hidden sm:block" aria-hidden="true" />
      {page.label}
    </NavLink>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-navy text-navy-foreground">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex items-center gap-1 sm:gap-4">
          <Link to={paths.home} className="-mx-1 rounded-md px-1 py-1 focus-visible:outline-brand">
            <Wordmark className="text-lg sm:text-xl" />
          </Link>
          <nav aria-label="Site" className="flex items-center gap-1 sm:gap-2">
            {site.map(inline)}
          </nav>
        </div>
        <div className="flex items-center gap-1 sm:gap-2">
          {isPending ? (
            <div aria-hidden="true" className="h-9" />
          ) : user ? (
            <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
              <NavLink to={paths.dashboard} className={navLinkClass}>
                <LayoutDashboard className="hidden sm:block" aria-hidden="true" />
                Dashboard
              </NavLink>
              {account.map(inline)}
              <NavLink to={paths.profile} className={navLinkClass}>
                <UserRound className="hidden sm:block" aria-hidden="true" />
                Profile
              </NavLink>
              {/* On a phone it is in the More pages menu: the header has no room for it there. */}
              <Button
                variant="outline-dark"
                size="sm"
                className={cn(navButton, 'hidden sm:inline-flex')}
                onClick={signOut}
                disabled={pending}
              >
                <LogOut className="hidden sm:block" aria-hidden="true" />
                Sign Out
              </Button>
            </nav>
          ) : (
            <nav aria-label="Account" className="flex items-center gap-2">
              <Button asChild variant="ghost-dark" size="sm">
                <Link to={paths.auth}>Sign In</Link>
              </Button>
              <Button asChild size="sm">
                <Link to={signUpPath}>Sign Up</Link>
              </Button>
            </nav>
          )}
          <MorePagesMenu
            pages={[...site, ...account]}
            signOut={user ? { onClick: () => void signOut(), disabled: pending } : undefined}
          />
        </div>
      </div>
    </header>
  );
}

/**
 * Below the width where the header has room for every page: a disclosure button and a list of
 * the pages (and on a phone, Sign Out) the header leaves out. It closes on a navigation, Escape, or a click elsewhere.
 */
function MorePagesMenu({
  pages,
  signOut,
}: {
  pages: SitePage[];
  /** A signed-in person's Sign Out, which a phone's header has no room for. */
  signOut?: { onClick: () => void; disabled: boolean } | undefined;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={root} className="relative lg:hidden">
      <Button
        ref={button}
        variant="ghost-dark"
        size="sm"
        className="px-2"
        aria-label="More pages"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        <Menu aria-hidden="true" />
      </Button>
      <nav
        id={listId}
        aria-label="More pages"
        hidden={!open}
        className="absolute right-0 top-full mt-2 w-48 rounded-md border border-slate-700 bg-navy p-1 shadow-lg"
      >
        <ul>
          {pages.map((page) => (
            <li key={page.to} className={page.inlineFrom === 'sm' ? 'sm:hidden' : undefined}>
              <NavLink
                to={page.to}
                onClick={() => setOpen(false)}
                className={(state) => cn(navLinkClass(state), 'w-full justify-start')}
              >
                <page.icon aria-hidden="true" />
                {page.label}
              </NavLink>
            </li>
          ))}
          {signOut && (
            <li className="mt-1 border-t border-slate-700 pt-1 sm:hidden">
              <Button
                variant="ghost-dark"
                size="sm"
                className="w-full justify-start"
                onClick={signOut.onClick}
                disabled={signOut.disabled}
              >
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
