import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { IconTile } from './section.tsx';

/** One point of a marketing page: a decorative icon, a short title and a sentence. */
export interface Point {
  icon: ReactNode;
  title: string;
  text: string;
}

/**
 * A grid of points, each its icon, its title (a heading, h3, under the section's h2) and its
 * sentence: on a card each, or `plain`. The landing page's features, the about page's values and
 * the advertise page's audience are all this list; `className` sets the grid's columns.
 */
export function PointGrid({
  points,
  className,
  plain = false,
}: {
  points: readonly Point[];
  className: string;
  plain?: boolean;
}) {
  return (
    <ul className={className}>
      {points.map((point) =>
        plain ? (
          <li key={point.title} className="flex flex-col gap-3">
            <PointBody point={point} />
          </li>
        ) : (
          <li key={point.title}>
            <Card className="flex h-full flex-col gap-3 p-5">
              <PointBody point={point} />
            </Card>
          </li>
        ),
      )}
    </ul>
  );
}

function PointBody({ point }: { point: Point }) {
  return (
    <>
      <IconTile>{point.icon}</IconTile>
      <h3 className="font-semibold">{point.title}</h3>
      <p className="text-sm text-muted-foreground">{point.text}</p>
    </>
  );
}
