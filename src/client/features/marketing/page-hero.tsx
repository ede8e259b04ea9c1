import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

/** The top band of a static page: its single <h1>, with an optional eyebrow, lead and extra content. */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('relative overflow-hidden bg-navy text-navy-foreground', className)}>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(52,211,153,0.16),transparent_55%)]"
      />
      <div className="relative mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-14 sm:px-6 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand uppercase">{eyebrow}</p>}
        <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
          {title}
        </h1>
        {lead && <p className="max-w-2xl text-lg text-navy-muted">{lead}</p>}
        {children}
      </div>
    </div>
  );
}
