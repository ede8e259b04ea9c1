import { useId, type ReactNode } from 'react';
import { Card } from './card.tsx';

interface ChartCardProps {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}

/** A chart in a card: a figure named by its heading, a line saying what it counts, then the chart. */
export function ChartCard({ title, description, testId, children }: ChartCardProps) {
  const titleId = useId();
  return (
    <Card className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <figure aria-labelledby={titleId} data-testid={testId} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h3 id={titleId} className="text-base font-semibold">
            {title}
          </h3>
          <p className="text-xs text-muted-foreground">{description}</p>
        </div>
        {children}
      </figure>
    </Card>
  );
}
