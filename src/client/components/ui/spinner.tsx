import type { ComponentProps } from 'react';
import { Loader2 } from 'lucide-react';
import { cn } from '../../lib/utils.ts';

/** A spinning icon; decorative, so pair it with visible text or an aria-label on its container. */
export function Spinner({ className, ...props }: ComponentProps<typeof Loader2>) {
  return <Loader2 aria-hidden="true" className={cn('size-5 animate-spin', className)} {...props} />;
}

/** A centred spinner with a message, announced politely to screen readers. */
export function LoadingScreen({ label = 'Loading...', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 p-8', className)}
    >
      <Spinner className="size-8 text-primary" />
      <p className="text-sm text-muted-foreground">{label}</p>
    </div>
  );
}
