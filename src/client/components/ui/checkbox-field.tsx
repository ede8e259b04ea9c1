import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/utils.ts';

interface CheckboxFieldProps {
  /** What ticking the box says, read as the checkbox's name. */
  label: ReactNode;
  /** The field's validation message, if any. */
  error?: string | undefined;
  /**
   * Registers the field with react-hook-form: called as the field renders, so fields register in
   * the order they show (the form focuses the first invalid one it registered).
   */
  register: () => UseFormRegisterReturn;
  className?: string;
}

/**
 * A native checkbox with its label beside it and its error under it, wired with aria-invalid and
 * aria-describedby like FormField's controls.
 */
export function CheckboxField({ label, error, register, className }: CheckboxFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-start gap-2.5">
        <input
          {...register()}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-snug font-medium">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
