import type { ComponentProps, ReactNode } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../../lib/utils.ts';
import { Input } from './input.tsx';

/** A search box: the input with a magnifier inside on the left, and `end` (a Clear button) on the right. */
export function SearchInput({ className, end, ...props }: Omit<ComponentProps<'input'>, 'type'> & { end?: ReactNode }) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className={cn('pl-9', className)} {...props} />
      {end}
    </div>
  );
}
