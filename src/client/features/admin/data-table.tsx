import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

/*
 * A table that is a table from the md breakpoint up and a stack of cards below it: each cell
 * shows its column's name (data-label) beside its value, so a 390px screen needs no sideways
 * scrolling. Explicit roles keep the table semantics when CSS changes the display of its parts.
 */

export function DataTable({
  caption,
  children,
  className,
}: {
  caption: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn('md:overflow-x-auto md:rounded-lg md:border md:border-border md:bg-card md:shadow-sm', className)}
    >
      <table role="table" className="w-full border-collapse text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function DataHead({ children }: { children: ReactNode }) {
  return (
    <thead role="rowgroup" className="border-b border-border bg-muted/60 max-md:sr-only">
      <tr role="row">{children}</tr>
    </thead>
  );
}

export function Th({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      role="columnheader"
      scope="col"
      className={cn(
        'px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-muted-foreground uppercase',
        className,
      )}
      {...props}
    />
  );
}

export function DataBody({ children }: { children: ReactNode }) {
  return (
    <tbody role="rowgroup" className="max-md:flex max-md:flex-col max-md:gap-3">
      {children}
    </tbody>
  );
}

export function Tr({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      role="row"
      className={cn(
        'border-b border-border last:border-0 hover:bg-muted/40 max-md:flex max-md:flex-col max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 max-md:shadow-sm max-md:last:border',
        className,
      )}
      {...props}
    />
  );
}

/** A cell; `label` is its column's name, shown beside the value on small screens. */
export function Td({ label, className, ...props }: ComponentProps<'td'> & { label: string }) {
  return (
    <td
      role="cell"
      data-label={label}
      className={cn(
        'px-3 py-2.5 align-middle max-md:flex max-md:min-h-8 max-md:items-center max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:text-right max-md:before:shrink-0 max-md:before:text-left max-md:before:text-xs max-md:before:font-medium max-md:before:text-muted-foreground max-md:before:content-[attr(data-label)]',
        className,
      )}
      {...props}
    />
  );
}
