import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

/**
 * One choice of a group of the browser's own radio buttons, its label wrapping it (so the text
 * names it and a click on the text chooses it). The group is the caller's fieldset; `name` ties
 * its buttons together for the arrow keys.
 */
export function RadioOption({
  name,
  value,
  checked,
  onChoose,
  className,
  children,
}: {
  name: string;
  value: string | number;
  checked: boolean;
  onChoose: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={cn('flex items-center gap-2 text-sm', className)}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        className="size-4 accent-primary"
      />
      {children}
    </label>
  );
}
