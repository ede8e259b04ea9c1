import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
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

/** 'Learn More' about betproof, on a dark band (the landing page's hero, the Influencers page's). */
export function LearnMoreButton() {
  return (
    <Button asChild size="lg" variant="outline-dark">
      <Link to={paths.about}>
        Learn More<span className="sr-only"> about betproof</span>
      </Link>
    </Button>
  );
}
