import { cn } from '../../lib/utils.ts';

/**
 * A grey block where a value will be, so a page shows its layout at once and its content lands
 * in place (no layout shift). A span (valid inside text elements such as a card's value), hidden
 * from assistive technology: the section's status message says what is loading.
 */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-muted', className)} />;
}
