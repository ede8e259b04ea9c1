import { useId, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/utils.ts';

interface SectionProps extends Omit<ComponentProps<'section'>, 'title'> {
  title: ReactNode;
  /** A short label above the title. */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** 'muted' for alternating bands, 'dark' for the navy band. */
  tone?: 'plain' | 'muted' | 'dark';
  align?: 'left' | 'center';
  /** Classes for the inner content column. */
  innerClassName?: string;
}

/** A full-width band of a marketing page with an <h2>, labelled for screen-reader navigation. */
export function Section({
  title,
  eyebrow,
  lead,
  tone = 'plain',
  align = 'left',
  className,
  innerClassName,
  children,
  ...props
}: SectionProps) {
  const titleId = useId();
  const dark = tone === 'dark';
  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'scroll-mt-20 py-14 sm:py-20',
        tone === 'muted' && 'border-y border-border bg-muted/60',
        dark && 'bg-navy text-navy-foreground',
        className,
      )}
      {...props}
    >
      <div className={cn('mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 sm:px-6', innerClassName)}>
        <header
          className={cn('flex max-w-3xl flex-col gap-3', align === 'center' && 'mx-auto items-center text-center')}
        >
          {eyebrow && (
            <p className={cn('text-sm font-semibold tracking-wide uppercase', dark ? 'text-brand' : 'text-primary')}>
              {eyebrow}
            </p>
          )}
          <h2
            id={titleId}
            className={cn('text-2xl font-bold tracking-tight sm:text-3xl', dark ? 'text-white' : 'text-foreground')}
          >
            {title}
          </h2>
          {lead && (
            <p className={cn('text-base sm:text-lg', dark ? 'text-navy-muted' : 'text-muted-foreground')}>{lead}</p>
          )}
        </header>
        {children}
      </div>
    </section>
  );
}

/** A square tile holding a decorative icon. */
export function IconTile({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-primary [&_svg]:size-5',
        className,
      )}
    >
      {children}
    </span>
  );
}

/** A row of headline figures: each a value with its label, read as "50K+ Active users". */
export function StatGrid({
  stats,
  tone = 'plain',
  className,
}: {
  stats: readonly { value: string; label: string; detail?: string }[];
  tone?: 'plain' | 'dark';
  className?: string;
}) {
  const dark = tone === 'dark';
  return (
    <dl className={cn('grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4', className)}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={cn(
            'flex flex-col gap-1 rounded-lg border p-5 text-center',
            dark ? 'border-slate-700 bg-navy-soft' : 'border-border bg-card shadow-sm',
          )}
        >
          <dt className={cn('order-2 text-sm font-medium', dark ? 'text-navy-foreground' : 'text-muted-foreground')}>
            {stat.label}
          </dt>
          <dd
            className={cn(
              'order-1 text-3xl font-extrabold tracking-tight tabular-nums sm:text-4xl',
              dark ? 'text-brand' : 'text-primary',
            )}
          >
            {stat.value}
          </dd>
          {stat.detail && (
            <dd className={cn('order-3 text-xs', dark ? 'text-navy-muted' : 'text-muted-foreground')}>{stat.detail}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** An external link that opens in a new tab without giving the new page our window or referrer. */
export function ExternalLink({ children, ...props }: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
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
