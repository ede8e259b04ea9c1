import { formatDateTime } from '../../lib/format.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * An instant on a page the server may render (a public profile's bets): in UTC, labelled so, in
 * the server's HTML and while the browser takes it over (the two must write the same text, and
 * the server cannot know the visitor's time zone), then in the visitor's own time zone.
 */
export function DateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return <time dateTime={iso}>{hydrated ? formatDateTime(iso) : `${formatDateTime(iso, 'utc')} UTC`}</time>;
}
