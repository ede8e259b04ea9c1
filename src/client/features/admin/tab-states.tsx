import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/*
 * The states an admin tab's list shows instead of its table: the users, issues, events and audit
 * log tabs answer a failure and an empty list alike, so each is written once here.
 */

/** The tab's page could not be loaded: what failed (`children`) and 'Try again', which refetches it. */
export function TabLoadFailed({ query, children }: { query: { refetch: () => unknown }; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-10 text-center">
      <p className="font-medium">{children}</p>
      <Button variant="outline" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </Card>
  );
}

/** Nothing to list: the tab's icon, what is missing (`title`) and where it would come from (`children`). */
export function TabEmpty({ icon: Icon, title, children }: { icon: LucideIcon; title: ReactNode; children: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-2 p-10 text-center">
      <Icon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-semibold">{title}</p>
      <p className="text-sm text-muted-foreground">{children}</p>
    </Card>
  );
}
