import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils.ts';

export function Input({ className, type, ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs transition-colors placeholder:text-sm placeholder:text-slate-500 outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive aria-invalid:ring-destructive/30 sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/**
 * An amount in dollars and cents (a stake, a budget's limit): a number of at least one cent, typed
 * on the phone's decimal keypad. One component so every amount field accepts the same.
 */
export function MoneyInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'step' | 'min'>) {
  return <Input type="number" inputMode="decimal" step="0.01" min="0.01" {...props} />;
}
