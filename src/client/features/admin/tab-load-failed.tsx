import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/**
 * An admin tab's place when its page could not be loaded: what failed (`children`) and 'Try
 * again', which refetches it. The users, issues, events and audit-log tabs answer a failure alike.
 */
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
