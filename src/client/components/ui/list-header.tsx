import type { ReactNode } from 'react';

/** A list's heading (its `id` names the list), with a note at the other end ('Showing 20 of 25'). */
export function ListHeader({ id, title, children }: { id: string; title: ReactNode; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h2 id={id} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      {children}
    </div>
  );
}
