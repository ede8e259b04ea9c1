import type { ComponentProps, ReactNode } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

/** A spinning icon; decorative, so pair it with visible text or an aria-label on its container. */
export function Spinner({ className, ...props }: ComponentProps<typeof Loader2>) {
  return <Loader2 aria-hidden="true" className={cn('size-5 animate-spin', className)} {...props} />;
}

/**
 * A centred spinner with a message, announced politely to screen readers. At least a screen tall,
 * so the footer waits below the fold instead of showing and then jumping down when the page's
 * content arrives (a layout shift).
 */
export function LoadingScreen({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-dvh flex-1 flex-col items-center justify-center gap-3 p-8', className)}
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}

/** A section's 'Loading …' line, centred (a tab or a list waiting for its query). */
export function LoadingStatus({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground', className)}
    >
      <Spinner className="size-4" />
      {children}
    </div>
  );
}
