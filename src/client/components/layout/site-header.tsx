import { Link, NavLink } from 'react-router';
import { LayoutDashboard, LogOut, UserRound, Users } from 'lucide-react';
import { paths, signUpPath } from '../../../shared/routes.ts';
import { useAuth } from '../../features/auth/auth-provider.tsx';
import { useSignOut } from '../../features/auth/use-sign-out.ts';
import { Button, buttonVariants } from '../ui/button.tsx';
import { cn } from '../../lib/utils.ts';
import { Wordmark } from './wordmark.tsx';

const navButton = 'px-2 sm:px-3';
const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(buttonVariants({ variant: 'ghost-dark', size: 'sm' }), navButton, isActive && 'bg-navy-soft text-white');

export function SiteHeader() {
  const { user, isPending } = useAuth();
  const { signOut, pending } = useSignOut();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-800 bg-navy text-navy-foreground">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link to={paths.home} className="-mx-1 rounded-md px-1 py-1 focus-visible:outline-brand">
          <Wordmark className="text-lg sm:text-xl" />
        </Link>
        {isPending ? (
          <div aria-hidden="true" className="h-9" />
        ) : user ? (
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <NavLink to={paths.dashboard} className={navLinkClass}>
              <LayoutDashboard className="hidden sm:block" aria-hidden="true" />
              Dashboard
            </NavLink>
            {/* Not in a phone's header (it would not fit): the footer links it there. */}
            <NavLink to={paths.following} className={(state) => cn(navLinkClass(state), 'hidden sm:inline-flex')}>
              <Users className="hidden sm:block" aria-hidden="true" />
              Following
            </NavLink>
            <NavLink to={paths.profile} className={navLinkClass}>
              <UserRound className="hidden sm:block" aria-hidden="true" />
              Profile
            </NavLink>
            <Button variant="outline-dark" size="sm" className={navButton} onClick={signOut} disabled={pending}>
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
      </div>
    </header>
  );
}
