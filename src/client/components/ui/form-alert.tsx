import type { ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';

/**
 * A message about a whole form rather than one of its fields (the server refused it for a
 * reason no field has: a quota), shown above its buttons and read out when it appears. The form
 * keeps what was typed.
 */
export function FormAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
