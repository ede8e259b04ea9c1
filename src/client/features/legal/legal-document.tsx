import type { ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';

export interface LegalSection {
  /** The anchor: /terms#privacy. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal page: its <h1>, the date it was last updated, a table of contents and numbered
 * sections (each an <h2> with an anchor).
 */
export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  children,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  /** Content after the sections (e.g. the cookie settings). */
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="flex max-w-3xl flex-col gap-3 border-b border-border pb-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <p className="text-sm font-medium text-muted-foreground">Last updated: {updated}</p>
        <div className="text-base text-muted-foreground">{intro}</div>
      </header>
      <div className="mt-8 grid items-start gap-10 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <nav aria-label="On this page" className="rounded-lg border border-border bg-card p-4 lg:sticky lg:top-24">
          <h2 className="mb-3 text-sm font-semibold">On this page</h2>
          <ol className="flex flex-col gap-1.5 text-sm">
            {sections.map((section, i) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="flex gap-2 rounded-sm text-muted-foreground hover:text-foreground hover:underline"
                >
                  <span className="tabular-nums">{i + 1}.</span>
                  <span>{section.title}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-24">
              <h2 id={`${section.id}-title`} className="mb-3 text-xl font-bold tracking-tight">
                {i + 1}. {section.title}
              </h2>
              <div className="flex flex-col gap-3 text-foreground/90 [&_p_a]:text-primary [&_p_a]:underline [&_p_a]:underline-offset-2 [&>ul]:flex [&>ul]:list-disc [&>ul]:flex-col [&>ul]:gap-1.5 [&>ul>li]:ml-5 [&>ul_a]:text-primary [&>ul_a]:underline [&>ul_a]:underline-offset-2">
                {section.body}
              </div>
            </section>
          ))}
          {children}
        </div>
      </div>
    </div>
  );
}

/** A small heading inside a section. */
export function LegalSubheading({ children, className }: { children: ReactNode; className?: string }) {
  return <h3 className={cn('mt-2 font-semibold', className)}>{children}</h3>;
}
