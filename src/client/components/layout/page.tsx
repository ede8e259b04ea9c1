import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

/** The content column of a page. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14', className)} {...props} />;
}

/** A page's <h1> with an optional lead paragraph. */
export function PageHeading({ title, lead, className }: { title: ReactNode; lead?: ReactNode; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
      {lead && <p className="max-w-2xl text-base break-words text-muted-foreground">{lead}</p>}
    </div>
  );
}
